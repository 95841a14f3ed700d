-- Storage keeps keys, not URLs: responses derive `/files/<key>` (docs/decisions/0009-private-files.md).
ALTER TABLE "companies" RENAME COLUMN "image_url" TO "image_key";--> statement-breakpoint
ALTER TABLE "users" RENAME COLUMN "image_url" TO "image_key";--> statement-breakpoint
ALTER TABLE "material_images" RENAME COLUMN "url" TO "storage_key";--> statement-breakpoint
ALTER TABLE "trip_documents" RENAME COLUMN "url" TO "storage_key";--> statement-breakpoint
-- A stored `/files/<key>` URL becomes its key (a query or fragment dropped). Any other value never came from our
-- storage and would serve nothing: such photos and trip documents are removed, such logos and pictures unset.
DELETE FROM "material_images" WHERE "storage_key" !~ '^/files/[^?#]';--> statement-breakpoint
UPDATE "material_images" SET "storage_key" = regexp_replace("storage_key", '^/files/([^?#]*).*$', '\1');--> statement-breakpoint
DELETE FROM "trip_documents" WHERE "storage_key" !~ '^/files/[^?#]';--> statement-breakpoint
UPDATE "trip_documents" SET "storage_key" = regexp_replace("storage_key", '^/files/([^?#]*).*$', '\1');--> statement-breakpoint
UPDATE "companies" SET "image_key" = CASE WHEN "image_key" ~ '^/files/[^?#]' THEN regexp_replace("image_key", '^/files/([^?#]*).*$', '\1') END WHERE "image_key" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "image_key" = CASE WHEN "image_key" ~ '^/files/[^?#]' THEN regexp_replace("image_key", '^/files/([^?#]*).*$', '\1') END WHERE "image_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "material_images_storage_key_idx" ON "material_images" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_attachments_storage_key_unique" ON "chat_attachments" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "trip_documents_storage_key_unique" ON "trip_documents" USING btree ("storage_key");
