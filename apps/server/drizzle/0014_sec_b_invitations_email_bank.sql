CREATE TABLE "company_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"phone" varchar(20) NOT NULL,
	"real_name" varchar(50) DEFAULT '' NOT NULL,
	"role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"invited_by" integer NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"accepted_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "day_checks" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "day_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_invitations_phone_status_index" ON "company_invitations" USING btree ("phone","status");--> statement-breakpoint
CREATE INDEX "company_invitations_company_id_status_index" ON "company_invitations" USING btree ("company_id","status");--> statement-breakpoint
-- E-mails become unique case-insensitively: store them trimmed and lower-cased, blank ones as NULL, and where
-- several accounts share one address keep it on the oldest account only (the others must bind again by code).
UPDATE "users" SET "email" = NULLIF(lower(trim("email")), '') WHERE "email" IS NOT NULL;--> statement-breakpoint
UPDATE "users" u SET "email" = NULL WHERE u."email" IS NOT NULL AND EXISTS (SELECT 1 FROM "users" o WHERE o."email" = u."email" AND o."id" < u."id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));