CREATE TABLE "category_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unit" varchar(10) DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_edit" boolean DEFAULT false NOT NULL,
	"content" jsonb NOT NULL,
	"reject_reason" varchar(200),
	"submitted_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"spec_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"price_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"low_stock" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_skus_available_not_negative" CHECK ("product_skus"."on_hand" - "product_skus"."reserved" >= 0),
	CONSTRAINT "product_skus_reserved_not_negative" CHECK ("product_skus"."reserved" >= 0),
	CONSTRAINT "product_skus_low_stock_not_negative" CHECK ("product_skus"."low_stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_adjustment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"adjustment_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" varchar(120) NOT NULL,
	"sku_code" varchar(40) NOT NULL,
	"sku_spec" varchar(200) DEFAULT '' NOT NULL,
	"unit" varchar(10) DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"on_hand_before" integer,
	"on_hand_after" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"doc_no" varchar(40) NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(60) DEFAULT '' NOT NULL,
	"confirmed_by" integer,
	"confirmed_by_name" varchar(60) DEFAULT '' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_adjustments_docNo_unique" UNIQUE("doc_no")
);
--> statement-breakpoint
CREATE TABLE "stock_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"reason" smallint NOT NULL,
	"quantity" integer NOT NULL,
	"on_hand_change" integer NOT NULL,
	"reserved_change" integer NOT NULL,
	"on_hand_before" integer NOT NULL,
	"on_hand_after" integer NOT NULL,
	"reserved_before" integer NOT NULL,
	"reserved_after" integer NOT NULL,
	"doc_type" varchar(20) NOT NULL,
	"doc_id" integer,
	"doc_no" varchar(40) DEFAULT '' NOT NULL,
	"user_id" integer,
	"user_name" varchar(60) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lead_time_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reject_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "category_attributes" ADD CONSTRAINT "category_attributes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_skus" ADD CONSTRAINT "product_skus_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_skus" ADD CONSTRAINT "product_skus_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustment_lines" ADD CONSTRAINT "stock_adjustment_lines_adjustment_id_stock_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."stock_adjustments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustment_lines" ADD CONSTRAINT "stock_adjustment_lines_sku_id_product_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."product_skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_sku_id_product_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."product_skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "category_attributes_name" ON "category_attributes" USING btree ("category_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "product_revisions_one_pending" ON "product_revisions" USING btree ("product_id") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "product_revisions_status_submitted_at_index" ON "product_revisions" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "product_revisions_product_id_id_index" ON "product_revisions" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "product_skus_product_id_index" ON "product_skus" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_skus_company_code" ON "product_skus" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "stock_adjustment_lines_adjustment_id_index" ON "stock_adjustment_lines" USING btree ("adjustment_id");--> statement-breakpoint
CREATE INDEX "stock_adjustment_lines_sku_id_index" ON "stock_adjustment_lines" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "stock_adjustments_company_id_created_at_index" ON "stock_adjustments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_ledger_sku_id_id_index" ON "stock_ledger" USING btree ("sku_id","id");--> statement-breakpoint
CREATE INDEX "stock_ledger_company_id_created_at_index" ON "stock_ledger" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "products_company_updated" ON "products" USING btree ("company_id","updated_at");--> statement-breakpoint
-- The stock ledger is append-only: no update ever; a row goes only with its SKU (a deleted draft).
CREATE OR REPLACE FUNCTION aq_stock_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM product_skus WHERE id = OLD.sku_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'stock_ledger is append-only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER aq_stock_ledger_append_only BEFORE UPDATE OR DELETE ON stock_ledger
  FOR EACH ROW EXECUTE FUNCTION aq_stock_ledger_append_only();
--> statement-breakpoint
-- A confirmed adjustment document and its lines never change.
CREATE OR REPLACE FUNCTION aq_stock_adjustment_frozen() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 1 THEN
    RAISE EXCEPTION 'stock adjustment % is confirmed', OLD.doc_no;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER aq_stock_adjustment_frozen BEFORE UPDATE OR DELETE ON stock_adjustments
  FOR EACH ROW EXECUTE FUNCTION aq_stock_adjustment_frozen();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aq_stock_adjustment_line_frozen() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  doc_id integer;
BEGIN
  doc_id := CASE WHEN TG_OP = 'INSERT' THEN NEW.adjustment_id ELSE OLD.adjustment_id END;
  IF EXISTS (SELECT 1 FROM stock_adjustments WHERE id = doc_id AND status = 1) THEN
    RAISE EXCEPTION 'stock adjustment % is confirmed', doc_id;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER aq_stock_adjustment_line_frozen BEFORE INSERT OR UPDATE OR DELETE ON stock_adjustment_lines
  FOR EACH ROW EXECUTE FUNCTION aq_stock_adjustment_line_frozen();
--> statement-breakpoint
-- Products written without SKUs (rows before this migration, the demo seed) get one SKU holding their price, tiers
-- and stock, with an opening ledger row (so stock = ledger sum); pending products get their review revision.
CREATE OR REPLACE FUNCTION aq_backfill_catalogue() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_skus (product_id, company_id, code, spec_values, price, price_tiers, on_hand, reserved,
    created_at, updated_at)
  SELECT p.id, p.company_id, 'P' || lpad(p.id::text, 6, '0'),
    CASE WHEN p.spec <> '' THEN jsonb_build_array(jsonb_build_object('name', '规格', 'value', p.spec)) ELSE '[]'::jsonb END,
    p.price, p.price_tiers, greatest(p.stock, 0), 0, p.created_at, p.created_at
  FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_skus s WHERE s.product_id = p.id);

  INSERT INTO stock_ledger (company_id, product_id, sku_id, reason, quantity, on_hand_change, reserved_change,
    on_hand_before, on_hand_after, reserved_before, reserved_after, doc_type, doc_no, created_at)
  SELECT s.company_id, s.product_id, s.id, 1, s.on_hand, s.on_hand, 0, 0, s.on_hand, 0, 0, 'opening', '期初库存', s.created_at
  FROM product_skus s
  WHERE s.on_hand <> 0 AND NOT EXISTS (SELECT 1 FROM stock_ledger l WHERE l.sku_id = s.id);

  INSERT INTO product_revisions (product_id, company_id, status, is_edit, content, submitted_at)
  SELECT p.id, p.company_id, 1, false, jsonb_build_object('categoryId', p.category_id, 'categoryCode', p.category_code,
      'name', p.name, 'brand', p.brand, 'model', p.model, 'unit', p.unit, 'minOrder', p.min_order,
      'attributes', p.attributes, 'images', p.images, 'description', p.description, 'leadTimeDays', p.lead_time_days,
      'originProvinceCode', p.origin_province_code, 'originCityCode', p.origin_city_code, 'originName', p.origin_name,
      'isPovertyRelief', p.is_poverty_relief), p.updated_at
  FROM products p
  WHERE p.status = 1 AND NOT EXISTS (SELECT 1 FROM product_revisions r WHERE r.product_id = p.id AND r.status = 1);
END
$$;
--> statement-breakpoint
SELECT aq_backfill_catalogue();
