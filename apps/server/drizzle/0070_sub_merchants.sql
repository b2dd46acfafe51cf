CREATE TABLE "pay_sub_merchants" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"sub_mch_id" varchar(32) NOT NULL,
	"auth_token" varchar(128),
	"refresh_token" varchar(128),
	"auth_app_id" varchar(32),
	"status" smallint DEFAULT 0 NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_by" integer,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pay_orders" ADD COLUMN "sub_mch_id" varchar(32);--> statement-breakpoint
ALTER TABLE "pay_sub_merchants" ADD CONSTRAINT "pay_sub_merchants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_sub_merchants_company_channel" ON "pay_sub_merchants" USING btree ("company_id","channel");--> statement-breakpoint
CREATE INDEX "pay_sub_merchants_status_index" ON "pay_sub_merchants" USING btree ("status");