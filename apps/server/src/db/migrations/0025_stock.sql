CREATE TABLE "stock_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"stock" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_levels_unit_uq" UNIQUE NULLS NOT DISTINCT("product_id","variant_id"),
	CONSTRAINT "stock_levels_stock_not_negative" CHECK ("stock_levels"."stock" >= 0),
	CONSTRAINT "stock_levels_reserved_not_negative" CHECK ("stock_levels"."reserved" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"order_id" integer,
	"kind" text NOT NULL,
	"delta" integer,
	"stock_after" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "stock_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "restock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","id");--> statement-breakpoint
-- The search index holds each product's stock (docs/decisions/0042): a count added, changed or
-- removed logs its product (migration 0016's log, announced by 0023's trigger), and so does a
-- variant added or removed (a product's stock is the sum over its live variants). 0016's
-- functions log the product_id of every row of a statement's transition table, whatever the
-- table: they serve here as they serve product_images.
CREATE TRIGGER search_log_stock_levels_insert AFTER INSERT ON stock_levels
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_log_images_inserted();
--> statement-breakpoint
CREATE TRIGGER search_log_stock_levels_update AFTER UPDATE ON stock_levels
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_log_images_inserted();
--> statement-breakpoint
CREATE TRIGGER search_log_stock_levels_delete AFTER DELETE ON stock_levels
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_log_images_deleted();
--> statement-breakpoint
CREATE TRIGGER search_log_variants_insert AFTER INSERT ON variants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_log_images_inserted();
--> statement-breakpoint
CREATE TRIGGER search_log_variants_delete AFTER DELETE ON variants
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_log_images_deleted();
--> statement-breakpoint
-- A variant deleted (or brought back) by its flag, or moved: its product's sum changes.
CREATE OR REPLACE FUNCTION search_log_variants_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (product_id)
    SELECT DISTINCT n.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.product_id, n.deleted) IS DISTINCT FROM (o.product_id, o.deleted);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_log_variants_update AFTER UPDATE ON variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_log_variants_updated();
--> statement-breakpoint
-- A count's change clears the catalogue caches as the other catalogue tables' do (0005).
CREATE TRIGGER stock_levels_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stock_levels
  FOR EACH STATEMENT EXECUTE FUNCTION leafline_catalog_changed();
