-- The contact search's trigram indexes without GIN's pending list (decision 0075): new entries go
-- straight into the index instead of an unsorted list that every search scans until a vacuum
-- merges it (PGlite never vacuums by itself). Altered rather than rebuilt, then the list already
-- there is merged once.
ALTER INDEX "sms_contacts_name_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "sms_contacts_phone_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('sms_contacts_name_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('sms_contacts_phone_trgm_idx'::regclass);
