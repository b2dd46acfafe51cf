CREATE TABLE "pay_callbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" smallint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body" text NOT NULL,
	"verified" boolean NOT NULL,
	"outcome" varchar(40) NOT NULL,
	"pay_order_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"pay_order_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"buyer_company_id" integer NOT NULL,
	"seller_company_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"refund_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"pay_no" varchar(32) NOT NULL,
	"order_id" integer NOT NULL,
	"buyer_company_id" integer NOT NULL,
	"seller_company_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"refunded_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"code_url" varchar(500),
	"pay_url" text,
	"partner_trade_no" varchar(64),
	"payer_ref" varchar(128),
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_orders_payNo_unique" UNIQUE("pay_no"),
	CONSTRAINT "pay_orders_amount_positive" CHECK ("pay_orders"."amount" > 0),
	CONSTRAINT "pay_orders_refund_cap" CHECK ("pay_orders"."refunded_amount" >= 0 and "pay_orders"."refunded_amount" <= "pay_orders"."amount")
);
--> statement-breakpoint
CREATE TABLE "pay_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_no" varchar(32) NOT NULL,
	"pay_order_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"source" varchar(16) NOT NULL,
	"source_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"partner_refund_no" varchar(64),
	"fail_reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "pay_refunds_refundNo_unique" UNIQUE("refund_no"),
	CONSTRAINT "pay_refunds_amount_positive" CHECK ("pay_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "recon_discrepancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"pay_no" varchar(32),
	"refund_no" varchar(32),
	"partner_trade_no" varchar(64),
	"partner_amount" numeric(14, 2),
	"our_amount" numeric(14, 2),
	"note" varchar(300) DEFAULT '' NOT NULL,
	"resolution" varchar(300),
	"resolved_by" integer,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recon_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" smallint NOT NULL,
	"day" varchar(10) NOT NULL,
	"status" varchar(16) NOT NULL,
	"partner_count" integer DEFAULT 0 NOT NULL,
	"matched_count" integer DEFAULT 0 NOT NULL,
	"discrepancy_count" integer DEFAULT 0 NOT NULL,
	"error" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_callbacks" ADD CONSTRAINT "pay_callbacks_pay_order_id_pay_orders_id_fk" FOREIGN KEY ("pay_order_id") REFERENCES "public"."pay_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_ledger" ADD CONSTRAINT "pay_ledger_pay_order_id_pay_orders_id_fk" FOREIGN KEY ("pay_order_id") REFERENCES "public"."pay_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_ledger" ADD CONSTRAINT "pay_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_ledger" ADD CONSTRAINT "pay_ledger_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_ledger" ADD CONSTRAINT "pay_ledger_seller_company_id_companies_id_fk" FOREIGN KEY ("seller_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_ledger" ADD CONSTRAINT "pay_ledger_refund_id_pay_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."pay_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_seller_company_id_companies_id_fk" FOREIGN KEY ("seller_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_refunds" ADD CONSTRAINT "pay_refunds_pay_order_id_pay_orders_id_fk" FOREIGN KEY ("pay_order_id") REFERENCES "public"."pay_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_refunds" ADD CONSTRAINT "pay_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_discrepancies" ADD CONSTRAINT "recon_discrepancies_run_id_recon_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."recon_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_callbacks_pay_order_id_index" ON "pay_callbacks" USING btree ("pay_order_id");--> statement-breakpoint
CREATE INDEX "pay_ledger_order_id_index" ON "pay_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_ledger_one_pay" ON "pay_ledger" USING btree ("pay_order_id") WHERE "pay_ledger"."kind" = 'pay';--> statement-breakpoint
CREATE UNIQUE INDEX "pay_ledger_one_refund" ON "pay_ledger" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "pay_orders_order_id_index" ON "pay_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_orders_one_open" ON "pay_orders" USING btree ("order_id","channel") WHERE "pay_orders"."status" = 0;--> statement-breakpoint
CREATE INDEX "pay_orders_paid_at" ON "pay_orders" USING btree ("channel","paid_at");--> statement-breakpoint
CREATE INDEX "pay_refunds_pay_order_id_index" ON "pay_refunds" USING btree ("pay_order_id");--> statement-breakpoint
CREATE INDEX "pay_refunds_done_at" ON "pay_refunds" USING btree ("channel","done_at");--> statement-breakpoint
CREATE INDEX "recon_discrepancies_run_id_index" ON "recon_discrepancies" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "recon_runs_day_index" ON "recon_runs" USING btree ("day");