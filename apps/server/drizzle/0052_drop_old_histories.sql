-- The old per-document history tables: every row was copied into document_history by 0048 and 0050, and nothing
-- reads or writes them since (docs/decisions/0195-trade-state-machines.md).
DROP TABLE "order_history" CASCADE;--> statement-breakpoint
DROP TABLE "rma_history" CASCADE;