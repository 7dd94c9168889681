DROP VIEW "public"."listing_facts";--> statement-breakpoint
CREATE VIEW "public"."listing_facts" AS (select "id", "user_id", "title", "type", "category", "grade", "unit", "quantity", "quantity_tonnes", "price_cents", "location", "price_per_tonne_cents", "status", "approval_status", "hold_reason", "match_radius_km", "latitude", "longitude", "created_at", "updated_at" from "listings");
