CREATE TABLE "enquiry_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"enquiry_id" integer NOT NULL,
	"supplier_company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"version" integer NOT NULL,
	"enquiry_item_id" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	CONSTRAINT "quotation_lines_price" CHECK ("quotation_lines"."unit_price" > 0 and "quotation_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotation_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"side" smallint NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"user_name" varchar(60) DEFAULT '' NOT NULL,
	"content" varchar(1000) NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"version" integer NOT NULL,
	"goods_amount" numeric(14, 2) NOT NULL,
	"freight" numeric(14, 2) NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"lead_days" integer NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"enquiry_id" integer NOT NULL,
	"buyer_company_id" integer NOT NULL,
	"supplier_company_id" integer NOT NULL,
	"supplier_company_name" varchar(100) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"goods_amount" numeric(14, 2) NOT NULL,
	"freight" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"lead_days" integer NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_name" varchar(50) DEFAULT '' NOT NULL,
	"contact_phone" varchar(20) DEFAULT '' NOT NULL,
	"created_by" integer,
	"withdrawn_at" timestamp with time zone,
	"awarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotations_amounts" CHECK ("quotations"."goods_amount" >= 0 and "quotations"."freight" >= 0 and "quotations"."total_amount" >= 0 and "quotations"."lead_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_company_id" integer NOT NULL,
	"buyer_company_name" varchar(100) NOT NULL,
	"seller_company_id" integer NOT NULL,
	"seller_company_name" varchar(100) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"credit_limit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payment_days" integer DEFAULT 0 NOT NULL,
	"request_remark" varchar(300) DEFAULT '' NOT NULL,
	"reject_reason" varchar(200),
	"freeze_reason" varchar(200),
	"requested_by" integer,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_accounts_limit" CHECK ("credit_accounts"."credit_limit" >= 0 and "credit_accounts"."payment_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"balance_delta" numeric(14, 2) DEFAULT '0' NOT NULL,
	"credit_delta" numeric(14, 2) DEFAULT '0' NOT NULL,
	"order_id" integer,
	"rma_id" integer,
	"request_id" integer,
	"due_at" timestamp with time zone,
	"note" varchar(300) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(60) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"proof_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" varchar(300) DEFAULT '' NOT NULL,
	"reject_reason" varchar(200),
	"created_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"ledger_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_requests_amount" CHECK ("credit_requests"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"opening_balance" numeric(14, 2) NOT NULL,
	"opening_credit" numeric(14, 2) NOT NULL,
	"closing_balance" numeric(14, 2) NOT NULL,
	"closing_credit" numeric(14, 2) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"dispute_reason" varchar(300),
	"created_by" integer,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"buyer_company_id" integer NOT NULL,
	"buyer_company_name" varchar(100) NOT NULL,
	"seller_company_id" integer NOT NULL,
	"seller_company_name" varchar(100) NOT NULL,
	"title" jsonb NOT NULL,
	"requested_amount" numeric(14, 2) NOT NULL,
	"remark" varchar(300) DEFAULT '' NOT NULL,
	"invoice_no" varchar(40),
	"invoice_date" timestamp with time zone,
	"amount_ex_tax" numeric(14, 2),
	"tax_rate" numeric(5, 2),
	"tax_amount" numeric(14, 2),
	"total_amount" numeric(14, 2),
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reversal_of_id" integer,
	"reject_reason" varchar(200),
	"dispute_reason" varchar(200),
	"requested_by" integer,
	"issued_by" integer,
	"issued_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_code_unique" UNIQUE("code"),
	CONSTRAINT "invoices_amounts_add_up" CHECK ("invoices"."total_amount" is null or "invoices"."amount_ex_tax" + "invoices"."tax_amount" = "invoices"."total_amount")
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "visibility" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "invoice_kind" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "payment_terms" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "delivery_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "revoke_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "awarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiry_items" ADD COLUMN "target_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "enquiry_items" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "enquiry_items" ADD COLUMN "sku_id" integer;--> statement-breakpoint
ALTER TABLE "enquiry_items" ADD COLUMN "awarded_quotation_id" integer;--> statement-breakpoint
ALTER TABLE "enquiry_items" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiry_invitations" ADD CONSTRAINT "enquiry_invitations_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_invitations" ADD CONSTRAINT "enquiry_invitations_supplier_company_id_companies_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_enquiry_item_id_enquiry_items_id_fk" FOREIGN KEY ("enquiry_item_id") REFERENCES "public"."enquiry_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_messages" ADD CONSTRAINT "quotation_messages_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_versions" ADD CONSTRAINT "quotation_versions_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_supplier_company_id_companies_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_seller_company_id_companies_id_fk" FOREIGN KEY ("seller_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_account_id_credit_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_requests" ADD CONSTRAINT "credit_requests_account_id_credit_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_statements" ADD CONSTRAINT "credit_statements_account_id_credit_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_orders" ADD CONSTRAINT "invoice_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_seller_company_id_companies_id_fk" FOREIGN KEY ("seller_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_invitations_pair" ON "enquiry_invitations" USING btree ("enquiry_id","supplier_company_id");--> statement-breakpoint
CREATE INDEX "enquiry_invitations_supplier_company_id_index" ON "enquiry_invitations" USING btree ("supplier_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_lines_item" ON "quotation_lines" USING btree ("quotation_id","version","enquiry_item_id");--> statement-breakpoint
CREATE INDEX "quotation_messages_quotation_id_id_index" ON "quotation_messages" USING btree ("quotation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_versions_no" ON "quotation_versions" USING btree ("quotation_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_one_per_supplier" ON "quotations" USING btree ("enquiry_id","supplier_company_id");--> statement-breakpoint
CREATE INDEX "quotations_supplier_list" ON "quotations" USING btree ("supplier_company_id","updated_at");--> statement-breakpoint
CREATE INDEX "quotations_buyer" ON "quotations" USING btree ("buyer_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_accounts_pair" ON "credit_accounts" USING btree ("buyer_company_id","seller_company_id");--> statement-breakpoint
CREATE INDEX "credit_accounts_seller_company_id_status_index" ON "credit_accounts" USING btree ("seller_company_id","status");--> statement-breakpoint
CREATE INDEX "credit_ledger_account_id_created_at_index" ON "credit_ledger" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_order_id_index" ON "credit_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "credit_requests_account_id_status_index" ON "credit_requests" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "credit_statements_account_id_period_end_index" ON "credit_statements" USING btree ("account_id","period_end");--> statement-breakpoint
CREATE INDEX "invoice_orders_order_id_index" ON "invoice_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_orders_pair" ON "invoice_orders" USING btree ("invoice_id","order_id");--> statement-breakpoint
CREATE INDEX "invoices_buyer_list" ON "invoices" USING btree ("buyer_company_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_seller_list" ON "invoices" USING btree ("seller_company_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_reversal_of_id_index" ON "invoices" USING btree ("reversal_of_id");--> statement-breakpoint
-- The credit ledger and quotation versions are append-only: the database refuses UPDATE and DELETE.
CREATE TRIGGER aq_credit_ledger_append_only BEFORE UPDATE OR DELETE ON credit_ledger
  FOR EACH ROW EXECUTE FUNCTION aq_history_append_only();
--> statement-breakpoint
CREATE TRIGGER aq_quotation_versions_append_only BEFORE UPDATE OR DELETE ON quotation_versions
  FOR EACH ROW EXECUTE FUNCTION aq_history_append_only();
