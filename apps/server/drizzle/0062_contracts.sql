CREATE TABLE "contract_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"threshold" numeric(14, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_no" varchar(32) NOT NULL,
	"order_id" integer NOT NULL,
	"buyer_company_id" integer NOT NULL,
	"seller_company_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"source" varchar(60) DEFAULT '' NOT NULL,
	"file_key" varchar(200) NOT NULL,
	"flow_ref" varchar(64) NOT NULL,
	"content" jsonb NOT NULL,
	"seal_fields" jsonb NOT NULL,
	"buyer_signer_id" integer,
	"buyer_signer_name" varchar(60) DEFAULT '' NOT NULL,
	"buyer_signer_phone" varchar(20) DEFAULT '' NOT NULL,
	"buyer_signed_at" timestamp with time zone,
	"buyer_seal_ref" varchar(64) DEFAULT '' NOT NULL,
	"seller_signer_id" integer,
	"seller_signer_name" varchar(60) DEFAULT '' NOT NULL,
	"seller_signer_phone" varchar(20) DEFAULT '' NOT NULL,
	"seller_signed_at" timestamp with time zone,
	"seller_seal_ref" varchar(64) DEFAULT '' NOT NULL,
	"void_reason" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_contracts_contractNo_unique" UNIQUE("contract_no")
);
--> statement-breakpoint
ALTER TABLE "contract_settings" ADD CONSTRAINT "contract_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_contracts" ADD CONSTRAINT "order_contracts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_contracts" ADD CONSTRAINT "order_contracts_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_contracts" ADD CONSTRAINT "order_contracts_seller_company_id_companies_id_fk" FOREIGN KEY ("seller_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_contracts_live_idx" ON "order_contracts" USING btree ("order_id") WHERE "order_contracts"."status" <> 5;--> statement-breakpoint
CREATE INDEX "order_contracts_order_id_id_index" ON "order_contracts" USING btree ("order_id","id");