CREATE TABLE "bulk_email_campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"template" text NOT NULL,
	"subject" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"total_recipients" integer NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"next_batch_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bulk_email_recipients" (
	"campaign_id" text NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"outbox_id" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "bulk_email_recipients_campaign_id_user_id_pk" PRIMARY KEY("campaign_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "marketing_unsubscribes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"unsubscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "escrow_required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_email_campaigns" ADD CONSTRAINT "bulk_email_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_email_recipients" ADD CONSTRAINT "bulk_email_recipients_campaign_id_bulk_email_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bulk_email_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_email_recipients" ADD CONSTRAINT "bulk_email_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_unsubscribes" ADD CONSTRAINT "marketing_unsubscribes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_email_campaigns_created_at_index" ON "bulk_email_campaigns" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_email_campaigns_one_running" ON "bulk_email_campaigns" USING btree ((true)) WHERE status in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "bulk_email_recipients_campaign_id_status_index" ON "bulk_email_recipients" USING btree ("campaign_id","status");