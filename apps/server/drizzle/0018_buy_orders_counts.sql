CREATE TABLE "order_counts" (
	"scope" smallint NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"status" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_counts_scope_owner_id_kind_status_pk" PRIMARY KEY("scope","owner_id","kind","status")
);
--> statement-breakpoint
-- The trigger keeps order_counts equal to the orders per scope and status (decision 0111).
CREATE OR REPLACE FUNCTION aq_order_counts_bump(p_scope smallint, p_owner integer, p_kind smallint, p_status smallint, p_delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_owner IS NULL THEN RETURN; END IF;
  INSERT INTO order_counts (scope, owner_id, kind, status, n) VALUES (p_scope, p_owner, p_kind, p_status, p_delta)
  ON CONFLICT (scope, owner_id, kind, status) DO UPDATE SET n = order_counts.n + EXCLUDED.n;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aq_order_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM aq_order_counts_bump(1::smallint, OLD.buyer_user_id, OLD.kind, OLD.status, -1);
    PERFORM aq_order_counts_bump(2::smallint, OLD.buyer_company_id, OLD.kind, OLD.status, -1);
    PERFORM aq_order_counts_bump(3::smallint, OLD.seller_company_id, OLD.kind, OLD.status, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM aq_order_counts_bump(1::smallint, NEW.buyer_user_id, NEW.kind, NEW.status, 1);
    PERFORM aq_order_counts_bump(2::smallint, NEW.buyer_company_id, NEW.kind, NEW.status, 1);
    PERFORM aq_order_counts_bump(3::smallint, NEW.seller_company_id, NEW.kind, NEW.status, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER aq_order_counts_ins_del AFTER INSERT OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION aq_order_counts();
--> statement-breakpoint
CREATE TRIGGER aq_order_counts_upd AFTER UPDATE OF status, kind, buyer_user_id, buyer_company_id, seller_company_id ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.kind IS DISTINCT FROM NEW.kind OR OLD.buyer_user_id IS DISTINCT FROM NEW.buyer_user_id
    OR OLD.buyer_company_id IS DISTINCT FROM NEW.buyer_company_id OR OLD.seller_company_id IS DISTINCT FROM NEW.seller_company_id)
  EXECUTE FUNCTION aq_order_counts();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aq_order_counts_reset() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER aq_order_counts_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION aq_order_counts_reset();
--> statement-breakpoint
INSERT INTO order_counts (scope, owner_id, kind, status, n)
SELECT 1, buyer_user_id, kind, status, count(*) FROM orders WHERE buyer_user_id IS NOT NULL GROUP BY buyer_user_id, kind, status
UNION ALL SELECT 2, buyer_company_id, kind, status, count(*) FROM orders GROUP BY buyer_company_id, kind, status
UNION ALL SELECT 3, seller_company_id, kind, status, count(*) FROM orders GROUP BY seller_company_id, kind, status;
