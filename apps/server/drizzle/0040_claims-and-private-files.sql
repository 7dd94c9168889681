CREATE TABLE "deal_claim_events" (
	"id" text PRIMARY KEY NOT NULL,
	"position" bigserial NOT NULL,
	"claim_id" text NOT NULL,
	"transition" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_user_id" text,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"amount_cents" integer,
	"note" text,
	"evidence_file_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"deal_id" text NOT NULL,
	"status" text DEFAULT 'awaiting_seller' NOT NULL,
	"reason" text NOT NULL,
	"affected_quantity" numeric(14, 4) NOT NULL,
	"held_cents" integer NOT NULL,
	"claimed_cents" integer NOT NULL,
	"offered_cents" integer,
	"buyer_note" text,
	"seller_note" text,
	"opened_by_user_id" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer_due_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"buyer_refund_cents" integer,
	"seller_payout_cents" integer,
	"decided_by_admin_email" text,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_claims_claimed_within_held" CHECK ("deal_claims"."claimed_cents" > 0 and "deal_claims"."claimed_cents" <= "deal_claims"."held_cents"),
	CONSTRAINT "deal_claims_split_adds_up" CHECK (("deal_claims"."buyer_refund_cents" is null and "deal_claims"."seller_payout_cents" is null) or ("deal_claims"."buyer_refund_cents" >= 0 and "deal_claims"."seller_payout_cents" >= 0 and "deal_claims"."buyer_refund_cents" + "deal_claims"."seller_payout_cents" = "deal_claims"."held_cents"))
);
--> statement-breakpoint
CREATE TABLE "private_files" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"attached_to" text,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_claim_events" ADD CONSTRAINT "deal_claim_events_claim_id_deal_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."deal_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_claim_events" ADD CONSTRAINT "deal_claim_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_claims" ADD CONSTRAINT "deal_claims_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_claims" ADD CONSTRAINT "deal_claims_opened_by_user_id_users_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_files" ADD CONSTRAINT "private_files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_claim_events_claim_idx" ON "deal_claim_events" USING btree ("claim_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_claims_one_open" ON "deal_claims" USING btree ("deal_id") WHERE "deal_claims"."status" in ('awaiting_seller', 'offered', 'rejected', 'escalated');--> statement-breakpoint
CREATE INDEX "deal_claims_deal_idx" ON "deal_claims" USING btree ("deal_id","opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deal_claims_status_idx" ON "deal_claims" USING btree ("status","answer_due_at");--> statement-breakpoint
CREATE INDEX "private_files_owner_idx" ON "private_files" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "private_files_attached_idx" ON "private_files" USING btree ("attached_to");--> statement-breakpoint
CREATE INDEX "private_files_unattached_idx" ON "private_files" USING btree ("created_at") WHERE attached_to is null;