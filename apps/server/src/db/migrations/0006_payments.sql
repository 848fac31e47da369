CREATE TABLE "local_payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"checkout_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"line_items" jsonb NOT NULL,
	"customer_email" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"promo_code_id" integer,
	"discount_code" text,
	"amount_discount_cents" integer DEFAULT 0 NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"pending_event" text,
	"event_delivered_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"commission_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"transfer_group" text NOT NULL,
	"transfer_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_one_kind" CHECK (("promo_codes"."percent_off" is null) <> ("promo_codes"."amount_off_cents" is null)),
	CONSTRAINT "promo_codes_percent_range" CHECK ("promo_codes"."percent_off" is null or "promo_codes"."percent_off" between 1 and 100),
	CONSTRAINT "promo_codes_amount_positive" CHECK ("promo_codes"."amount_off_cents" is null or "promo_codes"."amount_off_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "local_payment_sessions" ADD CONSTRAINT "local_payment_sessions_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_payment_sessions" ADD CONSTRAINT "local_payment_sessions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_payment_sessions_checkout_idx" ON "local_payment_sessions" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "local_payment_sessions_status_idx" ON "local_payment_sessions" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "payouts_business_idx" ON "payouts" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_lower_uq" ON "promo_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "checkouts_open_idx" ON "checkouts" USING btree ("status","created_at");