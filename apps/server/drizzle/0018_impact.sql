CREATE TABLE "warm_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"material" text NOT NULL,
	"label" text NOT NULL,
	"recycling_factor" numeric(10, 4) NOT NULL,
	"landfilling_factor" numeric(10, 4),
	"unit" text DEFAULT 'MTCO2E per short ton' NOT NULL,
	"warm_version" text DEFAULT 'v16' NOT NULL,
	"source" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"grade_ids" text[] DEFAULT '{}' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warm_factors_material_unique" UNIQUE("material")
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "quantity" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "delivered_tonnes" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "warm_material" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "co2e_avoided_kg" integer;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "impact_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "warm_factors" ADD CONSTRAINT "warm_factors_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_impact_idx" ON "deals" USING btree ("impact_recorded_at") WHERE impact_recorded_at is not null;