CREATE TABLE "shopify_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"clear" boolean DEFAULT false NOT NULL,
	"total" integer,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"cursor" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_webhook_deliveries" (
	"webhook_id" text PRIMARY KEY NOT NULL,
	"shop_domain" text NOT NULL,
	"topic" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "shopify_image_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shopify_sync_digest" text;--> statement-breakpoint
ALTER TABLE "variant_images" ADD COLUMN "shopify_image_id" text;--> statement-breakpoint
ALTER TABLE "shopify_sync_runs" ADD CONSTRAINT "shopify_sync_runs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shopify_sync_runs_business_idx" ON "shopify_sync_runs" USING btree ("business_id","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_sync_runs_active_uq" ON "shopify_sync_runs" USING btree ("business_id","kind") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "products_shopify_uq" ON "products" USING btree ("business_id","shopify_product_id") WHERE shopify_product_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "variants_shopify_uq" ON "variants" USING btree ("product_id","shopify_variant_id") WHERE shopify_variant_id is not null;