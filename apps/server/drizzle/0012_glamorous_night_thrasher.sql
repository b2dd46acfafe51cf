CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL,
	"sales_count" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"category_code" varchar(20) NOT NULL,
	"company_id" integer NOT NULL,
	"origin_province_code" integer,
	"origin_city_code" integer,
	"is_poverty_relief" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_grams_gin";--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_grams_gin" ON "product_search" USING gin (aq_search_grams("search_text"));--> statement-breakpoint
CREATE INDEX "product_search_sales" ON "product_search" USING btree ("sales_count" DESC NULLS FIRST,"product_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "product_search_price" ON "product_search" USING btree ("price","product_id");--> statement-breakpoint
CREATE INDEX "product_search_created" ON "product_search" USING btree ("created_at" DESC NULLS FIRST,"product_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "product_search_category" ON "product_search" USING btree ("category_code");--> statement-breakpoint
CREATE INDEX "product_search_company" ON "product_search" USING btree ("company_id");