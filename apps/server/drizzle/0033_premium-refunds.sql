CREATE TABLE "premium_checkouts" (
	"provider_checkout_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "premium_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"user_id" text NOT NULL,
	"identities" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premium_refunds_paymentId_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
ALTER TABLE "premium_checkouts" ADD CONSTRAINT "premium_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "premium_checkouts_user_id_created_at_index" ON "premium_checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "premium_refunds_identities_index" ON "premium_refunds" USING gin ("identities");