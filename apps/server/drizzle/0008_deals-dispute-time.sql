ALTER TABLE "deals" ADD COLUMN "dispute_opened_at" timestamp with time zone;--> statement-breakpoint
UPDATE "deals" SET "dispute_opened_at" = (
  SELECT max("deal_events"."created_at") FROM "deal_events"
  WHERE "deal_events"."deal_id" = "deals"."id" AND "deal_events"."transition" = 'open-dispute'
) WHERE "status" = 'disputed';
