CREATE TABLE "personal_data_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"kind" varchar(10) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"handled_by" integer,
	"file_key" varchar(200),
	"file_size" integer,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "personal_data_requests" ADD CONSTRAINT "personal_data_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_data_requests_user_id_created_at_index" ON "personal_data_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "personal_data_requests_status_deadline_at_index" ON "personal_data_requests" USING btree ("status","deadline_at");--> statement-breakpoint
-- Decision 0151: the append-only records (audit log, order/after-sales history, credit ledger) may be changed
-- in ONE way only: anonymising a person after an account deletion. The transaction must set the local flag
-- aquamall.anonymise = 'on' (set_config(..., true)), and the update may change nothing but the columns named
-- as the trigger's arguments (the person's name). DELETE is still refused, and so is every other UPDATE.
CREATE OR REPLACE FUNCTION aq_append_only_except_anonymise() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The stock ledger keeps its one older exception (migration 0016): its rows go with their SKU (a deleted draft).
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'stock_ledger' THEN
    IF NOT EXISTS (SELECT 1 FROM product_skus WHERE id = OLD.sku_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('aquamall.anonymise', true), '') = 'on'
     AND (to_jsonb(NEW) - TG_ARGV) = (to_jsonb(OLD) - TG_ARGV) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_logs_no_update_delete ON audit_logs;
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_update_delete BEFORE UPDATE OR DELETE ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION aq_append_only_except_anonymise('actor_name');
--> statement-breakpoint
DROP TRIGGER IF EXISTS aq_order_history_append_only ON order_history;
--> statement-breakpoint
CREATE TRIGGER aq_order_history_append_only BEFORE UPDATE OR DELETE ON order_history
  FOR EACH ROW EXECUTE FUNCTION aq_append_only_except_anonymise('user_name');
--> statement-breakpoint
DROP TRIGGER IF EXISTS aq_rma_history_append_only ON rma_history;
--> statement-breakpoint
CREATE TRIGGER aq_rma_history_append_only BEFORE UPDATE OR DELETE ON rma_history
  FOR EACH ROW EXECUTE FUNCTION aq_append_only_except_anonymise('user_name');
--> statement-breakpoint
DROP TRIGGER IF EXISTS aq_credit_ledger_append_only ON credit_ledger;
--> statement-breakpoint
CREATE TRIGGER aq_credit_ledger_append_only BEFORE UPDATE OR DELETE ON credit_ledger
  FOR EACH ROW EXECUTE FUNCTION aq_append_only_except_anonymise('created_by_name');
--> statement-breakpoint
DROP TRIGGER IF EXISTS aq_stock_ledger_append_only ON stock_ledger;
--> statement-breakpoint
CREATE TRIGGER aq_stock_ledger_append_only BEFORE UPDATE OR DELETE ON stock_ledger
  FOR EACH ROW EXECUTE FUNCTION aq_append_only_except_anonymise('user_name');
