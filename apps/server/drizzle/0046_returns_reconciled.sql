DROP INDEX "addresses_one_default";--> statement-breakpoint
ALTER TABLE "product_skus" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD COLUMN "held_change" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD COLUMN "held_after" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "kind" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rma_lines" ADD COLUMN "disposition" smallint;--> statement-breakpoint
ALTER TABLE "rmas" ADD COLUMN "return_address" jsonb;--> statement-breakpoint
ALTER TABLE "rmas" ADD COLUMN "invoice_reverse_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "rmas" ADD COLUMN "reverse_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "rmas" ADD COLUMN "reversal_invoice_id" integer;--> statement-breakpoint
CREATE INDEX "rmas_pending_reversal" ON "rmas" USING btree ("reverse_invoice_id") WHERE reversal_invoice_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default" ON "addresses" USING btree ("company_id","kind") WHERE is_default;--> statement-breakpoint
ALTER TABLE "product_skus" ADD CONSTRAINT "product_skus_held_not_negative" CHECK ("product_skus"."held" >= 0);