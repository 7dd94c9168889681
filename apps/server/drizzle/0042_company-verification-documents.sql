ALTER TABLE "companies" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verification_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verification_refusal_reason" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verification_refused_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "companies_tax_id_idx" ON "companies" USING btree ("tax_id") WHERE tax_id is not null;