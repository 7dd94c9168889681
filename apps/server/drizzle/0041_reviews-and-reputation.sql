CREATE TABLE "deal_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"deal_id" text NOT NULL,
	"author_user_id" text NOT NULL,
	"subject_user_id" text NOT NULL,
	"author_role" text NOT NULL,
	"stars_as_agreed" smallint NOT NULL,
	"stars_communication" smallint NOT NULL,
	"stars_timeliness" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"publication_counted" boolean DEFAULT false NOT NULL,
	"reply_text" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by_admin_email" text,
	CONSTRAINT "deal_reviews_stars_range" CHECK ("deal_reviews"."stars_as_agreed" between 1 and 5 and "deal_reviews"."stars_communication" between 1 and 5 and "deal_reviews"."stars_timeliness" between 1 and 5),
	CONSTRAINT "deal_reviews_not_self" CHECK ("deal_reviews"."author_user_id" <> "deal_reviews"."subject_user_id")
);
--> statement-breakpoint
CREATE TABLE "user_reputations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"stars_as_agreed_sum" integer DEFAULT 0 NOT NULL,
	"stars_communication_sum" integer DEFAULT 0 NOT NULL,
	"stars_timeliness_sum" integer DEFAULT 0 NOT NULL,
	"completed_deals" integer DEFAULT 0 NOT NULL,
	"tonnes_traded" numeric(16, 4) DEFAULT 0 NOT NULL,
	"claims_lost" integer DEFAULT 0 NOT NULL,
	"claims_lost_last_12_months" integer DEFAULT 0 NOT NULL,
	"median_response_seconds" integer,
	"member_since" timestamp with time zone NOT NULL,
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"company_verified" boolean DEFAULT false NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_reviews" ADD CONSTRAINT "deal_reviews_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_reviews" ADD CONSTRAINT "deal_reviews_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_reviews" ADD CONSTRAINT "deal_reviews_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reputations" ADD CONSTRAINT "user_reputations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_reviews_one_per_author" ON "deal_reviews" USING btree ("deal_id","author_user_id");--> statement-breakpoint
CREATE INDEX "deal_reviews_subject_idx" ON "deal_reviews" USING btree ("subject_user_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deal_reviews_recent_idx" ON "deal_reviews" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deal_reviews_uncounted_idx" ON "deal_reviews" USING btree ("published_at") WHERE not publication_counted;--> statement-breakpoint
CREATE VIEW "public"."deal_outcomes" AS (
  select d.id, d.listing_id, d.buyer_user_id, d.seller_user_id, d.status, d.escrow_status,
    d.escrow_required, d.delivered_tonnes, d.completed_at, d.commission_settled_at,
    (select max(e.created_at) from deal_events e
      where e.deal_id = d.id and e.to_escrow_status = 'released' and e.from_escrow_status <> 'released')
      as released_at,
    c.settled_at as claim_settled_at,
    coalesce(c.lost, false) as claim_lost_by_seller
  from deals d
  left join lateral (
    select max(coalesce(dc.closed_at, dc.updated_at)) as settled_at, bool_or(dc.buyer_refund_cents > 0) as lost
    from deal_claims dc where dc.deal_id = d.id and dc.status = 'settled'
  ) c on true
);