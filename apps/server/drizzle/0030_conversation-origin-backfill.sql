-- Conversations a deal opened before the column existed become deal threads: their first message is
-- the deal's own message, or (when that message was never posted) the subject is the deal's
-- "Deal: <listing title>" and the buyer started it on a listing they made a deal on. A conversation
-- whose first message a paid contact request posted stays a contact conversation.
WITH "firsts" AS (
  SELECT DISTINCT ON ("conversation_id") "conversation_id", "id", "message_type"
  FROM "messages"
  ORDER BY "conversation_id", "created_at", "id"
)
UPDATE "conversations" AS "c" SET "origin" = 'deal'
WHERE "c"."origin" = 'contact'
  AND (
    EXISTS (SELECT 1 FROM "firsts" AS "f" WHERE "f"."conversation_id" = "c"."id" AND "f"."message_type" = 'deal')
    OR (
      "c"."subject" LIKE 'Deal: %'
      AND EXISTS (
        SELECT 1 FROM "deals" AS "d"
        WHERE "d"."listing_id" = "c"."listing_id"
          AND "d"."buyer_user_id" = "c"."participant_1_id"
          AND "d"."seller_user_id" = "c"."participant_2_id"
      )
      AND NOT EXISTS (
        SELECT 1 FROM "contact_requests" AS "r"
        JOIN "firsts" AS "f" ON "f"."id" = "r"."message_id"
        WHERE "r"."conversation_id" = "c"."id" AND "f"."conversation_id" = "c"."id"
      )
    )
  );
