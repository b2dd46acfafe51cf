CREATE TABLE "contract_price_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_price_uses_qty" CHECK ("contract_price_uses"."quantity" <> 0)
);
--> statement-breakpoint
CREATE TABLE "contract_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_company_id" integer NOT NULL,
	"purchaser_company_id" integer,
	"group_id" integer,
	"sku_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"cap_qty" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_prices_one_target" CHECK (("contract_prices"."purchaser_company_id" is null) <> ("contract_prices"."group_id" is null)),
	CONSTRAINT "contract_prices_kind" CHECK ("contract_prices"."kind" in (1, 2)),
	CONSTRAINT "contract_prices_value" CHECK ("contract_prices"."value" > 0 and ("contract_prices"."kind" = 1 or "contract_prices"."value" < 100)),
	CONSTRAINT "contract_prices_cap" CHECK ("contract_prices"."cap_qty" is null or "contract_prices"."cap_qty" > 0),
	CONSTRAINT "contract_prices_validity" CHECK ("contract_prices"."valid_to" is null or "contract_prices"."valid_to" >= "contract_prices"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "customer_group_members" (
	"group_id" integer NOT NULL,
	"purchaser_company_id" integer NOT NULL,
	CONSTRAINT "customer_group_members_group_id_purchaser_company_id_pk" PRIMARY KEY("group_id","purchaser_company_id")
);
--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_company_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "price_source" varchar(12);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "contract_rule_id" integer;--> statement-breakpoint
ALTER TABLE "contract_price_uses" ADD CONSTRAINT "contract_price_uses_rule_id_contract_prices_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."contract_prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_price_uses" ADD CONSTRAINT "contract_price_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_price_uses" ADD CONSTRAINT "contract_price_uses_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_prices" ADD CONSTRAINT "contract_prices_supplier_company_id_companies_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_prices" ADD CONSTRAINT "contract_prices_purchaser_company_id_companies_id_fk" FOREIGN KEY ("purchaser_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_prices" ADD CONSTRAINT "contract_prices_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_prices" ADD CONSTRAINT "contract_prices_sku_id_product_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."product_skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_purchaser_company_id_companies_id_fk" FOREIGN KEY ("purchaser_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_supplier_company_id_companies_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_price_uses_rule_id_index" ON "contract_price_uses" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "contract_price_uses_order_id_index" ON "contract_price_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "contract_prices_supplier" ON "contract_prices" USING btree ("supplier_company_id","id");--> statement-breakpoint
CREATE INDEX "contract_prices_buyer_sku" ON "contract_prices" USING btree ("purchaser_company_id","sku_id") WHERE "contract_prices"."enabled";--> statement-breakpoint
CREATE INDEX "contract_prices_group_sku" ON "contract_prices" USING btree ("group_id","sku_id") WHERE "contract_prices"."enabled";--> statement-breakpoint
CREATE INDEX "customer_group_members_purchaser_company_id_index" ON "customer_group_members" USING btree ("purchaser_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_groups_name" ON "customer_groups" USING btree ("supplier_company_id","name");