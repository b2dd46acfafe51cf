-- Decision 0134 (2026-11-24). aq_report_lines joined two CTEs (the counted orders and their lines) by a nested
-- loop: PostgreSQL estimates one order (fresh tables, no statistics) and re-ran the lines part once per order,
-- so a statement inserting n orders' lines cost O(n²) — the demo's 442 past orders took ~1 s of the first start.
-- Same deltas, one pass: the orders are materialised once and each part joins its lines to them by index.
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
    WITH o AS MATERIALIZED (
      SELECT o.id, o.seller_company_id, o.buyer_company_id, (o.paid_at AT TIME ZONE 'Asia/Shanghai')::date AS day,
             o.total_amount
      FROM orders o
      WHERE o.id IN (SELECT x.order_id FROM unnest(nl) x UNION SELECT x.order_id FROM unnest(ol) x)
        AND o.paid_at IS NOT NULL AND o.status <> 6 AND o.parent_order_id IS NULL
    )
    SELECT row(1, o.id, o.seller_company_id, o.buyer_company_id, o.day, o.total_amount, true,
               l.product_id, l.product_name, l.unit, l.quantity, l.amount)::aq_report_delta
    FROM o JOIN order_lines l ON l.order_id = o.id
    UNION ALL
    SELECT row(-1, o.id, o.seller_company_id, o.buyer_company_id, o.day, o.total_amount, true,
               l.product_id, l.product_name, l.unit, l.quantity, l.amount)::aq_report_delta
    FROM o JOIN order_lines l ON l.order_id = o.id
    WHERE l.id NOT IN (SELECT x.id FROM unnest(nl) x)
    UNION ALL
    SELECT row(-1, o.id, o.seller_company_id, o.buyer_company_id, o.day, o.total_amount, true,
               x.product_id, x.product_name, x.unit, x.quantity, x.amount)::aq_report_delta
    FROM unnest(ol) x JOIN o ON o.id = x.order_id));
  RETURN NULL;
END $$;
