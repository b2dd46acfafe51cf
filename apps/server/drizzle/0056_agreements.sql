CREATE TABLE "agreement_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"user_id" integer,
	"user_name" varchar(60) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_draws_nonzero" CHECK ("agreement_draws"."quantity" <> 0)
);
--> statement-breakpoint
CREATE TABLE "agreement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"sku_id" integer,
	"sku_code" varchar(40) DEFAULT '' NOT NULL,
	"product_name" varchar(120) NOT NULL,
	"spec" varchar(200) DEFAULT '' NOT NULL,
	"unit" varchar(10) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "agreement_lines_positive" CHECK ("agreement_lines"."quantity" > 0 and "agreement_lines"."unit_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"buyer_company_id" integer NOT NULL,
	"buyer_company_name" varchar(100) NOT NULL,
	"seller_company_id" integer NOT NULL,
	"seller_company_name" varchar(100) NOT NULL,
	"title" varchar(60) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"remark" varchar(300) DEFAULT '' NOT NULL,
	"reject_reason" varchar(200) DEFAULT '' NOT NULL,
	"terminate_reason" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreements_code_unique" UNIQUE("code"),
	CONSTRAINT "agreements_period" CHECK ("agreements"."valid_to" >= "agreements"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "agreement_draws" ADD CONSTRAINT "agreement_draws_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_draws" ADD CONSTRAINT "agreement_draws_line_id_agreement_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."agreement_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_lines" ADD CONSTRAINT "agreement_lines_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_seller_company_id_companies_id_fk" FOREIGN KEY ("seller_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_draws_agreement_id_index" ON "agreement_draws" USING btree ("agreement_id");--> statement-breakpoint
CREATE INDEX "agreement_draws_order_id_index" ON "agreement_draws" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_draws_one_release" ON "agreement_draws" USING btree ("order_id","line_id") WHERE "agreement_draws"."quantity" < 0;--> statement-breakpoint
CREATE INDEX "agreement_lines_agreement_id_index" ON "agreement_lines" USING btree ("agreement_id");--> statement-breakpoint
CREATE INDEX "agreement_lines_sku_id_index" ON "agreement_lines" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "agreements_buyer_company_id_status_index" ON "agreements" USING btree ("buyer_company_id","status");--> statement-breakpoint
CREATE INDEX "agreements_seller_company_id_status_index" ON "agreements" USING btree ("seller_company_id","status");