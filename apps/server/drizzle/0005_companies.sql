CREATE TABLE "companies" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"company_name" text NOT NULL,
	"description" text,
	"contact_email" text NOT NULL,
	"phone" text,
	"website" text,
	"address" text,
	"materials" text[] DEFAULT '{}'::text[] NOT NULL,
	"company_type" text NOT NULL,
	"sector" text,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by_admin_email" text,
	"removed_at" timestamp with time zone,
	"removal_reason" text,
	"removed_by_admin_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(company_name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B')) STORED
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_search_idx" ON "companies" USING gin ("search");--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_materials_idx" ON "companies" USING gin ("materials");--> statement-breakpoint
CREATE INDEX "companies_directory_idx" ON "companies" USING btree ("created_at","id") WHERE removed_at is null;--> statement-breakpoint
CREATE INDEX "companies_user_idx" ON "companies" USING btree ("user_id","created_at");