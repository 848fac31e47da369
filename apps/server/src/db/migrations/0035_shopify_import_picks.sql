CREATE TABLE "shopify_import_picks" (
	"business_id" integer NOT NULL,
	"shopify_product_id" text NOT NULL,
	CONSTRAINT "shopify_import_picks_business_id_shopify_product_id_pk" PRIMARY KEY("business_id","shopify_product_id")
);
--> statement-breakpoint
CREATE TABLE "shopify_import_settings" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'all' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shopify_import_picks" ADD CONSTRAINT "shopify_import_picks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_import_settings" ADD CONSTRAINT "shopify_import_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;