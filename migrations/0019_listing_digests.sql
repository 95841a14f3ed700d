CREATE TABLE "listing_digests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_by_user_id" integer,
	"material_ids" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"recipients" integer
);
--> statement-breakpoint
ALTER TABLE "listing_digests" ADD CONSTRAINT "listing_digests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_digests" ADD CONSTRAINT "listing_digests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_digests_pending_idx" ON "listing_digests" USING btree ("id") WHERE "listing_digests"."sent_at" is null;