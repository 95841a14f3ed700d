CREATE TABLE "offer_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"round" smallint NOT NULL,
	"by" text NOT NULL,
	"user_id" integer,
	"quantity" integer NOT NULL,
	"unit_price_minor" integer,
	"currency" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
DROP INDEX "offers_one_pending";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "unit_price_minor" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "round" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "last_move_by" text DEFAULT 'offerer' NOT NULL;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "unit_price_minor" integer;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "price_currency" text;--> statement-breakpoint
ALTER TABLE "offer_rounds" ADD CONSTRAINT "offer_rounds_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_rounds" ADD CONSTRAINT "offer_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_rounds_offer_round" ON "offer_rounds" USING btree ("offer_id","round");--> statement-breakpoint
CREATE INDEX "company_invitations_company_idx" ON "company_invitations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_invitations_email_idx" ON "company_invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open" ON "offers" USING btree ("material_id","company_id") WHERE "offers"."status" in ('pending', 'countered');--> statement-breakpoint
-- hand-written: backfill, so every existing offer reads its first move as round 1 of its thread
INSERT INTO "offer_rounds" ("offer_id", "round", "by", "user_id", "quantity", "message", "created_at")
SELECT "id", 1, 'offerer', "user_id", "quantity", "message", "created_at" FROM "offers";
