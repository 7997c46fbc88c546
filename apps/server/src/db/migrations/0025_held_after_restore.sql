-- Texts held after a restore (decision 0055). The marker table is created IF NOT EXISTS: the
-- restore command creates it too, in the restore's own transaction, when the backup predates it.
CREATE TABLE IF NOT EXISTS "database_restores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restored_at" timestamp with time zone DEFAULT now() NOT NULL,
	"backup_file" text,
	"held_at" timestamp with time zone,
	"held" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_deliveries" DROP CONSTRAINT "sms_deliveries_status";--> statement-breakpoint
ALTER TABLE "sms_deliveries" ADD COLUMN "held_from" text;--> statement-breakpoint
ALTER TABLE "sms_deliveries" ADD COLUMN "restore_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_send_stats" ADD COLUMN "held_after_restore" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_deliveries_held_after_restore_idx" ON "sms_deliveries" USING btree ("send_id") WHERE "sms_deliveries"."status" = 'held_after_restore';--> statement-breakpoint
ALTER TABLE "sms_deliveries" ADD CONSTRAINT "sms_deliveries_status" CHECK ("sms_deliveries"."status" in ('queued', 'claimed', 'submitting', 'sent', 'delivered', 'undelivered', 'failed', 'held_after_restore'));
--> statement-breakpoint
-- Hand-written: the rollups of decision 0030 (migration 0015) count held_after_restore too.
CREATE OR REPLACE FUNCTION ms_delivery_rollups() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
  send_totals text := format($q$
    WITH c AS (%s)
    SELECT send_id, station_id,
      sum(sign)::int AS total,
      sum(CASE WHEN status = 'queued' THEN sign ELSE 0 END)::int AS queued,
      sum(CASE WHEN status = 'claimed' THEN sign ELSE 0 END)::int AS claimed,
      sum(CASE WHEN status = 'submitting' THEN sign ELSE 0 END)::int AS submitting,
      sum(CASE WHEN status = 'sent' THEN sign ELSE 0 END)::int AS sent,
      sum(CASE WHEN status = 'delivered' THEN sign ELSE 0 END)::int AS delivered,
      sum(CASE WHEN status = 'undelivered' THEN sign ELSE 0 END)::int AS undelivered,
      sum(CASE WHEN status = 'failed' THEN sign ELSE 0 END)::int AS failed,
      sum(CASE WHEN status = 'held_after_restore' THEN sign ELSE 0 END)::int AS held_after_restore,
      sum(CASE WHEN reclaimed > 0 THEN sign ELSE 0 END)::int AS possible_duplicates,
      min(phone) FILTER (WHERE sign > 0) AS one_phone,
      coalesce(max(char_length(body)) FILTER (WHERE sign > 0), 0) AS characters,
      coalesce(max(segments) FILTER (WHERE sign > 0), 0) AS segments
    FROM c GROUP BY send_id, station_id
  $q$, changes);
  hold_totals text := format($q$
    WITH c AS (%s)
    SELECT send_id, not_before AS release_at, ms_zone_of(phone) AS zone, sum(sign)::int AS count
    FROM c
    WHERE status = 'queued' AND extract(epoch FROM not_before) %% 900 = 0
      AND (not_before AT TIME ZONE ms_zone_of(phone))::time = '08:00'
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
  $q$, changes);
  day_totals text := format($q$
    WITH c AS (%s)
    SELECT station_id, (sent_at AT TIME ZONE 'UTC')::date AS day, sum(sign)::int AS sent
    FROM c
    WHERE status IN ('sent', 'delivered', 'undelivered') AND sent_at IS NOT NULL
    GROUP BY 1, 2 HAVING sum(sign) <> 0
  $q$, changes);
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only cascades and purges delete: the send's own rows may be going too.
    EXECUTE format($q$
      UPDATE sms_send_stats s SET total = s.total + d.total, queued = s.queued + d.queued,
        claimed = s.claimed + d.claimed, submitting = s.submitting + d.submitting,
        sent = s.sent + d.sent, delivered = s.delivered + d.delivered,
        undelivered = s.undelivered + d.undelivered, failed = s.failed + d.failed,
        held_after_restore = s.held_after_restore + d.held_after_restore,
        possible_duplicates = s.possible_duplicates + d.possible_duplicates
      FROM (%s) d WHERE s.send_id = d.send_id
    $q$, send_totals);
    EXECUTE format($q$
      UPDATE sms_send_holds h SET count = h.count + d.count FROM (%s) d
      WHERE h.send_id = d.send_id AND h.release_at = d.release_at AND h.zone = d.zone
    $q$, hold_totals);
    EXECUTE format($q$
      UPDATE sms_daily_stats t SET sent = t.sent + d.sent FROM (%s) d
      WHERE t.station_id = d.station_id AND t.day = d.day
    $q$, day_totals);
    RETURN NULL;
  END IF;
  EXECUTE format($q$
    INSERT INTO sms_send_stats AS s (send_id, station_id, total, queued, claimed, submitting, sent,
      delivered, undelivered, failed, held_after_restore, possible_duplicates, one_phone, characters, segments)
    SELECT * FROM (%s) d
    WHERE (total, queued, claimed, submitting, sent, delivered, undelivered, failed, held_after_restore,
      possible_duplicates) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY send_id
    ON CONFLICT (send_id) DO UPDATE SET total = s.total + excluded.total,
      queued = s.queued + excluded.queued, claimed = s.claimed + excluded.claimed,
      submitting = s.submitting + excluded.submitting, sent = s.sent + excluded.sent,
      delivered = s.delivered + excluded.delivered, undelivered = s.undelivered + excluded.undelivered,
      failed = s.failed + excluded.failed,
      held_after_restore = s.held_after_restore + excluded.held_after_restore,
      possible_duplicates = s.possible_duplicates + excluded.possible_duplicates,
      one_phone = least(s.one_phone, excluded.one_phone),
      characters = greatest(s.characters, excluded.characters),
      segments = greatest(s.segments, excluded.segments)
  $q$, send_totals);
  EXECUTE format($q$
    INSERT INTO sms_send_holds AS h (send_id, release_at, zone, count)
    SELECT * FROM (%s) d ORDER BY 1, 2, 3
    ON CONFLICT (send_id, release_at, zone) DO UPDATE SET count = h.count + excluded.count
  $q$, hold_totals);
  EXECUTE format($q$
    INSERT INTO sms_daily_stats AS t (station_id, day, sent)
    SELECT * FROM (%s) d ORDER BY 1, 2
    ON CONFLICT (station_id, day) DO UPDATE SET sent = t.sent + excluded.sent
  $q$, day_totals);
  RETURN NULL;
END
$fn$;
