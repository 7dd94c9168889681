ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Accounts confirmed before this column existed: the last change of the row is the best estimate.
UPDATE "users" SET "email_verified_at" = "updated_at" WHERE "email_verified" AND "email_verified_at" IS NULL;
