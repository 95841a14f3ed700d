DROP INDEX "materials_geo_idx";--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "geo" "earth" GENERATED ALWAYS AS (ll_to_earth(latitude, longitude)) STORED;--> statement-breakpoint
CREATE INDEX "materials_geo_idx" ON "materials" USING gist ("geo");