-- The trigram indexes keep new rows in a pending list that every text search reads in full, up to
-- gin_pending_list_limit (default 4 MB: at 1M listings a word nothing has cost 3 ms of GIN reads instead of
-- 0.1). 128 kB bounds that read; an insert that fills the list merges it into the index. A storage parameter:
-- no rebuild (issue 17).
ALTER INDEX "materials_title_trgm_idx" SET (gin_pending_list_limit = 128);--> statement-breakpoint
ALTER INDEX "materials_description_trgm_idx" SET (gin_pending_list_limit = 128);
