CREATE TABLE "order_return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "order_return_lines_quantity" CHECK ("order_return_lines"."quantity" > 0),
	CONSTRAINT "order_return_lines_reason" CHECK (char_length("order_return_lines"."reason") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"decline_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "order_returns_status" CHECK ("order_returns"."status" in ('requested', 'accepted', 'declined')),
	CONSTRAINT "order_returns_decided" CHECK (("order_returns"."status" = 'requested') = ("order_returns"."decided_at" is null)
        and ("order_returns"."status" = 'declined') = (char_length("order_returns"."decline_reason") between 1 and 500))
);
--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_return_lines_uq" ON "order_return_lines" USING btree ("return_id","order_item_id");--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_open_uq" ON "order_returns" USING btree ("order_id") WHERE "order_returns"."status" = 'requested';