-- In-process read caches (server/lib/cache.ts, decision 0155): every committed change to the rows they hold is
-- announced on the channel `cache_invalidate` as `<tag>:<id>,<id>,...` (u: users, c: companies, m: listings)
-- or `*` (reference data: everything). A NOTIFY sent in a transaction is delivered at commit, and not at all
-- on rollback. Statement-level triggers send one notification per 500 ids, so a bulk upload or a bulk update
-- costs a few notifications, not one per row.

-- Generic: TG_ARGV[0] is the tag, TG_ARGV[1] the id column; the statement's rows are in the transition table
-- `changed` (and `changed_old` for updates, so a row moved to another parent invalidates both).
CREATE FUNCTION cache_notify_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text;
  rows_sql text;
BEGIN
  rows_sql := format('select %I::bigint as id from changed', TG_ARGV[1]);
  IF TG_OP = 'UPDATE' THEN
    rows_sql := rows_sql || format(' union select %I::bigint from changed_old', TG_ARGV[1]);
  END IF;
  FOR payload IN EXECUTE format(
    'select %L || '':'' || string_agg(id::text, '','' order by id) from (select id, (row_number() over (order by id) - 1) / 500 as chunk from (select distinct id from (%s) r where id is not null) d) c group by chunk',
    TG_ARGV[0], rows_sql)
  LOOP
    PERFORM pg_notify('cache_invalidate', payload);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION cache_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidate', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Users: only what decides what a token opens (role, company, token version, disabled, removed); the last-login
-- time written at every sign-in is not worth a notification.
CREATE FUNCTION cache_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidate', 'u:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_cache_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.company_id IS DISTINCT FROM NEW.company_id
    OR OLD.token_version IS DISTINCT FROM NEW.token_version OR OLD.disabled_at IS DISTINCT FROM NEW.disabled_at
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION cache_notify_user();
--> statement-breakpoint
CREATE TRIGGER users_cache_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION cache_notify_user();
--> statement-breakpoint
-- Companies: status (what its users may open), and the name and logo a listing's detail shows.
CREATE FUNCTION cache_notify_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidate', 'c:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_cache_update AFTER UPDATE ON companies FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.name IS DISTINCT FROM NEW.name OR OLD.image_key IS DISTINCT FROM NEW.image_key)
  EXECUTE FUNCTION cache_notify_company();
--> statement-breakpoint
CREATE TRIGGER companies_cache_delete AFTER DELETE ON companies FOR EACH ROW EXECUTE FUNCTION cache_notify_company();
--> statement-breakpoint
-- Addresses: the primary one is the viewer's centre; a listing's own shows in its detail.
CREATE TRIGGER company_addresses_cache_insert AFTER INSERT ON company_addresses REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_rows('c', 'company_id');
--> statement-breakpoint
CREATE TRIGGER company_addresses_cache_update AFTER UPDATE ON company_addresses REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_rows('c', 'company_id');
--> statement-breakpoint
CREATE TRIGGER company_addresses_cache_delete AFTER DELETE ON company_addresses REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_rows('c', 'company_id');
--> statement-breakpoint
-- A signed-out session.
CREATE TRIGGER revoked_sessions_cache_insert AFTER INSERT ON revoked_sessions REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_rows('u', 'user_id');
--> statement-breakpoint
-- Listings (a new listing is in no cache yet) and what their detail shows with them.
CREATE TRIGGER materials_cache_update AFTER UPDATE ON materials REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_rows('m', 'id');
--> statement-breakpoint
CREATE TRIGGER materials_cache_delete AFTER DELETE ON materials REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_rows('m', 'id');
--> statement-breakpoint
CREATE TRIGGER material_images_cache_insert AFTER INSERT ON material_images REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_rows('m', 'material_id');
--> statement-breakpoint
CREATE TRIGGER material_images_cache_update AFTER UPDATE ON material_images REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_rows('m', 'material_id');
--> statement-breakpoint
CREATE TRIGGER material_images_cache_delete AFTER DELETE ON material_images REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_rows('m', 'material_id');
--> statement-breakpoint
CREATE TRIGGER material_sdgs_cache_insert AFTER INSERT ON material_sdgs REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_rows('m', 'material_id');
--> statement-breakpoint
CREATE TRIGGER material_sdgs_cache_update AFTER UPDATE ON material_sdgs REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_rows('m', 'material_id');
--> statement-breakpoint
CREATE TRIGGER material_sdgs_cache_delete AFTER DELETE ON material_sdgs REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_rows('m', 'material_id');
--> statement-breakpoint
CREATE TRIGGER sub_listings_cache_insert AFTER INSERT ON sub_listings REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_rows('m', 'material_id');
--> statement-breakpoint
CREATE TRIGGER sub_listings_cache_update AFTER UPDATE ON sub_listings REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_rows('m', 'material_id');
--> statement-breakpoint
CREATE TRIGGER sub_listings_cache_delete AFTER DELETE ON sub_listings REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_rows('m', 'material_id');
--> statement-breakpoint
-- Reference data a detail shows (group names, goals): rare administrator edits, so everything is dropped.
CREATE TRIGGER material_groups_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON material_groups
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_all();
--> statement-breakpoint
CREATE TRIGGER sdgs_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sdgs
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_all();
--> statement-breakpoint
-- TRUNCATE (tests, maintenance) fires no row or transition-table trigger: drop everything.
CREATE TRIGGER users_cache_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_all();
--> statement-breakpoint
CREATE TRIGGER companies_cache_truncate AFTER TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_all();
--> statement-breakpoint
CREATE TRIGGER company_addresses_cache_truncate AFTER TRUNCATE ON company_addresses FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_all();
--> statement-breakpoint
CREATE TRIGGER revoked_sessions_cache_truncate AFTER TRUNCATE ON revoked_sessions FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_all();
--> statement-breakpoint
CREATE TRIGGER materials_cache_truncate AFTER TRUNCATE ON materials FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_all();
--> statement-breakpoint
CREATE TRIGGER material_images_cache_truncate AFTER TRUNCATE ON material_images FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_all();
--> statement-breakpoint
CREATE TRIGGER material_sdgs_cache_truncate AFTER TRUNCATE ON material_sdgs FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_all();
--> statement-breakpoint
CREATE TRIGGER sub_listings_cache_truncate AFTER TRUNCATE ON sub_listings FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_all();
