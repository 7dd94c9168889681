ALTER TABLE "deals" ADD COLUMN "open_claim_id" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "escrow_splittable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "deals" SET "escrow_splittable" = false
WHERE EXISTS (
  SELECT 1 FROM "escrow_payments" ep
  WHERE ep."deal_id" = "deals"."id" AND ep."method" = 'escrow_wire' AND ep."status" IN ('held', 'released', 'refunded')
);
