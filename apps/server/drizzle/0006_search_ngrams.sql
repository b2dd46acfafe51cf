-- Chinese substring search (docs/decisions/0060-chinese-search.md).
-- products.search_text holds the normalized "name\nbrand\nspec model\nshop name"; products.search_grams
-- holds its unigrams and bigrams (GIN-indexed). The database maintains both, whoever writes the rows.

-- Normalization, identical to normalizeSearch() in packages/shared/src/contracts/mall-search.ts:
-- full-width ASCII and ideographic/no-break spaces to half-width, A-Z to a-z only (locale-independent),
-- whitespace runs to one space, trimmed.
CREATE OR REPLACE FUNCTION aq_search_norm(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(
    translate(translate(coalesce(t, ''), '！＂＃＄％＆＇（）＊＋，－．／０１２３４５６７８９：；＜＝＞？＠ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ［＼］＾＿｀ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ｛｜｝～　 ', '!"#$%&''()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~  '), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
    '\s+', ' ', 'g'))
$$;
--> statement-breakpoint
-- Distinct unigrams and bigrams of a normalized text; grams containing whitespace (field separators) are left out.
CREATE OR REPLACE FUNCTION aq_search_grams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM (
    SELECT substr(t, i, 1) AS g FROM generate_series(1, char_length(t)) AS i
    UNION ALL
    SELECT substr(t, i, 2) AS g FROM generate_series(1, char_length(t) - 1) AS i
  ) s WHERE g !~ '\s'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aq_product_search_text(name text, brand text, spec text, model text, shop text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT aq_search_norm(name) || E'\n' || aq_search_norm(brand) || E'\n' || aq_search_norm(concat_ws(' ', spec, model))
    || E'\n' || aq_search_norm(shop)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aq_products_search_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  shop text;
BEGIN
  SELECT coalesce(nullif(c.shop_name, ''), c.name) INTO shop FROM companies c WHERE c.id = NEW.company_id;
  NEW.search_text := aq_product_search_text(NEW.name, NEW.brand, NEW.spec, NEW.model, shop);
  NEW.search_grams := aq_search_grams(NEW.search_text);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER aq_products_search BEFORE INSERT OR UPDATE OF name, brand, spec, model, company_id, search_text, search_grams
  ON products FOR EACH ROW EXECUTE FUNCTION aq_products_search_trg();
--> statement-breakpoint
-- A renamed shop re-indexes its products: touching search_text fires the products trigger above.
CREATE OR REPLACE FUNCTION aq_companies_search_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_text = '' WHERE company_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER aq_companies_search AFTER UPDATE OF name, shop_name ON companies FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.shop_name IS DISTINCT FROM NEW.shop_name)
  EXECUTE FUNCTION aq_companies_search_trg();
--> statement-breakpoint
-- Rows written before this migration.
UPDATE products SET search_text = '';
