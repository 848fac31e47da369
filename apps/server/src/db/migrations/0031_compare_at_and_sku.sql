ALTER TABLE "products" ADD COLUMN "compare_at_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "compare_at_cents" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "sku" text;