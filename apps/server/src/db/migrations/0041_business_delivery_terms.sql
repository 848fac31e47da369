ALTER TABLE "businesses" ADD COLUMN "processing_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "returns_accepted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "returns_days" integer DEFAULT 30;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_processing_days_range" CHECK ("businesses"."processing_days" between 1 and 30);--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_returns_days_range" CHECK (("businesses"."returns_accepted" and "businesses"."returns_days" is not null and "businesses"."returns_days" between 7 and 90) or (not "businesses"."returns_accepted" and "businesses"."returns_days" is null));