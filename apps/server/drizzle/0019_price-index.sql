CREATE TABLE "price_index_points" (
	"category" text NOT NULL,
	"grade" text,
	"day" date NOT NULL,
	"price_cents_per_tonne" integer NOT NULL,
	"contributors" integer NOT NULL,
	"source" text NOT NULL,
	"carried_forward" boolean DEFAULT false NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_index_points_key" UNIQUE NULLS NOT DISTINCT("category","grade","day")
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "geocoded_place" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "geocoded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "match_radius_km" integer;--> statement-breakpoint
CREATE INDEX "price_index_points_day_idx" ON "price_index_points" USING btree ("day");--> statement-breakpoint
CREATE INDEX "listings_matching_idx" ON "listings" USING btree ("category","type","grade","price_per_tonne_cents") WHERE status = 'active' and approval_status <> 'rejected' and price_per_tonne_cents is not null;--> statement-breakpoint
CREATE INDEX "listings_matching_pieces_idx" ON "listings" USING btree ("category","type","price_cents") WHERE status = 'active' and approval_status <> 'rejected' and unit = 'pieces';