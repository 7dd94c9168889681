-- Deals made before quantities were kept covered their listing's whole quantity.
UPDATE "deals" d SET "quantity" = l."quantity", "unit" = l."unit"
FROM "listings" l
WHERE l."id" = d."listing_id" AND d."quantity" IS NULL;
--> statement-breakpoint
-- A listing whose quantity deals already hold is sold (the rule of dealHoldsQuantity: Buy Now deals
-- until cancelled, other deals once agreed).
UPDATE "listings" l SET "status" = 'sold'
WHERE l."status" = 'active' AND l."quantity" <= (
  SELECT coalesce(sum(d."quantity"), 0) FROM "deals" d
  WHERE d."listing_id" = l."id"
    AND ((d."buy_now" AND d."status" <> 'cancelled')
      OR d."status" IN ('agreed', 'escrow_created', 'completed', 'disputed'))
);
