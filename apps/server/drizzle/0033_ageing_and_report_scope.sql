CREATE TABLE "report_shipped_days" (
	"seller_company_id" integer NOT NULL,
	"day" date NOT NULL,
	"buyer_company_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"owed_count" integer DEFAULT 0 NOT NULL,
	"owed" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "report_shipped_days_pk" PRIMARY KEY("seller_company_id","day","buyer_company_id")
);
--> statement-breakpoint
CREATE INDEX "report_shipped_days_buyer" ON "report_shipped_days" USING btree ("buyer_company_id","day");--> statement-breakpoint
-- Decision 0134. (1) Replacement orders (换货补发, parent_order_id set, paid at ¥0) are not sales: the sales
-- rollups of 0028 leave them out (the functions are re-created with "AND parent_order_id IS NULL"; it never
-- changes after insert, so a replacement is never in a rollup and needs no delta on update) and are rebuilt.
CREATE OR REPLACE FUNCTION aq_report_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM aq_report_apply(array(
      SELECT row(1, n.id, n.seller_company_id, n.buyer_company_id, (n.paid_at AT TIME ZONE 'Asia/Shanghai')::date,
                 n.total_amount, false, null, null, null, 0, 0)::aq_report_delta
      FROM new_rows n WHERE n.paid_at IS NOT NULL AND n.status <> 6 AND n.parent_order_id IS NULL));
  ELSE
    PERFORM aq_report_apply(array(
      WITH s AS (
        SELECT -1 AS sign, o.id, o.seller_company_id, o.buyer_company_id, o.paid_at, o.total_amount
        FROM old_rows o JOIN new_rows n USING (id)
        WHERE o.paid_at IS NOT NULL AND o.status <> 6 AND o.parent_order_id IS NULL
          AND (n.paid_at, n.status, n.total_amount, n.seller_company_id, n.buyer_company_id)
              IS DISTINCT FROM (o.paid_at, o.status, o.total_amount, o.seller_company_id, o.buyer_company_id)
        UNION ALL
        SELECT 1, n.id, n.seller_company_id, n.buyer_company_id, n.paid_at, n.total_amount
        FROM new_rows n JOIN old_rows o USING (id)
        WHERE n.paid_at IS NOT NULL AND n.status <> 6 AND n.parent_order_id IS NULL
          AND (n.paid_at, n.status, n.total_amount, n.seller_company_id, n.buyer_company_id)
              IS DISTINCT FROM (o.paid_at, o.status, o.total_amount, o.seller_company_id, o.buyer_company_id)
      )
      SELECT row(s.sign, s.id, s.seller_company_id, s.buyer_company_id, (s.paid_at AT TIME ZONE 'Asia/Shanghai')::date,
                 s.total_amount, false, null, null, null, 0, 0)::aq_report_delta
      FROM s
      UNION ALL
      SELECT row(s.sign, s.id, s.seller_company_id, s.buyer_company_id, (s.paid_at AT TIME ZONE 'Asia/Shanghai')::date,
                 s.total_amount, true, l.product_id, l.product_name, l.unit, l.quantity, l.amount)::aq_report_delta
      FROM s JOIN order_lines l ON l.order_id = s.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deleted order takes itself and its lines out before the lines go (their own trigger then finds no order).
CREATE OR REPLACE FUNCTION aq_report_order_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.paid_at IS NOT NULL AND OLD.status <> 6 AND OLD.parent_order_id IS NULL THEN
    PERFORM aq_report_apply(array(
      SELECT row(-1, OLD.id, OLD.seller_company_id, OLD.buyer_company_id, (OLD.paid_at AT TIME ZONE 'Asia/Shanghai')::date,
                 OLD.total_amount, false, null, null, null, 0, 0)::aq_report_delta
      UNION ALL
      SELECT row(-1, OLD.id, OLD.seller_company_id, OLD.buyer_company_id, (OLD.paid_at AT TIME ZONE 'Asia/Shanghai')::date,
                 OLD.total_amount, true, l.product_id, l.product_name, l.unit, l.quantity, l.amount)::aq_report_delta
      FROM order_lines l WHERE l.order_id = OLD.id));
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Lines: for each counted order whose lines changed (product, name, unit, quantity, amount; shipping or
-- claiming does not count), take out its lines as they were before the statement and put in the current ones.
CREATE OR REPLACE FUNCTION aq_report_lines() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  nl order_lines[] := '{}';
  ol order_lines[] := '{}';
BEGIN
  IF TG_OP = 'INSERT' THEN
    nl := array(SELECT n FROM new_rows n);
  ELSIF TG_OP = 'DELETE' THEN
    ol := array(SELECT o FROM old_rows o);
  ELSE
    nl := array(SELECT n FROM new_rows n JOIN old_rows o USING (id)
                WHERE (n.order_id, n.product_id, n.product_name, n.unit, n.quantity, n.amount)
                      IS DISTINCT FROM (o.order_id, o.product_id, o.product_name, o.unit, o.quantity, o.amount));
    ol := array(SELECT o FROM old_rows o WHERE o.id IN (SELECT (x).id FROM unnest(nl) x));
  END IF;
  IF cardinality(nl) = 0 AND cardinality(ol) = 0 THEN RETURN NULL; END IF;
  PERFORM aq_report_apply(array(
    WITH o AS (
      SELECT o.id, o.seller_company_id, o.buyer_company_id, o.paid_at, o.total_amount
      FROM orders o
      WHERE o.id IN (SELECT x.order_id FROM unnest(nl) x UNION SELECT x.order_id FROM unnest(ol) x)
        AND o.paid_at IS NOT NULL AND o.status <> 6 AND o.parent_order_id IS NULL
    ), l AS (
      SELECT 1 AS sign, l.order_id, l.product_id, l.product_name, l.unit, l.quantity, l.amount
      FROM order_lines l JOIN o ON o.id = l.order_id
      UNION ALL
      SELECT -1, l.order_id, l.product_id, l.product_name, l.unit, l.quantity, l.amount
      FROM order_lines l JOIN o ON o.id = l.order_id
      WHERE l.id NOT IN (SELECT x.id FROM unnest(nl) x)
      UNION ALL
      SELECT -1, x.order_id, x.product_id, x.product_name, x.unit, x.quantity, x.amount
      FROM unnest(ol) x JOIN o ON o.id = x.order_id
    )
    SELECT row(l.sign, o.id, o.seller_company_id, o.buyer_company_id, (o.paid_at AT TIME ZONE 'Asia/Shanghai')::date,
               o.total_amount, true, l.product_id, l.product_name, l.unit, l.quantity, l.amount)::aq_report_delta
    FROM l JOIN o ON o.id = l.order_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A product moved to another category: its supplier's rows of both categories are counted again from the lines.
CREATE OR REPLACE FUNCTION aq_report_product_category() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_category_months
  WHERE seller_company_id = NEW.company_id AND category_id IN (OLD.category_id, NEW.category_id);
  INSERT INTO report_category_months (seller_company_id, month, buyer_company_id, category_id, order_count, quantity, amount)
  SELECT o.seller_company_id, date_trunc('month', o.paid_at AT TIME ZONE 'Asia/Shanghai')::date, o.buyer_company_id,
         p.category_id, count(DISTINCT o.id)::int, sum(l.quantity)::int, sum(l.amount)
  FROM orders o JOIN order_lines l ON l.order_id = o.id JOIN products p ON p.id = l.product_id
  WHERE o.seller_company_id = NEW.company_id AND o.paid_at IS NOT NULL AND o.status <> 6 AND o.parent_order_id IS NULL
    AND p.category_id IN (OLD.category_id, NEW.category_id)
  GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
TRUNCATE report_order_days, report_product_months, report_category_months;
--> statement-breakpoint
SELECT aq_report_apply(array(
  SELECT row(1, o.id, o.seller_company_id, o.buyer_company_id, (o.paid_at AT TIME ZONE 'Asia/Shanghai')::date,
             o.total_amount, false, null, null, null, 0, 0)::aq_report_delta
  FROM orders o WHERE o.paid_at IS NOT NULL AND o.status <> 6 AND o.parent_order_id IS NULL
  UNION ALL
  SELECT row(1, o.id, o.seller_company_id, o.buyer_company_id, (o.paid_at AT TIME ZONE 'Asia/Shanghai')::date,
             o.total_amount, true, l.product_id, l.product_name, l.unit, l.quantity, l.amount)::aq_report_delta
  FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.paid_at IS NOT NULL AND o.status <> 6 AND o.parent_order_id IS NULL));
--> statement-breakpoint
-- (2) report_shipped_days: the shipped orders of 应收/应付账款 per China day of first_shipped_at — not cancelled,
-- not a replacement — with count and total, and those owed by transfer (total − paid > 0) with that part.
-- Statement-level like 0028: each statement's changed orders become −1 (before) / +1 (after) rows, grouped and
-- upserted in key order.
CREATE OR REPLACE FUNCTION aq_report_shipped_apply(d jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_shipped_days AS r (seller_company_id, day, buyer_company_id, order_count, amount, owed_count, owed)
  SELECT x.seller_id, x.day, x.buyer_id, sum(x.sign)::int, sum(x.sign * x.total),
         sum(CASE WHEN x.total > x.paid THEN x.sign ELSE 0 END)::int,
         sum(CASE WHEN x.total > x.paid THEN x.sign * (x.total - x.paid) ELSE 0 END)
  FROM jsonb_to_recordset(d) AS x(sign int, seller_id int, buyer_id int, day date, total numeric, paid numeric)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT report_shipped_days_pk DO UPDATE SET
    order_count = r.order_count + excluded.order_count, amount = r.amount + excluded.amount,
    owed_count = r.owed_count + excluded.owed_count, owed = r.owed + excluded.owed;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aq_report_shipped() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  d jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    d := (SELECT jsonb_agg(jsonb_build_object('sign', 1, 'seller_id', n.seller_company_id, 'buyer_id', n.buyer_company_id,
            'day', (n.first_shipped_at AT TIME ZONE 'Asia/Shanghai')::date, 'total', n.total_amount, 'paid', n.paid_amount))
          FROM new_rows n
          WHERE n.first_shipped_at IS NOT NULL AND n.status <> 6 AND n.parent_order_id IS NULL);
  ELSIF TG_OP = 'DELETE' THEN
    d := (SELECT jsonb_agg(jsonb_build_object('sign', -1, 'seller_id', o.seller_company_id, 'buyer_id', o.buyer_company_id,
            'day', (o.first_shipped_at AT TIME ZONE 'Asia/Shanghai')::date, 'total', o.total_amount, 'paid', o.paid_amount))
          FROM old_rows o
          WHERE o.first_shipped_at IS NOT NULL AND o.status <> 6 AND o.parent_order_id IS NULL);
  ELSE
    d := (SELECT jsonb_agg(x.j) FROM (
            SELECT jsonb_build_object('sign', -1, 'seller_id', o.seller_company_id, 'buyer_id', o.buyer_company_id,
              'day', (o.first_shipped_at AT TIME ZONE 'Asia/Shanghai')::date, 'total', o.total_amount, 'paid', o.paid_amount) AS j
            FROM old_rows o JOIN new_rows n USING (id)
            WHERE o.first_shipped_at IS NOT NULL AND o.status <> 6 AND o.parent_order_id IS NULL
              AND (n.first_shipped_at, n.status, n.total_amount, n.paid_amount, n.seller_company_id, n.buyer_company_id)
                  IS DISTINCT FROM (o.first_shipped_at, o.status, o.total_amount, o.paid_amount, o.seller_company_id, o.buyer_company_id)
            UNION ALL
            SELECT jsonb_build_object('sign', 1, 'seller_id', n.seller_company_id, 'buyer_id', n.buyer_company_id,
              'day', (n.first_shipped_at AT TIME ZONE 'Asia/Shanghai')::date, 'total', n.total_amount, 'paid', n.paid_amount)
            FROM new_rows n JOIN old_rows o USING (id)
            WHERE n.first_shipped_at IS NOT NULL AND n.status <> 6 AND n.parent_order_id IS NULL
              AND (n.first_shipped_at, n.status, n.total_amount, n.paid_amount, n.seller_company_id, n.buyer_company_id)
                  IS DISTINCT FROM (o.first_shipped_at, o.status, o.total_amount, o.paid_amount, o.seller_company_id, o.buyer_company_id)
          ) x);
  END IF;
  IF d IS NOT NULL THEN PERFORM aq_report_shipped_apply(d); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER aq_report_shipped_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aq_report_shipped();
--> statement-breakpoint
CREATE TRIGGER aq_report_shipped_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aq_report_shipped();
--> statement-breakpoint
CREATE TRIGGER aq_report_shipped_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aq_report_shipped();
--> statement-breakpoint
-- Backfill: every shipped order that counts.
SELECT aq_report_shipped_apply((SELECT jsonb_agg(jsonb_build_object('sign', 1, 'seller_id', o.seller_company_id,
  'buyer_id', o.buyer_company_id, 'day', (o.first_shipped_at AT TIME ZONE 'Asia/Shanghai')::date,
  'total', o.total_amount, 'paid', o.paid_amount))
  FROM orders o WHERE o.first_shipped_at IS NOT NULL AND o.status <> 6 AND o.parent_order_id IS NULL));
