ALTER TABLE "rmas" ADD COLUMN "refunded_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "rmas" ADD COLUMN "refund_note" varchar(200);--> statement-breakpoint
ALTER TABLE "rmas" ADD COLUMN "refunded_at" timestamp with time zone;