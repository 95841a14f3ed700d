ALTER TABLE "impact_records" ADD COLUMN "material_group" text;--> statement-breakpoint
ALTER TABLE "impact_records" ADD COLUMN "factors" jsonb;--> statement-breakpoint
ALTER TABLE "impact_records" ADD COLUMN "verification_code" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "impact_records" ADD CONSTRAINT "impact_records_verification_code_unique" UNIQUE("verification_code");