CREATE TABLE "product_ratings" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"sum" integer DEFAULT 0 NOT NULL,
	"stars1" integer DEFAULT 0 NOT NULL,
	"stars2" integer DEFAULT 0 NOT NULL,
	"stars3" integer DEFAULT 0 NOT NULL,
	"stars4" integer DEFAULT 0 NOT NULL,
	"stars5" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_ratings_count_not_negative" CHECK ("product_ratings"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"review_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"variant_options" jsonb,
	"reply_body" text,
	"reply_created_at" timestamp with time zone,
	"reply_updated_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_product_user_uq" UNIQUE("product_id","user_id"),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "product_ratings" ADD CONSTRAINT "product_ratings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_product_recent_idx" ON "reviews" USING btree ("product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_product_rating_idx" ON "reviews" USING btree ("product_id","rating","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
-- The search index holds each product's ratings (issue 27 point 6, docs/decisions/0043): a
-- product's ratings row added, changed or removed logs its product (0016's log, announced by
-- 0023's trigger), through 0016's functions as 0025 does for stock_levels.
CREATE TRIGGER search_log_product_ratings_insert AFTER INSERT ON product_ratings
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_log_images_inserted();
--> statement-breakpoint
CREATE TRIGGER search_log_product_ratings_update AFTER UPDATE ON product_ratings
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_log_images_inserted();
--> statement-breakpoint
CREATE TRIGGER search_log_product_ratings_delete AFTER DELETE ON product_ratings
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_log_images_deleted();
--> statement-breakpoint
-- A rating's change clears the catalogue caches as the other catalogue tables' do (0005).
CREATE TRIGGER product_ratings_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_ratings
  FOR EACH STATEMENT EXECUTE FUNCTION leafline_catalog_changed();
