CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_name" varchar(100) NOT NULL,
	"bank_name" varchar(100) NOT NULL,
	"branch_name" varchar(100) DEFAULT '' NOT NULL,
	"account_no" varchar(32) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"deposit_fen" smallint,
	"provider_ref" varchar(80),
	"attempts_left" smallint DEFAULT 3 NOT NULL,
	"sent_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_companyId_unique" UNIQUE("company_id")
);
--> statement-breakpoint
CREATE TABLE "certifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"company_name" varchar(100) NOT NULL,
	"credit_code" varchar(18) NOT NULL,
	"legal_person" varchar(50) NOT NULL,
	"license_image" varchar(300) NOT NULL,
	"handler_name" varchar(50) NOT NULL,
	"handler_id_no" varchar(18) NOT NULL,
	"handler_phone" varchar(20) DEFAULT '' NOT NULL,
	"verify_ref" varchar(80),
	"verified_at" timestamp with time zone,
	"contract_key" varchar(300),
	"contract_signed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"reject_reason" varchar(300),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certifications_companyId_unique" UNIQUE("company_id")
);
--> statement-breakpoint
CREATE TABLE "member_upgrade_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"from_level" smallint NOT NULL,
	"target_level" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"transfer_ref" varchar(100) DEFAULT '' NOT NULL,
	"remark" varchar(300) DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"reject_reason" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"shop_type" smallint,
	"shop_name" varchar(100) DEFAULT '' NOT NULL,
	"company_name" varchar(100) DEFAULT '' NOT NULL,
	"credit_code" varchar(18) DEFAULT '' NOT NULL,
	"legal_person" varchar(50) DEFAULT '' NOT NULL,
	"contact_name" varchar(50) DEFAULT '' NOT NULL,
	"contact_phone" varchar(20) DEFAULT '' NOT NULL,
	"contact_email" varchar(120) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"main_business" varchar(300) DEFAULT '' NOT NULL,
	"three_in_one" boolean DEFAULT true NOT NULL,
	"documents" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"agreement_version" varchar(20),
	"agreement_signed_at" timestamp with time zone,
	"agreement_ip" varchar(64),
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"reject_reason" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_applications_companyId_unique" UNIQUE("company_id")
);
--> statement-breakpoint
CREATE TABLE "review_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"subject_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"action" varchar(20) NOT NULL,
	"reason" varchar(300),
	"snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"actor_name" varchar(60) DEFAULT '' NOT NULL,
	"action" varchar(60) NOT NULL,
	"target_type" varchar(40) NOT NULL,
	"target_id" varchar(60) DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD CONSTRAINT "member_upgrade_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD CONSTRAINT "member_upgrade_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD CONSTRAINT "merchant_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD CONSTRAINT "merchant_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certifications_status_submitted_at_index" ON "certifications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "member_upgrade_requests_company_id_index" ON "member_upgrade_requests" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "member_upgrade_requests_status_index" ON "member_upgrade_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "merchant_applications_status_submitted_at_index" ON "merchant_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "review_events_kind_subject_id_index" ON "review_events" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "audit_logs_created_at_index" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_user_id_index" ON "audit_logs" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "audit_logs_target_type_target_id_index" ON "audit_logs" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_logs_action_index" ON "audit_logs" USING btree ("action");