-- products.shop_visible mirrors "the supplier's shop is open and enabled", so the public goods list filters one
-- table (docs/decisions/0060). The products trigger sets it on insert/update; the companies trigger
-- re-derives it (and the search text) when a shop opens, closes, is disabled or renamed.
CREATE OR REPLACE FUNCTION aq_products_search_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  shop text;
  visible boolean;
BEGIN
  SELECT coalesce(nullif(c.shop_name, ''), c.name), (c.shop_open AND NOT c.disabled) INTO shop, visible
    FROM companies c WHERE c.id = NEW.company_id;
  NEW.search_text := aq_product_search_text(NEW.name, NEW.brand, NEW.spec, NEW.model, shop);
  NEW.shop_visible := coalesce(visible, false);
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS aq_products_search ON products;
--> statement-breakpoint
CREATE TRIGGER aq_products_search BEFORE INSERT OR UPDATE OF name, brand, spec, model, company_id, search_text, shop_visible
  ON products FOR EACH ROW EXECUTE FUNCTION aq_products_search_trg();
--> statement-breakpoint
DROP TRIGGER IF EXISTS aq_companies_search ON companies;
--> statement-breakpoint
CREATE TRIGGER aq_companies_search AFTER UPDATE OF name, shop_name, shop_open, disabled ON companies FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.shop_name IS DISTINCT FROM NEW.shop_name
    OR OLD.shop_open IS DISTINCT FROM NEW.shop_open OR OLD.disabled IS DISTINCT FROM NEW.disabled)
  EXECUTE FUNCTION aq_companies_search_trg();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_visible_sales_idx ON products (sales_count DESC, id DESC) WHERE status = 2 AND shop_visible;
--> statement-breakpoint
UPDATE products SET search_text = '';
