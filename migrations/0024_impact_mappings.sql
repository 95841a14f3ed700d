ALTER TABLE "first_level_subcategories" ADD COLUMN "defra_material" text;--> statement-breakpoint
ALTER TABLE "first_level_subcategories" ADD COLUMN "basis" text;--> statement-breakpoint
ALTER TABLE "first_level_subcategories" ADD COLUMN "counterfactual_route" text;--> statement-breakpoint
ALTER TABLE "first_level_subcategories" ADD COLUMN "mapping_customized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "material_groups" ADD COLUMN "basis" text;--> statement-breakpoint
ALTER TABLE "material_groups" ADD COLUMN "counterfactual_route" text;--> statement-breakpoint
ALTER TABLE "material_groups" ADD COLUMN "mapping_customized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "second_level_subcategories" ADD COLUMN "defra_material" text;--> statement-breakpoint
ALTER TABLE "second_level_subcategories" ADD COLUMN "basis" text;--> statement-breakpoint
ALTER TABLE "second_level_subcategories" ADD COLUMN "counterfactual_route" text;--> statement-breakpoint
ALTER TABLE "second_level_subcategories" ADD COLUMN "mapping_customized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "third_level_subcategories" ADD COLUMN "defra_material" text;--> statement-breakpoint
ALTER TABLE "third_level_subcategories" ADD COLUMN "basis" text;--> statement-breakpoint
ALTER TABLE "third_level_subcategories" ADD COLUMN "counterfactual_route" text;--> statement-breakpoint
ALTER TABLE "third_level_subcategories" ADD COLUMN "mapping_customized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "impact_records" ADD COLUMN "basis" text;--> statement-breakpoint
ALTER TABLE "impact_records" ADD COLUMN "counterfactual_route" text;--> statement-breakpoint
ALTER TABLE "impact_records" ADD COLUMN "mapping" jsonb;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "basis" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "counterfactual_route" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "mapping" jsonb;