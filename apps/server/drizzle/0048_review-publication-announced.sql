ALTER TABLE "deal_reviews" ADD COLUMN "publication_announced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Reviews already public (or hidden) were published before the parties were told of publications:
-- no backlog of emails for them; those still waiting for their window are told when it ends.
UPDATE "deal_reviews" SET "publication_announced" = true
WHERE "published_at" <= now() OR "hidden_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "deal_reviews_unannounced_idx" ON "deal_reviews" USING btree ("published_at") WHERE not publication_announced;