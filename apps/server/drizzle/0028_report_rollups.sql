CREATE TABLE "report_category_months" (
	"seller_company_id" integer NOT NULL,
	"month" date NOT NULL,
	"buyer_company_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "report_category_months_pk" PRIMARY KEY("seller_company_id","month","buyer_company_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "report_order_days" (
	"seller_company_id" integer NOT NULL,
	"day" date NOT NULL,
	"buyer_company_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"line_orders" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"line_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "report_order_days_pk" PRIMARY KEY("seller_company_id","day","buyer_company_id")
);
--> statement-breakpoint
CREATE TABLE "report_product_months" (
	"seller_company_id" integer NOT NULL,
	"month" date NOT NULL,
	"buyer_company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"free_name" varchar(120) DEFAULT '' NOT NULL,
	"free_unit" varchar(10) DEFAULT '' NOT NULL,
	"name" varchar(120) NOT NULL,
	"unit" varchar(10) NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "report_product_months_pk" PRIMARY KEY("seller_company_id","month","buyer_company_id","product_id","free_name","free_unit")
);
--> statement-breakpoint
DROP INDEX "orders_seller_shipped";--> statement-breakpoint
DROP INDEX "orders_buyer_shipped";--> statement-breakpoint
CREATE INDEX "report_category_months_buyer" ON "report_category_months" USING btree ("buyer_company_id","month");--> statement-breakpoint
CREATE INDEX "report_order_days_buyer" ON "report_order_days" USING btree ("buyer_company_id","day");--> statement-breakpoint
CREATE INDEX "report_product_months_buyer" ON "report_product_months" USING btree ("buyer_company_id","month");--> statement-breakpoint
CREATE INDEX "credit_ledger_charges_fifo" ON "credit_ledger" USING btree ("account_id",coalesce("due_at", "created_at"),"id","credit_delta","order_id","created_at") WHERE "credit_ledger"."credit_delta" > 0;--> statement-breakpoint
CREATE INDEX "orders_seller_shipped" ON "orders" USING btree ("seller_company_id","first_shipped_at","status","total_amount","paid_amount","buyer_company_id") WHERE "orders"."first_shipped_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_buyer_shipped" ON "orders" USING btree ("buyer_company_id","first_shipped_at","status","total_amount","paid_amount","seller_company_id") WHERE "orders"."first_shipped_at" is not null;--> statement-breakpoint
-- Report rollups (decision 0133). A counted order (decision 0132) is paid and not cancelled, dated by its
-- China calendar day of paid_at. Every change is turned into signed delta rows (-1 for the state before, +1
-- for the state after) and aq_report_apply adds them, grouped, to the three rollups in key order.
CREATE TYPE aq_report_delta AS (
  sign integer, order_id integer, seller_id integer, buyer_id integer, day date, total numeric,
  is_line boolean, product_id integer, product_name text, unit text, quantity integer, amount numeric
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aq_report_apply(d aq_report_delta[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(d), 0) = 0 THEN RETURN; END IF;
  -- Orders (count, total) and their lines (orders with lines, quantity, goods amount) per day.
  INSERT INTO report_order_days AS r (seller_company_id, day, buyer_company_id, order_count, amount, line_orders, quantity, line_amount)
  SELECT x.seller_id, x.day, x.buyer_id, sum(x.n)::int, sum(x.a), sum(x.lo)::int, sum(x.q)::int, sum(x.la)
  FROM (
    SELECT u.seller_id, u.day, u.buyer_id, u.sign AS n, u.sign * u.total AS a, 0 AS lo, 0::bigint AS q, 0::numeric AS la
    FROM unnest(d) u WHERE NOT u.is_line
    UNION ALL
    SELECT u.seller_id, u.day, u.buyer_id, 0, 0, u.sign, sum(u.sign * u.quantity), sum(u.sign * u.amount)
    FROM unnest(d) u WHERE u.is_line GROUP BY u.seller_id, u.day, u.buyer_id, u.order_id, u.sign
  ) x
  GROUP BY 1, 2, 3
  HAVING sum(x.n) <> 0 OR sum(x.a) <> 0 OR sum(x.lo) <> 0 OR sum(x.q) <> 0 OR sum(x.la) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT report_order_days_pk DO UPDATE SET
    order_count = r.order_count + excluded.order_count, amount = r.amount + excluded.amount,
    line_orders = r.line_orders + excluded.line_orders, quantity = r.quantity + excluded.quantity,
    line_amount = r.line_amount + excluded.line_amount;
  -- Lines per month and product (enquiry lines by name and unit); an order counts once per product.
  INSERT INTO report_product_months AS r (seller_company_id, month, buyer_company_id, product_id, free_name, free_unit, name, unit, order_count, quantity, amount)
  SELECT x.seller_id, x.month, x.buyer_id, x.pid, x.fname, x.funit,
         coalesce(max(x.name) FILTER (WHERE x.sign > 0), max(x.name)), coalesce(max(x.unit) FILTER (WHERE x.sign > 0), max(x.unit)),
         sum(x.sign)::int, sum(x.q)::int, sum(x.a)
  FROM (
    SELECT u.seller_id, date_trunc('month', u.day)::date AS month, u.buyer_id, u.order_id, u.sign,
           coalesce(u.product_id, 0) AS pid,
           CASE WHEN u.product_id IS NULL THEN u.product_name ELSE '' END AS fname,
           CASE WHEN u.product_id IS NULL THEN u.unit ELSE '' END AS funit,
           max(u.product_name) AS name, max(u.unit) AS unit, sum(u.sign * u.quantity) AS q, sum(u.sign * u.amount) AS a
    FROM unnest(d) u WHERE u.is_line GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(x.sign) <> 0 OR sum(x.q) <> 0 OR sum(x.a) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT report_product_months_pk DO UPDATE SET
    name = greatest(r.name, excluded.name), unit = greatest(r.unit, excluded.unit),
    order_count = r.order_count + excluded.order_count, quantity = r.quantity + excluded.quantity,
    amount = r.amount + excluded.amount;
  -- Lines per month and the product's category (0: no product); an order counts once per category.
  INSERT INTO report_category_months AS r (seller_company_id, month, buyer_company_id, category_id, order_count, quantity, amount)
  SELECT x.seller_id, x.month, x.buyer_id, x.cat, sum(x.sign)::int, sum(x.q)::int, sum(x.a)
  FROM (
    SELECT u.seller_id, date_trunc('month', u.day)::date AS month, u.buyer_id, u.order_id, u.sign,
           coalesce(p.category_id, 0) AS cat, sum(u.sign * u.quantity) AS q, sum(u.sign * u.amount) AS a
    FROM unnest(d) u LEFT JOIN products p ON p.id = u.product_id
    WHERE u.is_line GROUP BY 1, 2, 3, 4, 5, 6
  ) x
  GROUP BY 1, 2, 3, 4
  HAVING sum(x.sign) <> 0 OR sum(x.q) <> 0 OR sum(x.a) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT report_category_months_pk DO UPDATE SET
    order_count = r.order_count + excluded.order_count, quantity = r.quantity + excluded.quantity,
    amount = r.amount + excluded.amount;
END $$;
--> statement-breakpoint
-- Orders: an inserted order adds itself (its lines are inserted after it and add themselves); an update that
-- changes whether or when it counts, its total or its parties takes the old state out with its current lines
-- and puts the new one in.
CREATE OR REPLACE FUNCTION aq_report_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM aq_report_apply(array(
      SELECT row(1, n.id, n.seller_company_id, n.buyer_company_id, (n.paid_at AT TIME ZONE 'Asia/Shanghai')::date,
                 n.total_amount, false, null, null, null, 0, 0)::aq_report_delta
      FROM new_rows n WHERE n.paid_at IS NOT NULL AND n.status <> 6));
  ELSE
    PERFORM aq_report_apply(array(
      WITH s AS (
        SELECT -1 AS sign, o.id, o.seller_company_id, o.buyer_company_id, o.paid_at, o.total_amount
        FROM old_rows o JOIN new_rows n USING (id)
        WHERE o.paid_at IS NOT NULL AND o.status <> 6
          AND (n.paid_at, n.status, n.total_amount, n.seller_company_id, n.buyer_company_id)
              IS DISTINCT FROM (o.paid_at, o.status, o.total_amount, o.seller_company_id, o.buyer_company_id)
        UNION ALL
        SELECT 1, n.id, n.seller_company_id, n.buyer_company_id, n.paid_at, n.total_amount
        FROM new_rows n JOIN old_rows o USING (id)
        WHERE n.paid_at IS NOT NULL AND n.status <> 6
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
  IF OLD.paid_at IS NOT NULL AND OLD.status <> 6 THEN
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
        AND o.paid_at IS NOT NULL AND o.status <> 6
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
  WHERE o.seller_company_id = NEW.company_id AND o.paid_at IS NOT NULL AND o.status <> 6
    AND p.category_id IN (OLD.category_id, NEW.category_id)
  GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER aq_report_orders_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aq_report_orders();
--> statement-breakpoint
CREATE TRIGGER aq_report_orders_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aq_report_orders();
--> statement-breakpoint
CREATE TRIGGER aq_report_orders_del BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION aq_report_order_delete();
--> statement-breakpoint
CREATE TRIGGER aq_report_lines_ins AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aq_report_lines();
--> statement-breakpoint
CREATE TRIGGER aq_report_lines_upd AFTER UPDATE ON order_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aq_report_lines();
--> statement-breakpoint
CREATE TRIGGER aq_report_lines_del AFTER DELETE ON order_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION aq_report_lines();
--> statement-breakpoint
CREATE TRIGGER aq_report_product_category AFTER UPDATE OF category_id ON products FOR EACH ROW
  WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id) EXECUTE FUNCTION aq_report_product_category();
--> statement-breakpoint
-- Backfill: every counted order and its lines.
SELECT aq_report_apply(array(
  SELECT row(1, o.id, o.seller_company_id, o.buyer_company_id, (o.paid_at AT TIME ZONE 'Asia/Shanghai')::date,
             o.total_amount, false, null, null, null, 0, 0)::aq_report_delta
  FROM orders o WHERE o.paid_at IS NOT NULL AND o.status <> 6
  UNION ALL
  SELECT row(1, o.id, o.seller_company_id, o.buyer_company_id, (o.paid_at AT TIME ZONE 'Asia/Shanghai')::date,
             o.total_amount, true, l.product_id, l.product_name, l.unit, l.quantity, l.amount)::aq_report_delta
  FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.paid_at IS NOT NULL AND o.status <> 6));
