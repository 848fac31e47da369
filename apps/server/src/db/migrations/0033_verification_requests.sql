CREATE TABLE "verification_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"materials" text NOT NULL,
	"packaging" text NOT NULL,
	"certifications" text DEFAULT '' NOT NULL,
	"document" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_requests_business_idx" ON "verification_requests" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "verification_requests_pending_idx" ON "verification_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_requests_one_pending_uq" ON "verification_requests" USING btree ("business_id") WHERE status = 'pending';