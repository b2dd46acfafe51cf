ALTER TABLE "bank_accounts" DROP CONSTRAINT "bank_accounts_companyId_unique";--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payee_account_id" integer;--> statement-breakpoint
CREATE INDEX "bank_accounts_company_id_index" ON "bank_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_default" ON "bank_accounts" USING btree ("company_id") WHERE "bank_accounts"."is_default";--> statement-breakpoint
UPDATE "bank_accounts" SET "is_default" = true WHERE "status" = 2;--> statement-breakpoint
UPDATE "orders" o SET "payee_account_id" = b."id" FROM "bank_accounts" b WHERE b."company_id" = o."seller_company_id" AND b."is_default" AND o."status" = 1;
