CREATE TABLE "material_grades" (
	"id" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "grade" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "incoterm" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "incoterm_place" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "packing" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "supply_frequency" text DEFAULT 'one_off' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "quantity_tonnes" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "price_per_tonne_cents" integer;--> statement-breakpoint
CREATE INDEX "material_grades_category_idx" ON "material_grades" USING btree ("category");--> statement-breakpoint
CREATE INDEX "listings_grade_idx" ON "listings" USING btree ("grade") WHERE grade is not null;--> statement-breakpoint
-- Backfill the per-tonne figures of existing listings as @app/shared/market/units.ts computes them (the units of the time: tons = US short tons, kg, pounds; pieces stay null; a price per tonne beyond the integer range stays null).
UPDATE "listings" SET
	"quantity_tonnes" = round("quantity" * "per_unit"."kg" / 1000, 4),
	"price_per_tonne_cents" = CASE WHEN round("price_cents" * 1000 / "per_unit"."kg") <= 2147483647 THEN round("price_cents" * 1000 / "per_unit"."kg")::integer END
FROM (VALUES ('tons', 907.18474), ('kg', 1.0), ('pounds', 0.45359237)) AS "per_unit"("unit", "kg")
WHERE "listings"."unit" = "per_unit"."unit";
