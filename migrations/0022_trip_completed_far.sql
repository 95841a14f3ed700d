ALTER TABLE "trips" ADD COLUMN "completed_km_from_dropoff" double precision;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "completed_far_confirmed" boolean DEFAULT false NOT NULL;