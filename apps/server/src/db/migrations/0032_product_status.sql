ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
-- A product leaving or joining the shop (issue 29, point 5) is a change the search engine follows:
-- its status is compared with the fields 0016 compares.
CREATE OR REPLACE FUNCTION search_log_products_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (product_id)
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.business_id, n.price_cents, n.condition, n.product_category, n.created_at,
           n.search_vector, n.status)
      IS DISTINCT FROM
          (o.business_id, o.price_cents, o.condition, o.product_category, o.created_at,
           o.search_vector, o.status);
  RETURN NULL;
END
$$;
