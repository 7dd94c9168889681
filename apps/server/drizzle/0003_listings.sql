CREATE TABLE "listing_images" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"listing_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"display_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_monthly_usage" (
	"user_id" text NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_monthly_usage_user_id_year_month_pk" PRIMARY KEY("user_id","year","month")
);
--> statement-breakpoint
CREATE TABLE "listing_views" (
	"listing_id" text NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "listing_views_listing_id_visitor_day_pk" PRIMARY KEY("listing_id","visitor","day")
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"quantity" numeric(14, 2) NOT NULL,
	"unit" text NOT NULL,
	"price_cents" integer NOT NULL,
	"location" text NOT NULL,
	"availability" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"reviewed_by_admin_email" text,
	"reviewed_at" timestamp with time zone,
	"is_featured" boolean DEFAULT false NOT NULL,
	"featured_until" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"inquiries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"created_month" integer NOT NULL,
	"created_year" integer NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B')) STORED
);
--> statement-breakpoint
ALTER TABLE "listing_images" ADD CONSTRAINT "listing_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_images" ADD CONSTRAINT "listing_images_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_monthly_usage" ADD CONSTRAINT "listing_monthly_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_images_listing_id_position_index" ON "listing_images" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "listing_images_user_id_index" ON "listing_images" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "listing_images_created_at_index" ON "listing_images" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search");--> statement-breakpoint
CREATE INDEX "listings_title_trgm_idx" ON "listings" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_description_trgm_idx" ON "listings" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_location_trgm_idx" ON "listings" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_user_created_idx" ON "listings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "listings_visible_created_idx" ON "listings" USING btree ("created_at","id") WHERE status = 'active' and approval_status <> 'rejected';--> statement-breakpoint
CREATE INDEX "listings_visible_price_idx" ON "listings" USING btree ("price_cents","id") WHERE status = 'active' and approval_status <> 'rejected';--> statement-breakpoint
CREATE INDEX "listings_visible_quantity_idx" ON "listings" USING btree ("quantity","id") WHERE status = 'active' and approval_status <> 'rejected';--> statement-breakpoint
CREATE INDEX "listings_category_type_idx" ON "listings" USING btree ("category","type");--> statement-breakpoint
CREATE INDEX "listings_approval_idx" ON "listings" USING btree ("approval_status","created_at");--> statement-breakpoint
CREATE INDEX "listings_expires_idx" ON "listings" USING btree ("expires_at") WHERE status = 'active' and expires_at is not null;--> statement-breakpoint
CREATE INDEX "listings_featured_idx" ON "listings" USING btree ("featured_until") WHERE is_featured;