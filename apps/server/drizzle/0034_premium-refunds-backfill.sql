-- Premium payments refunded before premium_refunds existed used up the money-back guarantee too.
-- Their account and sign-in address are recorded (companies are matched from new refunds on).
INSERT INTO "premium_refunds" ("id", "payment_id", "provider", "provider_subscription_id", "user_id", "identities", "created_at")
SELECT 'prf_' || p."id", p."id", p."provider", p."target_id", p."user_id",
  CASE WHEN u."email" IS NULL THEN ARRAY['user:' || p."user_id"]
       ELSE ARRAY['user:' || p."user_id", 'email:' || regexp_replace(lower(trim(u."email")), '\+[^@]*@', '@')]
  END,
  p."updated_at"
FROM "payments" p LEFT JOIN "users" u ON u."id" = p."user_id"
WHERE p."purpose" = 'subscription' AND p."refunded_cents" > 0
ON CONFLICT ("payment_id") DO NOTHING;
