CREATE TABLE "taxonomy_removals" (
	"level" integer NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taxonomy_removals_level_key_pk" PRIMARY KEY("level","key")
);
--> statement-breakpoint
CREATE TABLE "newsletter_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"subscribers" integer DEFAULT 0 NOT NULL,
	"listings" integer DEFAULT 0 NOT NULL,
	"mails_queued" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_runs_period_start_unique" UNIQUE("period_start")
);
--> statement-breakpoint
ALTER TABLE "first_level_subcategories" ADD COLUMN "customized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "material_groups" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "material_groups" ADD COLUMN "customized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "second_level_subcategories" ADD COLUMN "customized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "third_level_subcategories" ADD COLUMN "customized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "unsubscribe_token" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "read_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_read_by_user_id_users_id_fk" FOREIGN KEY ("read_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "second_level_code_idx" ON "second_level_subcategories" USING btree ("code");--> statement-breakpoint
CREATE INDEX "materials_first_level_idx" ON "materials" USING btree ("first_level_subcategory_id");--> statement-breakpoint
CREATE INDEX "materials_second_level_idx" ON "materials" USING btree ("second_level_subcategory_id");--> statement-breakpoint
CREATE INDEX "materials_third_level_idx" ON "materials" USING btree ("third_level_subcategory_id");--> statement-breakpoint
CREATE INDEX "queries_unread_idx" ON "queries" USING btree ("read_at","created_at");--> statement-breakpoint
ALTER TABLE "material_groups" ADD CONSTRAINT "material_groups_code_unique" UNIQUE("code");--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_unsubscribe_token_unique" UNIQUE("unsubscribe_token");