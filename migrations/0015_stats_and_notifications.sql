CREATE TABLE "company_month_stats" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"completed_synergies" integer DEFAULT 0 NOT NULL,
	"kgs" double precision DEFAULT 0 NOT NULL,
	"hours" double precision DEFAULT 0 NOT NULL,
	"co2e_kg" double precision DEFAULT 0 NOT NULL,
	"saved_minor" bigint DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "company_month_stats_company_id_month_currency_pk" PRIMARY KEY("company_id","month","currency")
);
--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
ALTER TABLE "company_month_stats" ADD CONSTRAINT "company_month_stats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- Adds (or with negative counts removes) one synergy's share to both companies' month row; nothing unless it has ended.
-- n: synergies (+1, -1 or 0); kg, hours, co2e: its impact; money: +1, -1 or 0 times its savings and earnings.
CREATE FUNCTION "company_month_stats_apply"(e "exchanges", n integer, kg double precision, hours double precision, co2e double precision, money integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF e.level_of_completion IS DISTINCT FROM 'COMPLETED' OR e.completed_at IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO company_month_stats AS s (company_id, month, currency, completed_synergies, kgs, hours, co2e_kg, saved_minor, revenue_minor)
  SELECT v.company_id, date_trunc('month', e.completed_at AT TIME ZONE 'UTC')::date, coalesce(e.currency, ''), n, kg, hours, co2e,
         money * sum(v.saved), money * sum(v.revenue)
  FROM (VALUES (e.provider_company_id, 0::bigint, coalesce(e.earnings_minor, 0)::bigint),
               (e.requester_company_id, coalesce(e.savings_minor, 0)::bigint, 0::bigint)) AS v(company_id, saved, revenue)
  GROUP BY v.company_id
  ON CONFLICT (company_id, month, currency) DO UPDATE SET
    completed_synergies = s.completed_synergies + excluded.completed_synergies,
    kgs = s.kgs + excluded.kgs,
    hours = s.hours + excluded.hours,
    co2e_kg = s.co2e_kg + excluded.co2e_kg,
    saved_minor = s.saved_minor + excluded.saved_minor,
    revenue_minor = s.revenue_minor + excluded.revenue_minor;
END $$;
--> statement-breakpoint
CREATE FUNCTION "company_month_stats_exchange"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT coalesce(sum(r.kg), 0) AS kg, coalesce(sum(r.hours), 0) AS hours, coalesce(sum(r.co2e_kg), 0) AS co2e INTO i
    FROM impact_records r WHERE r.exchange_id = OLD.id;
    PERFORM company_month_stats_apply(OLD, -1, -i.kg, -i.hours, -i.co2e, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT coalesce(sum(r.kg), 0) AS kg, coalesce(sum(r.hours), 0) AS hours, coalesce(sum(r.co2e_kg), 0) AS co2e INTO i
    FROM impact_records r WHERE r.exchange_id = NEW.id;
    PERFORM company_month_stats_apply(NEW, 1, i.kg, i.hours, i.co2e, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "company_month_stats_impact"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e exchanges;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT * INTO e FROM exchanges WHERE id = OLD.exchange_id;
    IF FOUND THEN PERFORM company_month_stats_apply(e, 0, -OLD.kg, -OLD.hours, -OLD.co2e_kg, 0); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT * INTO e FROM exchanges WHERE id = NEW.exchange_id;
    IF FOUND THEN PERFORM company_month_stats_apply(e, 0, NEW.kg, NEW.hours, NEW.co2e_kg, 0); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "company_month_stats_exchange_write" AFTER INSERT OR DELETE ON "exchanges"
  FOR EACH ROW EXECUTE FUNCTION company_month_stats_exchange();
--> statement-breakpoint
CREATE TRIGGER "company_month_stats_exchange_update"
  AFTER UPDATE OF level_of_completion, completed_at, currency, earnings_minor, savings_minor, provider_company_id, requester_company_id ON "exchanges"
  FOR EACH ROW EXECUTE FUNCTION company_month_stats_exchange();
--> statement-breakpoint
CREATE TRIGGER "company_month_stats_impact_write" AFTER INSERT OR DELETE OR UPDATE OF exchange_id, kg, hours, co2e_kg ON "impact_records"
  FOR EACH ROW EXECUTE FUNCTION company_month_stats_impact();
--> statement-breakpoint
-- Recomputes every row from exchanges and impact_records in one set-based pass (the rows that ended before this
-- migration; after a bulk load with triggers off).
CREATE FUNCTION "company_month_stats_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM company_month_stats;
  INSERT INTO company_month_stats (company_id, month, currency, completed_synergies, kgs, hours, co2e_kg, saved_minor, revenue_minor)
  SELECT s.company_id, s.month, s.currency, count(*), coalesce(sum(i.kg), 0), coalesce(sum(i.hours), 0), coalesce(sum(i.co2e_kg), 0),
         sum(s.saved), sum(s.revenue)
  FROM (
    SELECT e.id, v.company_id, date_trunc('month', e.completed_at AT TIME ZONE 'UTC')::date AS month, coalesce(e.currency, '') AS currency,
           sum(v.saved) AS saved, sum(v.revenue) AS revenue
    FROM exchanges e
    CROSS JOIN LATERAL (VALUES (e.provider_company_id, 0::bigint, coalesce(e.earnings_minor, 0)::bigint),
                               (e.requester_company_id, coalesce(e.savings_minor, 0)::bigint, 0::bigint)) AS v(company_id, saved, revenue)
    WHERE e.level_of_completion = 'COMPLETED' AND e.completed_at IS NOT NULL
    GROUP BY e.id, v.company_id, 3, 4
  ) s
  LEFT JOIN impact_records i ON i.exchange_id = s.id
  GROUP BY s.company_id, s.month, s.currency;
$$;
--> statement-breakpoint
SELECT company_month_stats_rebuild();
