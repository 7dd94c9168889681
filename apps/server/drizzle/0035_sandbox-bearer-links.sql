ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "browser_key_hash" text;--> statement-breakpoint
ALTER TABLE "sandbox_portal_sessions" ADD COLUMN "browser_key_hash" text;