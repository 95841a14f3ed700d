CREATE TABLE "need_matches" (
	"need_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"source" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "need_matches_need_id_material_id_pk" PRIMARY KEY("need_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "needs" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"created_by_user_id" integer,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"material_group_id" integer NOT NULL,
	"material_group_code" text,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"max_distance_km" integer NOT NULL,
	"until" date,
	"latitude" double precision,
	"longitude" double precision,
	"geo" "earth" GENERATED ALWAYS AS (ll_to_earth(latitude, longitude)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "needs_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"notify" boolean DEFAULT false NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "need_matches" ADD CONSTRAINT "need_matches_need_id_needs_id_fk" FOREIGN KEY ("need_id") REFERENCES "public"."needs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_matches" ADD CONSTRAINT "need_matches_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needs" ADD CONSTRAINT "needs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needs" ADD CONSTRAINT "needs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needs" ADD CONSTRAINT "needs_material_group_id_material_groups_id_fk" FOREIGN KEY ("material_group_id") REFERENCES "public"."material_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "need_matches_material_idx" ON "need_matches" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "needs_geo_idx" ON "needs" USING gist ("geo");--> statement-breakpoint
CREATE INDEX "needs_company_idx" ON "needs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "needs_group_idx" ON "needs" USING btree ("material_group_id");--> statement-breakpoint
CREATE INDEX "needs_max_distance_idx" ON "needs" USING btree ("max_distance_km");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_notify_idx" ON "saved_searches" USING btree ("checked_at") WHERE "saved_searches"."notify";