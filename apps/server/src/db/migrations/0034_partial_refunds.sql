CREATE TABLE "partial_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reversal_cents" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"lines" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"reversal_status" text DEFAULT 'waiting' NOT NULL,
	"reversal_id" text,
	"last_error" text,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partial_refunds_amount_ck" CHECK ("partial_refunds"."amount_cents" > 0 and "partial_refunds"."reversal_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reversed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "partial_refunds" ADD CONSTRAINT "partial_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partial_refunds" ADD CONSTRAINT "partial_refunds_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partial_refunds_key_uq" ON "partial_refunds" USING btree ("order_id","request_key");