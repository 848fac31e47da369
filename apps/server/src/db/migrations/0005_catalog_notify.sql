-- Every change to what the public catalogue calls answer is announced once per statement on
-- the channel leafline_catalog, so each app instance can drop its cached answers
-- (DESIGN 2.11, 2.13; docs/decisions/0007-catalogue-cache.md).
CREATE OR REPLACE FUNCTION leafline_catalog_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('leafline_catalog', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION leafline_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_images_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION leafline_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER variants_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON variants
  FOR EACH STATEMENT EXECUTE FUNCTION leafline_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER variant_images_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON variant_images
  FOR EACH STATEMENT EXECUTE FUNCTION leafline_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER businesses_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON businesses
  FOR EACH STATEMENT EXECUTE FUNCTION leafline_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER sustainability_notes_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sustainability_notes
  FOR EACH STATEMENT EXECUTE FUNCTION leafline_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER curated_lists_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON curated_lists
  FOR EACH STATEMENT EXECUTE FUNCTION leafline_catalog_changed();
