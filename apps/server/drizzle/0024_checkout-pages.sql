CREATE TABLE "payment_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_checkout_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"provider_payment_ref" text,
	"paid_cents" integer,
	"refund_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "checkout_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_claim_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_provider_provider_checkout_id_index" ON "payment_checkouts" USING btree ("provider","provider_checkout_id");--> statement-breakpoint
CREATE INDEX "payment_checkouts_payment_id_index" ON "payment_checkouts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_checkouts_provider_provider_payment_ref_index" ON "payment_checkouts" USING btree ("provider","provider_payment_ref");--> statement-breakpoint
CREATE INDEX "payment_checkouts_stray_idx" ON "payment_checkouts" USING btree ("updated_at") WHERE "payment_checkouts"."status" = 'stray';