CREATE TABLE "search_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"business_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_changes_changed_idx" ON "search_changes" USING btree ("changed_at");--> statement-breakpoint
-- The search engine's change log (docs/decisions/0023): products whose searched fields changed,
-- businesses whose name, open, verified or shipping state changed. One statement-level trigger per
-- event, over the transition table, so a bulk write logs its rows in one insert.
CREATE OR REPLACE FUNCTION search_log_products_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (product_id) SELECT id FROM new_rows;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_log_products_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_log_products_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_log_products_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (product_id) SELECT id FROM old_rows;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_log_products_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_log_products_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_log_products_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (product_id)
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.business_id, n.price_cents, n.condition, n.product_category, n.created_at,
           n.search_vector)
      IS DISTINCT FROM
          (o.business_id, o.price_cents, o.condition, o.product_category, o.created_at,
           o.search_vector);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_log_products_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_log_products_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_log_business() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO search_changes (business_id) VALUES (OLD.id);
  ELSIF TG_OP = 'INSERT' OR NEW.is_active IS DISTINCT FROM OLD.is_active
     OR NEW.verified IS DISTINCT FROM OLD.verified OR NEW.name IS DISTINCT FROM OLD.name THEN
    INSERT INTO search_changes (business_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_log_businesses AFTER INSERT OR UPDATE OR DELETE ON businesses
  FOR EACH ROW EXECUTE FUNCTION search_log_business();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_log_shipping_config() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (business_id)
    VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.business_id ELSE NEW.business_id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_log_shipping_configs AFTER INSERT OR UPDATE OR DELETE ON shipping_fee_configs
  FOR EACH ROW EXECUTE FUNCTION search_log_shipping_config();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_log_shipping_country() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (business_id)
    SELECT c.business_id FROM shipping_fee_configs c
    WHERE c.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.config_id ELSE NEW.config_id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_log_shipping_countries AFTER INSERT OR UPDATE OR DELETE ON shipping_country_fees
  FOR EACH ROW EXECUTE FUNCTION search_log_shipping_country();
--> statement-breakpoint
-- Shipping fees now decide a search filter (free shipping): their changes clear the catalogue
-- caches as the other catalogue tables' do (migration 0005).
CREATE TRIGGER shipping_fee_configs_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_fee_configs
  FOR EACH STATEMENT EXECUTE FUNCTION leafline_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER shipping_country_fees_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_country_fees
  FOR EACH STATEMENT EXECUTE FUNCTION leafline_catalog_changed();
--> statement-breakpoint
-- The index also answers a page's first picture: a change to a product's pictures logs it.
CREATE OR REPLACE FUNCTION search_log_images_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (product_id) SELECT DISTINCT product_id FROM new_rows;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_log_images_insert AFTER INSERT ON product_images
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_log_images_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_log_images_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (product_id) SELECT DISTINCT product_id FROM old_rows;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_log_images_delete AFTER DELETE ON product_images
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_log_images_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_log_images_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (product_id)
    SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_log_images_update AFTER UPDATE ON product_images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_log_images_updated();
