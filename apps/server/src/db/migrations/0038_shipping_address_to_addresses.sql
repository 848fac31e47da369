-- Each user's one shipping address becomes their default saved address (nothing lost), then
-- the old table goes (decision 0048).
INSERT INTO "addresses" ("user_id", "is_default", "first_name", "last_name", "address_line1", "address_line2", "city", "state", "postal_code", "country", "phone_number", "created_at", "updated_at")
SELECT "user_id", true, "first_name", "last_name", "address_line1", "address_line2", "city", "state", "postal_code", "country", "phone_number", "updated_at", "updated_at"
FROM "shipping_addresses";--> statement-breakpoint
DROP TABLE "shipping_addresses" CASCADE;
