-- Deals made by Buy Now before the column existed carry the note "Buy Now purchase: ...". Mark the
-- newest open one per buyer and listing, so a repeat Buy Now finds it; older repeats stay as they are.
UPDATE "deals" SET "buy_now" = true
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "buyer_user_id", "listing_id" ORDER BY "created_at" DESC, "id") AS "rank"
    FROM "deals"
    WHERE "notes" LIKE 'Buy Now purchase:%' AND "status" NOT IN ('completed', 'cancelled')
  ) AS "open_buy_now"
  WHERE "rank" = 1
);
