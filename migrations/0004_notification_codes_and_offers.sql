-- Chat attachments are private files: keep the storage key, never a public URL (no rows exist yet).
DELETE FROM "chat_attachments";--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD COLUMN "storage_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_attachments" DROP COLUMN "url";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "review_reason" text;--> statement-breakpoint
-- Keep only the newest pending offer per company and listing before the one-pending rule is enforced.
UPDATE "offers" SET "status" = 'withdrawn' WHERE "status" = 'pending' AND "id" NOT IN (SELECT max("id") FROM "offers" WHERE "status" = 'pending' GROUP BY "material_id", "company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_pending" ON "offers" USING btree ("material_id","company_id") WHERE "offers"."status" = 'pending';--> statement-breakpoint
-- Notifications become a message code with parameters; existing English text is kept as the parameter of a plain-text code.
ALTER TABLE "notifications" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "notifications" SET "code" = 'notification.text', "params" = jsonb_build_object('text', "message");--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "message";
