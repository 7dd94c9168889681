CREATE TABLE "deal_events" (
	"id" text PRIMARY KEY NOT NULL,
	"position" bigserial NOT NULL,
	"deal_id" text NOT NULL,
	"transition" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_user_id" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"from_escrow_status" text NOT NULL,
	"to_escrow_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" text PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"buyer_user_id" text NOT NULL,
	"seller_user_id" text NOT NULL,
	"deal_value_cents" integer NOT NULL,
	"commission_rate_bps" integer NOT NULL,
	"commission_cents" integer NOT NULL,
	"status" text DEFAULT 'initiated' NOT NULL,
	"escrow_status" text DEFAULT 'none' NOT NULL,
	"buyer_confirmed" boolean DEFAULT false NOT NULL,
	"seller_confirmed" boolean DEFAULT false NOT NULL,
	"last_offer_by" text DEFAULT 'buyer' NOT NULL,
	"early_release_requested_by" text,
	"escrow_transaction_id" text,
	"notes" text,
	"dispute_reason" text,
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"commission_payer" text,
	"commission_paid_buyer_cents" integer DEFAULT 0 NOT NULL,
	"commission_paid_seller_cents" integer DEFAULT 0 NOT NULL,
	"commission_included_in_funding" boolean DEFAULT false NOT NULL,
	"commission_settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_two_parties" CHECK ("deals"."buyer_user_id" <> "deals"."seller_user_id"),
	CONSTRAINT "deals_value_positive" CHECK ("deals"."deal_value_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "escrow_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"deal_id" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"deal_value_cents" integer NOT NULL,
	"commission_cents" integer DEFAULT 0 NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"payment_id" text,
	"wire_transfer_id" text,
	"provider_transaction_id" text,
	"reference" text,
	"escrow_url" text,
	"held_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_escrow_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"deal_id" text NOT NULL,
	"buyer_email" text NOT NULL,
	"seller_email" text NOT NULL,
	"item_description" text NOT NULL,
	"deal_value_cents" integer NOT NULL,
	"commission_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"funded_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"processing_fee_bps" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_type_unique" UNIQUE("type")
);
--> statement-breakpoint
CREATE TABLE "wire_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"reference_number" text NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"recipient_bank_name" text NOT NULL,
	"recipient_account_name" text NOT NULL,
	"recipient_account_number" text NOT NULL,
	"recipient_swift_code" text NOT NULL,
	"payment_type" text NOT NULL,
	"related_id" text,
	"commission_cents" integer DEFAULT 0 NOT NULL,
	"processing_fee_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by_admin_email" text,
	"admin_notes" text,
	"processing_fee_transferred_at" timestamp with time zone,
	"commission_transferred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wire_transfers_referenceNumber_unique" UNIQUE("reference_number")
);
--> statement-breakpoint
ALTER TABLE "deal_events" ADD CONSTRAINT "deal_events_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_events" ADD CONSTRAINT "deal_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_payments" ADD CONSTRAINT "escrow_payments_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wire_transfers" ADD CONSTRAINT "wire_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_events_deal_idx" ON "deal_events" USING btree ("deal_id","position");--> statement-breakpoint
CREATE INDEX "deals_buyer_idx" ON "deals" USING btree ("buyer_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_seller_idx" ON "deals" USING btree ("seller_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_listing_idx" ON "deals" USING btree ("listing_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_status_idx" ON "deals" USING btree ("status","escrow_status");--> statement-breakpoint
CREATE INDEX "escrow_payments_deal_idx" ON "escrow_payments" USING btree ("deal_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "escrow_payments_provider_tx_idx" ON "escrow_payments" USING btree ("provider_transaction_id");--> statement-breakpoint
CREATE INDEX "escrow_payments_pending_idx" ON "escrow_payments" USING btree ("method","created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "sandbox_escrow_transactions_deal_id_index" ON "sandbox_escrow_transactions" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "sandbox_escrow_transactions_status_index" ON "sandbox_escrow_transactions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "wire_transfers_user_id_created_at_index" ON "wire_transfers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wire_transfers_status_created_at_index" ON "wire_transfers" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "wire_transfers_payment_type_related_id_index" ON "wire_transfers" USING btree ("payment_type","related_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wire_transfers_one_pending_per_amount" ON "wire_transfers" USING btree ("payment_type","related_id","amount_cents") WHERE "wire_transfers"."status" = 'pending';