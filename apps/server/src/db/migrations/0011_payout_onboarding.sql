CREATE TABLE "local_connected_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" integer,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"link_token" text,
	"link_expires_at" timestamp with time zone,
	"refresh_url" text,
	"return_url" text,
	"pending_event" text,
	"event_delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_connected_accounts_link_token_unique" UNIQUE("link_token")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "stripe_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "local_connected_accounts" ADD CONSTRAINT "local_connected_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_connected_accounts_business_idx" ON "local_connected_accounts" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "businesses_stripe_account_idx" ON "businesses" USING btree ("stripe_account_id");