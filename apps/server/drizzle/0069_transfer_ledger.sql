ALTER TABLE "order_payments" ADD COLUMN "received_note" varchar(140) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "note_matched" boolean;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "excess_of" integer;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "excess_handling" smallint;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "refund_ref" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_excess" CHECK (("order_payments"."excess_of" is null) = ("order_payments"."excess_handling" is null) and ("order_payments"."amount" >= 0 or "order_payments"."excess_of" is not null));