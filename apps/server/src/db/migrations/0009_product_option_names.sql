-- The names of a product's variant options ("Size", "Color"), as Shopify's product options.
ALTER TABLE "products" ADD COLUMN "option_names" text[] DEFAULT '{}'::text[] NOT NULL;