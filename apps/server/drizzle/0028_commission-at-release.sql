ALTER TABLE "deals" ADD COLUMN "commission_deducted_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "commission_payer_proposal" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "commission_proposed_by" text;