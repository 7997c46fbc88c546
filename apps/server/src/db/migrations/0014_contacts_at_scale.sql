-- Trigram indexes need pg_trgm (a trusted extension: the database owner may create it; PGlite
-- loads it in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "sms_contacts_station_signed_up_idx" ON "sms_contacts" USING btree ("station_id","signed_up_at","id");--> statement-breakpoint
CREATE INDEX "sms_contacts_name_trgm_idx" ON "sms_contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sms_contacts_phone_trgm_idx" ON "sms_contacts" USING gin ("phone" gin_trgm_ops);