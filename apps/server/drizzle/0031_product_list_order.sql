DROP INDEX "products_company_updated";--> statement-breakpoint
CREATE INDEX "products_company_updated" ON "products" USING btree ("company_id","updated_at","id");