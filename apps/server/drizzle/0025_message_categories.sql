ALTER TABLE "messages" ADD COLUMN "category" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_company_id_category_created_at_index" ON "messages" USING btree ("company_id","category","created_at");--> statement-breakpoint
UPDATE "messages" SET "category" = CASE
  WHEN "type" IN ('order', 'rma') OR "type" LIKE 'order%' OR "type" LIKE 'rma%' OR "type" LIKE 'shipment%' OR "type" LIKE 'payment%' THEN 2
  WHEN "type" LIKE 'enquiry%' OR "type" LIKE 'quot%' THEN 3
  WHEN "type" LIKE 'tender%' OR "type" LIKE 'bid%' THEN 4
  WHEN "type" LIKE 'invoice%' OR "type" LIKE 'credit%' THEN 5
  ELSE 1 END;
