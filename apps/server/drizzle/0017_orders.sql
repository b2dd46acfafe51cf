CREATE SEQUENCE "public"."order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"receiver" varchar(30) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"province_code" integer NOT NULL,
	"city_code" integer NOT NULL,
	"district_code" integer,
	"area_name" varchar(100) NOT NULL,
	"detail" varchar(200) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seller_company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price_at_add" numeric(14, 2) NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("cart_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"scope" varchar(30) NOT NULL,
	"key" varchar(100) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_titles" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"title" varchar(100) NOT NULL,
	"tax_no" varchar(20) NOT NULL,
	"reg_address" varchar(200) DEFAULT '' NOT NULL,
	"reg_phone" varchar(30) DEFAULT '' NOT NULL,
	"bank_name" varchar(100) DEFAULT '' NOT NULL,
	"bank_account" varchar(40) DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(40) NOT NULL,
	"ref_id" integer NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"action" varchar(30) NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"side" smallint NOT NULL,
	"user_id" integer,
	"user_name" varchar(60) DEFAULT '' NOT NULL,
	"note" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer,
	"sku_id" integer,
	"product_name" varchar(120) NOT NULL,
	"sku_code" varchar(40) DEFAULT '' NOT NULL,
	"spec" varchar(200) DEFAULT '' NOT NULL,
	"brand" varchar(60) DEFAULT '' NOT NULL,
	"model" varchar(60) DEFAULT '' NOT NULL,
	"unit" varchar(10) DEFAULT '' NOT NULL,
	"image" varchar(300) DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"original_unit_price" numeric(14, 2),
	"tax_rate" numeric(5, 2),
	"amount" numeric(14, 2) NOT NULL,
	"shipped_qty" integer DEFAULT 0 NOT NULL,
	"claimed_qty" integer DEFAULT 0 NOT NULL,
	"enquiry_item_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_quantities" CHECK ("order_lines"."quantity" > 0 and "order_lines"."shipped_qty" >= 0 and "order_lines"."shipped_qty" <= "order_lines"."quantity" and "order_lines"."claimed_qty" >= 0 and "order_lines"."claimed_qty" <= "order_lines"."shipped_qty")
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"method" smallint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"proof_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payer_name" varchar(100) DEFAULT '' NOT NULL,
	"remark" varchar(300) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reject_reason" varchar(200),
	"submitted_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) DEFAULT ('D' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('order_no_seq')::text, 8, '0')) NOT NULL,
	"kind" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"buyer_company_id" integer NOT NULL,
	"buyer_company_name" varchar(100) NOT NULL,
	"buyer_user_id" integer,
	"buyer_user_name" varchar(60) DEFAULT '' NOT NULL,
	"seller_company_id" integer NOT NULL,
	"seller_company_name" varchar(100) NOT NULL,
	"shop_name" varchar(100) DEFAULT '' NOT NULL,
	"goods_amount" numeric(14, 2) NOT NULL,
	"freight" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"original_goods_amount" numeric(14, 2),
	"original_freight" numeric(14, 2),
	"paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payment_method" smallint,
	"address" jsonb NOT NULL,
	"invoice" jsonb NOT NULL,
	"buyer_remark" varchar(300) DEFAULT '' NOT NULL,
	"seller_remark" varchar(300) DEFAULT '' NOT NULL,
	"cancel_reason" varchar(200),
	"cancelled_by" smallint,
	"checkout_id" varchar(40),
	"parent_order_id" integer,
	"enquiry_id" integer,
	"quotation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"first_shipped_at" timestamp with time zone,
	"last_shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "orders_orderNo_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_amounts_not_negative" CHECK ("orders"."goods_amount" >= 0 and "orders"."freight" >= 0 and "orders"."total_amount" >= 0 and "orders"."paid_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rma_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"rma_id" integer NOT NULL,
	"action" varchar(30) NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"side" smallint NOT NULL,
	"user_id" integer,
	"user_name" varchar(60) DEFAULT '' NOT NULL,
	"note" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rma_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"rma_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "rma_lines_quantity_positive" CHECK ("rma_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "rmas" (
	"id" serial PRIMARY KEY NOT NULL,
	"rma_no" varchar(32) DEFAULT ('R' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('order_no_seq')::text, 8, '0')) NOT NULL,
	"order_id" integer NOT NULL,
	"buyer_company_id" integer NOT NULL,
	"seller_company_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(100) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refund_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"reject_reason" varchar(200),
	"return_carrier" varchar(50),
	"return_tracking_no" varchar(50),
	"refund_method" smallint,
	"replacement_order_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "rmas_rmaNo_unique" UNIQUE("rma_no")
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_lines_quantity_positive" CHECK ("shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"carrier" varchar(50) NOT NULL,
	"tracking_no" varchar(50) NOT NULL,
	"remark" varchar(300) DEFAULT '' NOT NULL,
	"shipped_by" integer,
	"shipped_by_name" varchar(60) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_titles" ADD CONSTRAINT "invoice_titles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_company_id_companies_id_fk" FOREIGN KEY ("seller_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_history" ADD CONSTRAINT "rma_history_rma_id_rmas_id_fk" FOREIGN KEY ("rma_id") REFERENCES "public"."rmas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_lines" ADD CONSTRAINT "rma_lines_rma_id_rmas_id_fk" FOREIGN KEY ("rma_id") REFERENCES "public"."rmas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_lines" ADD CONSTRAINT "rma_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rmas" ADD CONSTRAINT "rmas_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_company_id_index" ON "addresses" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default" ON "addresses" USING btree ("company_id") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_user_sku" ON "cart_lines" USING btree ("user_id","sku_id");--> statement-breakpoint
CREATE INDEX "cart_lines_company_id_index" ON "cart_lines" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_scope_key" ON "idempotency_keys" USING btree ("user_id","scope","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_index" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "invoice_titles_company_id_index" ON "invoice_titles" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_at") WHERE status = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_pending" ON "jobs" USING btree ("kind","ref_id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "order_history_order_id_id_index" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_lines_order_id_index" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_id_index" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_payments_order_id_index" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_list" ON "orders" USING btree ("buyer_company_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "orders_seller_list" ON "orders" USING btree ("seller_company_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "orders_buyer_user" ON "orders" USING btree ("buyer_user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "orders_checkout_id_index" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "orders_parent_order_id_index" ON "orders" USING btree ("parent_order_id");--> statement-breakpoint
CREATE INDEX "orders_enquiry_id_index" ON "orders" USING btree ("enquiry_id");--> statement-breakpoint
CREATE INDEX "rma_history_rma_id_id_index" ON "rma_history" USING btree ("rma_id","id");--> statement-breakpoint
CREATE INDEX "rma_lines_rma_id_index" ON "rma_lines" USING btree ("rma_id");--> statement-breakpoint
CREATE INDEX "rmas_buyer_company_id_created_at_index" ON "rmas" USING btree ("buyer_company_id","created_at");--> statement-breakpoint
CREATE INDEX "rmas_seller_company_id_created_at_index" ON "rmas" USING btree ("seller_company_id","created_at");--> statement-breakpoint
CREATE INDEX "rmas_order_id_index" ON "rmas" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipment_lines_shipment_id_index" ON "shipment_lines" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipments_order_id_index" ON "shipments" USING btree ("order_id");--> statement-breakpoint
-- Order and after-sales history is append-only: the database refuses UPDATE and DELETE.
CREATE OR REPLACE FUNCTION aq_history_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER aq_order_history_append_only BEFORE UPDATE OR DELETE ON order_history
  FOR EACH ROW EXECUTE FUNCTION aq_history_append_only();
--> statement-breakpoint
CREATE TRIGGER aq_rma_history_append_only BEFORE UPDATE OR DELETE ON rma_history
  FOR EACH ROW EXECUTE FUNCTION aq_history_append_only();
