ALTER TABLE "trip_documents" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "kgco2e_per_km" double precision;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "transport_co2e_kg" double precision;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "kgco2e_per_km" double precision DEFAULT 0.89061 NOT NULL;--> statement-breakpoint
CREATE INDEX "trips_event_date_idx" ON "trips" USING btree ("event_date");--> statement-breakpoint
CREATE UNIQUE INDEX "trips_one_active_per_driver" ON "trips" USING btree ("driver_id") WHERE "trips"."status" in ('ON_ROUTE', 'ARRIVED');