CREATE TABLE "member_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer,
	"reason" varchar(20) NOT NULL,
	"from_level" smallint NOT NULL,
	"to_level" smallint NOT NULL,
	"from_expires_at" timestamp with time zone,
	"to_expires_at" timestamp with time zone,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "member_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD COLUMN "order_no" varchar(32);--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD COLUMN "kind" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD COLUMN "amount_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD COLUMN "months" smallint DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD COLUMN "proof_files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD COLUMN "proof_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD COLUMN "invoice_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD COLUMN "invoice_title" varchar(100);--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD COLUMN "invoice_tax_no" varchar(18);--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD COLUMN "invoice_email" varchar(120);--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD COLUMN "invoice_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD COLUMN "invoice_no" varchar(40);--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD COLUMN "invoice_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD COLUMN "area" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD COLUMN "area_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD COLUMN "step" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_order_id_member_upgrade_requests_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."member_upgrade_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_ledger_company_id_id_index" ON "member_ledger" USING btree ("company_id","id");--> statement-breakpoint
ALTER TABLE "member_upgrade_requests" ADD CONSTRAINT "member_upgrade_requests_orderNo_unique" UNIQUE("order_no");