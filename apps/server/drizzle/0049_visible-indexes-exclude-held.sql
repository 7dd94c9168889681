DROP INDEX "listings_visible_created_idx";--> statement-breakpoint
DROP INDEX "listings_visible_price_idx";--> statement-breakpoint
DROP INDEX "listings_visible_quantity_idx";--> statement-breakpoint
DROP INDEX "listings_visible_unit_price_idx";--> statement-breakpoint
DROP INDEX "listings_matching_idx";--> statement-breakpoint
DROP INDEX "listings_matching_grade_idx";--> statement-breakpoint
DROP INDEX "listings_matching_pieces_idx";--> statement-breakpoint
CREATE INDEX "listings_visible_created_idx" ON "listings" USING btree ("created_at","id") WHERE status = 'active' and approval_status <> 'rejected' and hold_reason is null;--> statement-breakpoint
CREATE INDEX "listings_visible_price_idx" ON "listings" USING btree ("price_cents","id") WHERE status = 'active' and approval_status <> 'rejected' and hold_reason is null;--> statement-breakpoint
CREATE INDEX "listings_visible_quantity_idx" ON "listings" USING btree ("quantity","id") WHERE status = 'active' and approval_status <> 'rejected' and hold_reason is null;--> statement-breakpoint
CREATE INDEX "listings_visible_unit_price_idx" ON "listings" USING btree ("unit","price_cents") WHERE status = 'active' and approval_status <> 'rejected' and hold_reason is null;--> statement-breakpoint
CREATE INDEX "listings_matching_idx" ON "listings" USING btree ("category","type","price_per_tonne_cents","grade","quantity_tonnes","user_id","latitude","longitude","match_radius_km","approval_status","id") WHERE status = 'active' and approval_status <> 'rejected' and hold_reason is null and price_per_tonne_cents is not null;--> statement-breakpoint
CREATE INDEX "listings_matching_grade_idx" ON "listings" USING btree ("category","type","grade","price_per_tonne_cents","quantity_tonnes","user_id","latitude","longitude","match_radius_km","approval_status","id") WHERE status = 'active' and approval_status <> 'rejected' and hold_reason is null and price_per_tonne_cents is not null;--> statement-breakpoint
CREATE INDEX "listings_matching_pieces_idx" ON "listings" USING btree ("category","type","price_cents","grade","quantity","user_id","latitude","longitude","match_radius_km","approval_status","id") WHERE status = 'active' and approval_status <> 'rejected' and hold_reason is null and unit = 'pieces';