-- Texts handed to the provider per station and UTC hour instead of UTC day (decision 0079): a
-- station's days and months, in its own zone, are sums of whole hours (every station zone is a whole
-- number of hours from UTC), so a text sent at 10 PM in Chicago counts on that Chicago day.
CREATE TABLE "sms_hourly_stats" (
	"station_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_hourly_stats_station_id_hour_pk" PRIMARY KEY("station_id","hour")
);
--> statement-breakpoint
ALTER TABLE "sms_hourly_stats" ADD CONSTRAINT "sms_hourly_stats_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the rollups of decision 0030 (as migration 0025 left them) count by hour. The hour
-- is truncated in UTC whatever the session's TimeZone is.
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
  hour_totals text := format($q$
    WITH c AS (%s)
    SELECT station_id, date_trunc('hour', sent_at, 'UTC') AS hour, sum(sign)::int AS sent
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
      UPDATE sms_hourly_stats t SET sent = t.sent + d.sent FROM (%s) d
      WHERE t.station_id = d.station_id AND t.hour = d.hour
    $q$, hour_totals);
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
    INSERT INTO sms_hourly_stats AS t (station_id, hour, sent)
    SELECT * FROM (%s) d ORDER BY 1, 2
    ON CONFLICT (station_id, hour) DO UPDATE SET sent = t.sent + excluded.sent
  $q$, hour_totals);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- What is there already, counted from the rows as the trigger counts them.
INSERT INTO sms_hourly_stats (station_id, hour, sent)
SELECT station_id, date_trunc('hour', sent_at, 'UTC'), count(*) FROM sms_deliveries
WHERE status IN ('sent', 'delivered', 'undelivered') AND sent_at IS NOT NULL
GROUP BY 1, 2;
--> statement-breakpoint
DROP TABLE "sms_daily_stats";
