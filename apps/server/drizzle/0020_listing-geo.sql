CREATE TABLE "listing_matches" (
	"id" text PRIMARY KEY NOT NULL,
	"buy_listing_id" text NOT NULL,
	"sell_listing_id" text NOT NULL,
	"score" double precision NOT NULL,
	"reasons" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email_digest" boolean DEFAULT true NOT NULL,
	"last_digest_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_matches" ADD CONSTRAINT "listing_matches_buy_listing_id_listings_id_fk" FOREIGN KEY ("buy_listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_matches" ADD CONSTRAINT "listing_matches_sell_listing_id_listings_id_fk" FOREIGN KEY ("sell_listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_preferences" ADD CONSTRAINT "match_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_matches_pair_idx" ON "listing_matches" USING btree ("buy_listing_id","sell_listing_id");--> statement-breakpoint
CREATE INDEX "listing_matches_sell_idx" ON "listing_matches" USING btree ("sell_listing_id");--> statement-breakpoint
CREATE INDEX "listing_matches_created_idx" ON "listing_matches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "match_preferences_digest_idx" ON "match_preferences" USING btree ("last_digest_at") WHERE email_digest;--> statement-breakpoint
CREATE INDEX "user_notifications_user_created_idx" ON "user_notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_notifications_unread_idx" ON "user_notifications" USING btree ("user_id") WHERE read_at is null;