ALTER TABLE "two_factor_devices" ADD COLUMN "ip" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factor_devices" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
-- Decision 0151 (2026-11-24): account deletion also rewrites the person's name, phone and e-mail inside old
-- audit entries' before/after values. The audit trigger now lets the anonymising transaction change those two
-- JSON columns besides actor_name; every other column, and every change outside that transaction, is refused.
DROP TRIGGER IF EXISTS audit_logs_no_update_delete ON audit_logs;
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_update_delete BEFORE UPDATE OR DELETE ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION aq_append_only_except_anonymise('actor_name', 'before', 'after');
