CREATE TABLE "database_backups" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"method" text NOT NULL,
	"file_name" text,
	"size_bytes" bigint,
	"error" text,
	"requested_by_id" text,
	"requested_by_name" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "database_backups_one_running_idx" ON "database_backups" USING btree ("status") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "database_backups_started_at_idx" ON "database_backups" USING btree ("started_at" DESC NULLS LAST);