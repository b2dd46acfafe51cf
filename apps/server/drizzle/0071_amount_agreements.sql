ALTER TABLE "agreement_lines" DROP CONSTRAINT "agreement_lines_positive";--> statement-breakpoint
ALTER TABLE "agreement_lines" ALTER COLUMN "quantity" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agreement_draws" ADD COLUMN "amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "amount_limit" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "agreement_lines" ADD CONSTRAINT "agreement_lines_positive" CHECK (("agreement_lines"."quantity" is null or "agreement_lines"."quantity" > 0) and "agreement_lines"."unit_price" > 0);--> statement-breakpoint
UPDATE "agreement_draws" SET "amount" = "agreement_draws"."quantity" * "agreement_lines"."unit_price" FROM "agreement_lines" WHERE "agreement_lines"."id" = "agreement_draws"."line_id";
