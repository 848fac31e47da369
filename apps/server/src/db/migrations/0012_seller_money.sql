CREATE TABLE "local_money_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_money_movements_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"tracking_number" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"target_status" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"provider_refund_id" text,
	"last_error" text,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reversal_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_business_idx" ON "order_events" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("status","updated_at");--> statement-breakpoint
-- The history of the orders placed before it was kept: their payment, then their status now.
INSERT INTO "order_events" ("order_id", "business_id", "type", "status", "tracking_number", "created_at")
SELECT o."id", o."business_id", 'paid', 'Paid', '', p."created_at"
FROM "orders" o JOIN "payouts" p ON p."order_id" = o."id";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "business_id", "type", "status", "tracking_number", "created_at")
SELECT o."id", o."business_id", 'status', o."status", o."tracking_number", o."updated_at"
FROM "orders" o
WHERE o."status" NOT IN ('Pending', 'Paid')
  OR (o."status" = 'Paid' AND NOT EXISTS (SELECT 1 FROM "payouts" p WHERE p."order_id" = o."id"));
--> statement-breakpoint
-- Paid orders already Refunded or Canceled before refunds were kept: their money was settled
-- outside the app, so they count as refunded (never refunded a second time by a status change).
INSERT INTO "refunds" ("order_id", "business_id", "amount_cents", "target_status", "status", "emailed_at", "created_at", "updated_at")
SELECT o."id", o."business_id", o."total_cents", o."status", 'succeeded', o."updated_at", o."updated_at", o."updated_at"
FROM "orders" o JOIN "payouts" p ON p."order_id" = o."id"
WHERE o."status" IN ('Refunded', 'Canceled');
