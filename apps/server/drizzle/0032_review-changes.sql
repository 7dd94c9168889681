ALTER TABLE "companies" ADD COLUMN "verification_changes" jsonb;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "review_changes" jsonb;