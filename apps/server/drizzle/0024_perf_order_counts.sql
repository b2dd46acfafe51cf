ALTER TABLE "order_counts" DROP CONSTRAINT "order_counts_scope_owner_id_kind_status_pk";--> statement-breakpoint
ALTER TABLE "order_counts" ADD COLUMN "id" bigserial PRIMARY KEY NOT NULL;--> statement-breakpoint
CREATE INDEX "order_counts_key" ON "order_counts" USING btree ("scope","owner_id","kind","status");--> statement-breakpoint
-- Appended delta rows instead of an UPDATE of one row per (scope, owner, kind, status) held until commit
-- (decision 0113): every change of an order inserts its −1/+1 rows in one statement; readers sum, the job
-- order_counts.compact folds the rows of a key into one.
CREATE OR REPLACE FUNCTION aq_order_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_counts (scope, owner_id, kind, status, n)
    SELECT v.scope, v.owner_id, v.kind, v.status, v.n FROM (VALUES
      (1::smallint, NEW.buyer_user_id, NEW.kind, NEW.status, 1),
      (2::smallint, NEW.buyer_company_id, NEW.kind, NEW.status, 1),
      (3::smallint, NEW.seller_company_id, NEW.kind, NEW.status, 1)
    ) AS v(scope, owner_id, kind, status, n) WHERE v.owner_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_counts (scope, owner_id, kind, status, n)
    SELECT v.scope, v.owner_id, v.kind, v.status, v.n FROM (VALUES
      (1::smallint, OLD.buyer_user_id, OLD.kind, OLD.status, -1),
      (2::smallint, OLD.buyer_company_id, OLD.kind, OLD.status, -1),
      (3::smallint, OLD.seller_company_id, OLD.kind, OLD.status, -1)
    ) AS v(scope, owner_id, kind, status, n) WHERE v.owner_id IS NOT NULL;
  ELSE
    INSERT INTO order_counts (scope, owner_id, kind, status, n)
    SELECT v.scope, v.owner_id, v.kind, v.status, v.n FROM (VALUES
      (1::smallint, OLD.buyer_user_id, OLD.kind, OLD.status, -1),
      (2::smallint, OLD.buyer_company_id, OLD.kind, OLD.status, -1),
      (3::smallint, OLD.seller_company_id, OLD.kind, OLD.status, -1),
      (1::smallint, NEW.buyer_user_id, NEW.kind, NEW.status, 1),
      (2::smallint, NEW.buyer_company_id, NEW.kind, NEW.status, 1),
      (3::smallint, NEW.seller_company_id, NEW.kind, NEW.status, 1)
    ) AS v(scope, owner_id, kind, status, n) WHERE v.owner_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS aq_order_counts_bump(smallint, integer, smallint, smallint, integer);
