CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lock_id" uuid,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("lease_until") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status","id");--> statement-breakpoint
-- hand-written: mail still queued and bulk-upload digests still unsent were delivered by the mechanisms the queue
-- replaces (the outbox sender and the digest worker); give each its job so nothing waiting is dropped.
INSERT INTO "jobs" ("type", "payload", "max_attempts", "attempts")
SELECT 'mail', jsonb_build_object('mail_id', "id"), 5, least("attempts", 4) FROM "mail_outbox" WHERE "status" = 'queued' ORDER BY "id";--> statement-breakpoint
-- hand-written: (continued)
INSERT INTO "jobs" ("type", "payload", "max_attempts")
SELECT 'listing-digest', jsonb_build_object('digest_id', "id"), 6 FROM "listing_digests" WHERE "sent_at" IS NULL ORDER BY "id";
