-- Who posted each ledger transaction: escrow (every movement of a deal's money) or payments (its own
-- sales and stray charges). Existing rows are told apart by what they touch: a deal or wire
-- reference, a deal's escrow or a payable account, or a charge of a deal's checkout (escrow funding,
-- commission) outside suspense were escrow's; everything else was a sale booked through payments.
ALTER TABLE "ledger_transactions" ADD COLUMN "poster" text;--> statement-breakpoint
UPDATE "ledger_transactions" t SET "poster" = CASE
  WHEN t."reference_type" IN ('deal', 'wire_transfer') THEN 'escrow'
  WHEN EXISTS (
    SELECT 1 FROM "ledger_entries" e
    WHERE e."transaction_id" = t."id" AND (e."account" LIKE 'escrow:held:%' OR e."account" LIKE 'payable:%')
  ) THEN 'escrow'
  WHEN t."reference_type" = 'payment'
    AND EXISTS (
      SELECT 1 FROM "payments" p
      WHERE p."id" = t."reference_id" AND p."purpose" IN ('escrow_funding', 'commission')
    )
    AND NOT EXISTS (
      SELECT 1 FROM "ledger_entries" e
      WHERE e."transaction_id" = t."id" AND e."account" = 'suspense:payments'
    ) THEN 'escrow'
  ELSE 'payments'
END;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ALTER COLUMN "poster" SET NOT NULL;
