ALTER TABLE "first_level_subcategories" ADD COLUMN "name_dk" text;--> statement-breakpoint
ALTER TABLE "first_level_subcategories" ADD COLUMN "name_my" text;--> statement-breakpoint
ALTER TABLE "material_groups" ADD COLUMN "name_dk" text;--> statement-breakpoint
ALTER TABLE "material_groups" ADD COLUMN "name_my" text;--> statement-breakpoint
ALTER TABLE "second_level_subcategories" ADD COLUMN "name_dk" text;--> statement-breakpoint
ALTER TABLE "second_level_subcategories" ADD COLUMN "name_my" text;--> statement-breakpoint
ALTER TABLE "third_level_subcategories" ADD COLUMN "name_dk" text;--> statement-breakpoint
ALTER TABLE "third_level_subcategories" ADD COLUMN "name_my" text;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "name_dk" text;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "name_my" text;--> statement-breakpoint
ALTER TABLE "donation_tags" ADD COLUMN "name_dk" text;--> statement-breakpoint
ALTER TABLE "donation_tags" ADD COLUMN "name_my" text;