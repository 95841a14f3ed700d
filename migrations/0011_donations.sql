ALTER TABLE "donation_tags" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "received_by" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "impact_kg" double precision;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "co2e_kg" double precision;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "material_group" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "defra_material" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "factor_set" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "factor_version" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "breakdown" jsonb;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "factors" jsonb;--> statement-breakpoint
CREATE INDEX "donations_handed_over_idx" ON "donations" USING btree ("handed_over_at");--> statement-breakpoint
CREATE INDEX "donations_tag_idx" ON "donations" USING btree ("donation_tag_id");