ALTER TABLE "materials" ADD COLUMN "reserved_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_listings" ADD COLUMN "reserved_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "sub_listing_id" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_sub_listing_id_sub_listings_id_fk" FOREIGN KEY ("sub_listing_id") REFERENCES "public"."sub_listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_sub_listing_idx" ON "offers" USING btree ("sub_listing_id") WHERE "offers"."sub_listing_id" is not null;--> statement-breakpoint
CREATE INDEX "trips_vehicle_idx" ON "trips" USING btree ("vehicle_id","status");--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_reserved_not_negative" CHECK ("materials"."reserved_quantity" >= 0);--> statement-breakpoint
ALTER TABLE "sub_listings" ADD CONSTRAINT "sub_listings_reserved_not_negative" CHECK ("sub_listings"."reserved_quantity" >= 0);--> statement-breakpoint
-- hand-written: what the accepted offers that exist already reserve (docs/decisions/0175), as
-- server/modules/materials/repo.ts refreshReservations computes it. A listing over-committed before reservations
-- existed keeps its true sum (above its quantity) and reads as fully reserved.
UPDATE "materials" m SET "reserved_quantity" = r.reserved
FROM (
  SELECT o."material_id", sum(o."quantity")::int AS reserved
  FROM "offers" o LEFT JOIN "exchanges" e ON e."offer_id" = o."id"
  WHERE o."status" = 'accepted' AND NOT coalesce(e."level_of_completion" = 'COMPLETED' AND e."successful" = false, false)
  GROUP BY o."material_id"
) r
WHERE r."material_id" = m."id";
