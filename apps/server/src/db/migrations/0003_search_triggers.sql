-- Search document and vocabulary of the catalogue (DESIGN 2.11, docs/decisions/0005).
-- The document needs the business name, which a generated column cannot read, so triggers
-- keep it: on products when a searched field changes, on businesses when the name changes.

-- Lower-case words (3 to 40 characters) of a text: the vocabulary for typo correction.
CREATE OR REPLACE FUNCTION leafline_search_words(doc text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(doc, '')), '[^[:alnum:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 40
$$;
--> statement-breakpoint
-- Weighted document: name A, business name B, product_category C, description D.
CREATE OR REPLACE FUNCTION leafline_product_document(
  name text, business_name text, category text, description text
) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english', coalesce(name, '')), 'A')
    || setweight(to_tsvector('english', coalesce(business_name, '')), 'B')
    || setweight(to_tsvector('english', coalesce(category, '')), 'C')
    -- A tsvector holds at most 1 MB; descriptions are far shorter, this only guards the limit.
    || setweight(to_tsvector('english', left(coalesce(description, ''), 50000)), 'D')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  business_name text;
BEGIN
  SELECT b.name INTO business_name FROM businesses b WHERE b.id = NEW.business_id;
  NEW.search_vector := leafline_product_document(
    NEW.name, business_name, NEW.product_category, NEW.description);
  INSERT INTO search_words (word)
    SELECT leafline_search_words(NEW.name || ' ' || NEW.product_category)
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search
  BEFORE INSERT OR UPDATE OF name, description, product_category, business_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION businesses_search_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT leafline_search_words(NEW.name) ON CONFLICT DO NOTHING;
  IF TG_OP = 'UPDATE' AND NEW.name IS DISTINCT FROM OLD.name THEN
    -- Sets only search_vector, so the products trigger does not run again.
    UPDATE products
      SET search_vector = leafline_product_document(name, NEW.name, product_category, description)
      WHERE business_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_search
  AFTER INSERT OR UPDATE OF name ON businesses
  FOR EACH ROW EXECUTE FUNCTION businesses_search_trigger();
--> statement-breakpoint
-- Rows that existed before this migration.
UPDATE products p
  SET search_vector = leafline_product_document(p.name, b.name, p.product_category, p.description)
  FROM businesses b
  WHERE b.id = p.business_id;
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM (
    SELECT leafline_search_words(name || ' ' || product_category) AS w FROM products
    UNION ALL
    SELECT leafline_search_words(name) FROM businesses
  ) AS s
  ON CONFLICT DO NOTHING;
