-- product_search holds one narrow row per public product (on sale, shop open and enabled), copied from products
-- after every write that matters (docs/decisions/0060). The goods list filters, sorts, counts and ranks there;
-- products is read only for the 20 cards of a page. Deleting a product cascades (foreign key).
CREATE OR REPLACE FUNCTION aq_product_search_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 2 AND NEW.shop_visible THEN
    INSERT INTO product_search (product_id, search_text, sales_count, price, category_code, company_id,
      origin_province_code, origin_city_code, is_poverty_relief, created_at)
    VALUES (NEW.id, NEW.search_text, NEW.sales_count, NEW.price, NEW.category_code, NEW.company_id,
      NEW.origin_province_code, NEW.origin_city_code, NEW.is_poverty_relief, NEW.created_at)
    ON CONFLICT (product_id) DO UPDATE SET
      search_text = EXCLUDED.search_text, sales_count = EXCLUDED.sales_count, price = EXCLUDED.price,
      category_code = EXCLUDED.category_code, company_id = EXCLUDED.company_id,
      origin_province_code = EXCLUDED.origin_province_code, origin_city_code = EXCLUDED.origin_city_code,
      is_poverty_relief = EXCLUDED.is_poverty_relief, created_at = EXCLUDED.created_at;
  ELSE
    DELETE FROM product_search WHERE product_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The column list names what the statement sets: name/brand/spec/model change search_text through the BEFORE
-- trigger, which UPDATE OF alone would not see.
CREATE TRIGGER aq_product_search_sync AFTER INSERT OR UPDATE OF status, shop_visible, search_text, name, brand, spec,
  model, sales_count, price, category_code, company_id, origin_province_code, origin_city_code, is_poverty_relief,
  created_at
  ON products FOR EACH ROW EXECUTE FUNCTION aq_product_search_sync();
--> statement-breakpoint
-- The goods list no longer reads products for this (product_search_sales replaces it).
DROP INDEX IF EXISTS products_visible_sales_idx;
--> statement-breakpoint
INSERT INTO product_search (product_id, search_text, sales_count, price, category_code, company_id,
  origin_province_code, origin_city_code, is_poverty_relief, created_at)
SELECT id, search_text, sales_count, price, category_code, company_id, origin_province_code, origin_city_code,
  is_poverty_relief, created_at
FROM products WHERE status = 2 AND shop_visible
ON CONFLICT (product_id) DO NOTHING;
