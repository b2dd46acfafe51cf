-- The grams are no longer stored per row: the GIN index is built on the expression aq_search_grams(search_text)
-- (next migration), which halves the width of a products row and keeps the search's heap reads in cache.
-- Here the trigger stops writing search_grams so the column can be dropped.
DROP TRIGGER IF EXISTS aq_products_search ON products;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aq_products_search_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  shop text;
BEGIN
  SELECT coalesce(nullif(c.shop_name, ''), c.name) INTO shop FROM companies c WHERE c.id = NEW.company_id;
  NEW.search_text := aq_product_search_text(NEW.name, NEW.brand, NEW.spec, NEW.model, shop);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER aq_products_search BEFORE INSERT OR UPDATE OF name, brand, spec, model, company_id, search_text
  ON products FOR EACH ROW EXECUTE FUNCTION aq_products_search_trg();
