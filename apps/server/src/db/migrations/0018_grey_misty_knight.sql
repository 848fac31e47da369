ALTER TABLE "product_images" ADD COLUMN "option_index" smallint;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "option_value" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_option_tie" CHECK (("product_images"."option_index" is null and "product_images"."option_value" is null) or ("product_images"."option_index" in (1, 2) and "product_images"."option_value" <> ''));