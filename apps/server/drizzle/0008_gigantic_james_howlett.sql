DROP INDEX "products_search_grams_gin";--> statement-breakpoint
CREATE INDEX "products_search_grams_gin" ON "products" USING gin (aq_search_grams("search_text"));--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_grams";