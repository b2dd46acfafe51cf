CREATE TABLE "notice_receivers" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notice_receivers" ADD CONSTRAINT "notice_receivers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_receivers" ADD CONSTRAINT "notice_receivers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;