CREATE TABLE "sms_daily_stats" (
	"station_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_daily_stats_station_id_day_pk" PRIMARY KEY("station_id","day")
);
--> statement-breakpoint
CREATE TABLE "sms_send_holds" (
	"send_id" uuid NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"zone" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_send_holds_send_id_release_at_zone_pk" PRIMARY KEY("send_id","release_at","zone")
);
--> statement-breakpoint
CREATE TABLE "sms_send_stats" (
	"send_id" uuid PRIMARY KEY NOT NULL,
	"station_id" uuid NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"submitting" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"undelivered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"possible_duplicates" integer DEFAULT 0 NOT NULL,
	"one_phone" text,
	"characters" integer DEFAULT 0 NOT NULL,
	"segments" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_contact_counts" (
	"station_id" uuid NOT NULL,
	"status" text NOT NULL,
	"is_verified" boolean NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_contact_counts_station_id_status_is_verified_pk" PRIMARY KEY("station_id","status","is_verified")
);
--> statement-breakpoint
ALTER TABLE "sms_daily_stats" ADD CONSTRAINT "sms_daily_stats_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_send_holds" ADD CONSTRAINT "sms_send_holds_send_id_sms_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."sms_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_send_stats" ADD CONSTRAINT "sms_send_stats_send_id_sms_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."sms_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_contact_counts" ADD CONSTRAINT "sms_contact_counts_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Hand-written (decision 0030): the recipient's zone from the area code, one definition for the
-- quiet-hours SQL and the triggers below (shared AREA_CODE_TIME_{"201":"America/New_York","202":"America/New_York","203":"America/New_York","205":"America/Chicago","206":"America/Los_Angeles","207":"America/New_York","208":"America/Boise","209":"America/Los_Angeles","210":"America/Chicago","212":"America/New_York","213":"America/Los_Angeles","214":"America/Chicago","215":"America/New_York","216":"America/New_York","217":"America/Chicago","218":"America/Chicago","219":"America/Chicago","220":"America/New_York","223":"America/New_York","224":"America/Chicago","225":"America/Chicago","227":"America/New_York","228":"America/Chicago","229":"America/New_York","231":"America/Detroit","234":"America/New_York","235":"America/Chicago","239":"America/New_York","240":"America/New_York","248":"America/Detroit","251":"America/Chicago","252":"America/New_York","253":"America/Los_Angeles","254":"America/Chicago","256":"America/Chicago","260":"America/Indiana/Indianapolis","262":"America/Chicago","267":"America/New_York","269":"America/Detroit","270":"America/Chicago","272":"America/New_York","274":"America/Chicago","276":"America/New_York","279":"America/Los_Angeles","281":"America/Chicago","283":"America/New_York","301":"America/New_York","302":"America/New_York","303":"America/Denver","304":"America/New_York","305":"America/New_York","307":"America/Denver","308":"America/Chicago","309":"America/Chicago","310":"America/Los_Angeles","312":"America/Chicago","313":"America/Detroit","314":"America/Chicago","315":"America/New_York","316":"America/Chicago","317":"America/Indiana/Indianapolis","318":"America/Chicago","319":"America/Chicago","320":"America/Chicago","321":"America/New_York","323":"America/Los_Angeles","324":"America/New_York","325":"America/Chicago","326":"America/New_York","327":"America/Chicago","329":"America/New_York","330":"America/New_York","331":"America/Chicago","332":"America/New_York","334":"America/Chicago","336":"America/New_York","337":"America/Chicago","339":"America/New_York","340":"America/St_Thomas","341":"America/Los_Angeles","346":"America/Chicago","347":"America/New_York","350":"America/Los_Angeles","351":"America/New_York","352":"America/New_York","353":"America/Chicago","357":"America/Los_Angeles","360":"America/Los_Angeles","361":"America/Chicago","363":"America/New_York","364":"America/Chicago","369":"America/Los_Angeles","380":"America/New_York","385":"America/Denver","386":"America/New_York","401":"America/New_York","402":"America/Chicago","404":"America/New_York","405":"America/Chicago","406":"America/Denver","407":"America/New_York","408":"America/Los_Angeles","409":"America/Chicago","410":"America/New_York","412":"America/New_York","413":"America/New_York","414":"America/Chicago","415":"America/Los_Angeles","417":"America/Chicago","419":"America/New_York","423":"America/New_York","424":"America/Los_Angeles","425":"America/Los_Angeles","430":"America/Chicago","432":"America/Chicago","434":"America/New_York","435":"America/Denver","436":"America/New_York","440":"America/New_York","442":"America/Los_Angeles","443":"America/New_York","445":"America/New_York","447":"America/Chicago","448":"America/Chicago","457":"America/Chicago","458":"America/Los_Angeles","463":"America/Indiana/Indianapolis","464":"America/Chicago","469":"America/Chicago","470":"America/New_York","472":"America/New_York","475":"America/New_York","478":"America/New_York","479":"America/Chicago","480":"America/Phoenix","484":"America/New_York","501":"America/Chicago","502":"America/New_York","503":"America/Los_Angeles","504":"America/Chicago","505":"America/Denver","507":"America/Chicago","508":"America/New_York","509":"America/Los_Angeles","510":"America/Los_Angeles","512":"America/Chicago","513":"America/New_York","515":"America/Chicago","516":"America/New_York","517":"America/Detroit","518":"America/New_York","520":"America/Phoenix","530":"America/Los_Angeles","531":"America/Chicago","534":"America/Chicago","539":"America/Chicago","540":"America/New_York","541":"America/Los_Angeles","551":"America/New_York","557":"America/Chicago","559":"America/Los_Angeles","561":"America/New_York","562":"America/Los_Angeles","563":"America/Chicago","564":"America/Los_Angeles","567":"America/New_York","570":"America/New_York","571":"America/New_York","572":"America/Chicago","573":"America/Chicago","574":"America/Indiana/Indianapolis","575":"America/Denver","580":"America/Chicago","582":"America/New_York","585":"America/New_York","586":"America/Detroit","601":"America/Chicago","602":"America/Phoenix","603":"America/New_York","605":"America/Chicago","606":"America/New_York","607":"America/New_York","608":"America/Chicago","609":"America/New_York","610":"America/New_York","612":"America/Chicago","614":"America/New_York","615":"America/Chicago","616":"America/Detroit","617":"America/New_York","618":"America/Chicago","619":"America/Los_Angeles","620":"America/Chicago","621":"America/Chicago","623":"America/Phoenix","624":"America/New_York","626":"America/Los_Angeles","628":"America/Los_Angeles","629":"America/Chicago","630":"America/Chicago","631":"America/New_York","636":"America/Chicago","640":"America/New_York","641":"America/Chicago","645":"America/New_York","646":"America/New_York","650":"America/Los_Angeles","651":"America/Chicago","656":"America/New_York","657":"America/Los_Angeles","659":"America/Chicago","660":"America/Chicago","661":"America/Los_Angeles","662":"America/Chicago","667":"America/New_York","669":"America/Los_Angeles","670":"Pacific/Saipan","671":"Pacific/Guam","678":"America/New_York","679":"America/Detroit","680":"America/New_York","681":"America/New_York","682":"America/Chicago","684":"Pacific/Pago_Pago","686":"America/New_York","689":"America/New_York","701":"America/Chicago","702":"America/Los_Angeles","703":"America/New_York","704":"America/New_York","706":"America/New_York","707":"America/Los_Angeles","708":"America/Chicago","712":"America/Chicago","713":"America/Chicago","714":"America/Los_Angeles","715":"America/Chicago","716":"America/New_York","717":"America/New_York","718":"America/New_York","719":"America/Denver","720":"America/Denver","724":"America/New_York","725":"America/Los_Angeles","726":"America/Chicago","727":"America/New_York","728":"America/New_York","730":"America/Chicago","731":"America/Chicago","732":"America/New_York","734":"America/Detroit","737":"America/Chicago","738":"America/Los_Angeles","740":"America/New_York","743":"America/New_York","747":"America/Los_Angeles","748":"America/Denver","754":"America/New_York","757":"America/New_York","760":"America/Los_Angeles","762":"America/New_York","763":"America/Chicago","765":"America/Indiana/Indianapolis","769":"America/Chicago","770":"America/New_York","771":"America/New_York","772":"America/New_York","773":"America/Chicago","774":"America/New_York","775":"America/Los_Angeles","779":"America/Chicago","781":"America/New_York","785":"America/Chicago","786":"America/New_York","787":"America/Puerto_Rico","801":"America/Denver","802":"America/New_York","803":"America/New_York","804":"America/New_York","805":"America/Los_Angeles","806":"America/Chicago","808":"Pacific/Honolulu","810":"America/Detroit","812":"America/Indiana/Indianapolis","813":"America/New_York","814":"America/New_York","815":"America/Chicago","816":"America/Chicago","817":"America/Chicago","818":"America/Los_Angeles","820":"America/Los_Angeles","821":"America/New_York","826":"America/New_York","828":"America/New_York","830":"America/Chicago","831":"America/Los_Angeles","832":"America/Chicago","835":"America/New_York","838":"America/New_York","839":"America/New_York","840":"America/Los_Angeles","843":"America/New_York","845":"America/New_York","847":"America/Chicago","848":"America/New_York","850":"America/Chicago","854":"America/New_York","856":"America/New_York","857":"America/New_York","858":"America/Los_Angeles","859":"America/New_York","860":"America/New_York","861":"America/Chicago","862":"America/New_York","863":"America/New_York","864":"America/New_York","865":"America/New_York","870":"America/Chicago","872":"America/Chicago","878":"America/New_York","901":"America/Chicago","903":"America/Chicago","904":"America/New_York","906":"America/Detroit","907":"America/Anchorage","908":"America/New_York","909":"America/Los_Angeles","910":"America/New_York","912":"America/New_York","913":"America/Chicago","914":"America/New_York","915":"America/Denver","916":"America/Los_Angeles","917":"America/New_York","918":"America/Chicago","919":"America/New_York","920":"America/Chicago","924":"America/Chicago","925":"America/Los_Angeles","928":"America/Phoenix","929":"America/New_York","930":"America/Indiana/Indianapolis","931":"America/Chicago","934":"America/New_York","936":"America/Chicago","937":"America/New_York","938":"America/Chicago","939":"America/Puerto_Rico","940":"America/Chicago","941":"America/New_York","943":"America/New_York","945":"America/Chicago","947":"America/Detroit","948":"America/New_York","949":"America/Los_Angeles","951":"America/Los_Angeles","952":"America/Chicago","954":"America/New_York","956":"America/Chicago","959":"America/New_York","970":"America/Denver","971":"America/Los_Angeles","972":"America/Chicago","973":"America/New_York","975":"America/Chicago","978":"America/New_York","979":"America/Chicago","980":"America/New_York","983":"America/Denver","984":"America/New_York","985":"America/Chicago","986":"America/Boise","989":"America/Detroit"}; a test compares them).
CREATE OR REPLACE FUNCTION ms_zone_of(phone text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce('{"201":"America/New_York","202":"America/New_York","203":"America/New_York","205":"America/Chicago","206":"America/Los_Angeles","207":"America/New_York","208":"America/Boise","209":"America/Los_Angeles","210":"America/Chicago","212":"America/New_York","213":"America/Los_Angeles","214":"America/Chicago","215":"America/New_York","216":"America/New_York","217":"America/Chicago","218":"America/Chicago","219":"America/Chicago","220":"America/New_York","223":"America/New_York","224":"America/Chicago","225":"America/Chicago","227":"America/New_York","228":"America/Chicago","229":"America/New_York","231":"America/Detroit","234":"America/New_York","235":"America/Chicago","239":"America/New_York","240":"America/New_York","248":"America/Detroit","251":"America/Chicago","252":"America/New_York","253":"America/Los_Angeles","254":"America/Chicago","256":"America/Chicago","260":"America/Indiana/Indianapolis","262":"America/Chicago","267":"America/New_York","269":"America/Detroit","270":"America/Chicago","272":"America/New_York","274":"America/Chicago","276":"America/New_York","279":"America/Los_Angeles","281":"America/Chicago","283":"America/New_York","301":"America/New_York","302":"America/New_York","303":"America/Denver","304":"America/New_York","305":"America/New_York","307":"America/Denver","308":"America/Chicago","309":"America/Chicago","310":"America/Los_Angeles","312":"America/Chicago","313":"America/Detroit","314":"America/Chicago","315":"America/New_York","316":"America/Chicago","317":"America/Indiana/Indianapolis","318":"America/Chicago","319":"America/Chicago","320":"America/Chicago","321":"America/New_York","323":"America/Los_Angeles","324":"America/New_York","325":"America/Chicago","326":"America/New_York","327":"America/Chicago","329":"America/New_York","330":"America/New_York","331":"America/Chicago","332":"America/New_York","334":"America/Chicago","336":"America/New_York","337":"America/Chicago","339":"America/New_York","340":"America/St_Thomas","341":"America/Los_Angeles","346":"America/Chicago","347":"America/New_York","350":"America/Los_Angeles","351":"America/New_York","352":"America/New_York","353":"America/Chicago","357":"America/Los_Angeles","360":"America/Los_Angeles","361":"America/Chicago","363":"America/New_York","364":"America/Chicago","369":"America/Los_Angeles","380":"America/New_York","385":"America/Denver","386":"America/New_York","401":"America/New_York","402":"America/Chicago","404":"America/New_York","405":"America/Chicago","406":"America/Denver","407":"America/New_York","408":"America/Los_Angeles","409":"America/Chicago","410":"America/New_York","412":"America/New_York","413":"America/New_York","414":"America/Chicago","415":"America/Los_Angeles","417":"America/Chicago","419":"America/New_York","423":"America/New_York","424":"America/Los_Angeles","425":"America/Los_Angeles","430":"America/Chicago","432":"America/Chicago","434":"America/New_York","435":"America/Denver","436":"America/New_York","440":"America/New_York","442":"America/Los_Angeles","443":"America/New_York","445":"America/New_York","447":"America/Chicago","448":"America/Chicago","457":"America/Chicago","458":"America/Los_Angeles","463":"America/Indiana/Indianapolis","464":"America/Chicago","469":"America/Chicago","470":"America/New_York","472":"America/New_York","475":"America/New_York","478":"America/New_York","479":"America/Chicago","480":"America/Phoenix","484":"America/New_York","501":"America/Chicago","502":"America/New_York","503":"America/Los_Angeles","504":"America/Chicago","505":"America/Denver","507":"America/Chicago","508":"America/New_York","509":"America/Los_Angeles","510":"America/Los_Angeles","512":"America/Chicago","513":"America/New_York","515":"America/Chicago","516":"America/New_York","517":"America/Detroit","518":"America/New_York","520":"America/Phoenix","530":"America/Los_Angeles","531":"America/Chicago","534":"America/Chicago","539":"America/Chicago","540":"America/New_York","541":"America/Los_Angeles","551":"America/New_York","557":"America/Chicago","559":"America/Los_Angeles","561":"America/New_York","562":"America/Los_Angeles","563":"America/Chicago","564":"America/Los_Angeles","567":"America/New_York","570":"America/New_York","571":"America/New_York","572":"America/Chicago","573":"America/Chicago","574":"America/Indiana/Indianapolis","575":"America/Denver","580":"America/Chicago","582":"America/New_York","585":"America/New_York","586":"America/Detroit","601":"America/Chicago","602":"America/Phoenix","603":"America/New_York","605":"America/Chicago","606":"America/New_York","607":"America/New_York","608":"America/Chicago","609":"America/New_York","610":"America/New_York","612":"America/Chicago","614":"America/New_York","615":"America/Chicago","616":"America/Detroit","617":"America/New_York","618":"America/Chicago","619":"America/Los_Angeles","620":"America/Chicago","621":"America/Chicago","623":"America/Phoenix","624":"America/New_York","626":"America/Los_Angeles","628":"America/Los_Angeles","629":"America/Chicago","630":"America/Chicago","631":"America/New_York","636":"America/Chicago","640":"America/New_York","641":"America/Chicago","645":"America/New_York","646":"America/New_York","650":"America/Los_Angeles","651":"America/Chicago","656":"America/New_York","657":"America/Los_Angeles","659":"America/Chicago","660":"America/Chicago","661":"America/Los_Angeles","662":"America/Chicago","667":"America/New_York","669":"America/Los_Angeles","670":"Pacific/Saipan","671":"Pacific/Guam","678":"America/New_York","679":"America/Detroit","680":"America/New_York","681":"America/New_York","682":"America/Chicago","684":"Pacific/Pago_Pago","686":"America/New_York","689":"America/New_York","701":"America/Chicago","702":"America/Los_Angeles","703":"America/New_York","704":"America/New_York","706":"America/New_York","707":"America/Los_Angeles","708":"America/Chicago","712":"America/Chicago","713":"America/Chicago","714":"America/Los_Angeles","715":"America/Chicago","716":"America/New_York","717":"America/New_York","718":"America/New_York","719":"America/Denver","720":"America/Denver","724":"America/New_York","725":"America/Los_Angeles","726":"America/Chicago","727":"America/New_York","728":"America/New_York","730":"America/Chicago","731":"America/Chicago","732":"America/New_York","734":"America/Detroit","737":"America/Chicago","738":"America/Los_Angeles","740":"America/New_York","743":"America/New_York","747":"America/Los_Angeles","748":"America/Denver","754":"America/New_York","757":"America/New_York","760":"America/Los_Angeles","762":"America/New_York","763":"America/Chicago","765":"America/Indiana/Indianapolis","769":"America/Chicago","770":"America/New_York","771":"America/New_York","772":"America/New_York","773":"America/Chicago","774":"America/New_York","775":"America/Los_Angeles","779":"America/Chicago","781":"America/New_York","785":"America/Chicago","786":"America/New_York","787":"America/Puerto_Rico","801":"America/Denver","802":"America/New_York","803":"America/New_York","804":"America/New_York","805":"America/Los_Angeles","806":"America/Chicago","808":"Pacific/Honolulu","810":"America/Detroit","812":"America/Indiana/Indianapolis","813":"America/New_York","814":"America/New_York","815":"America/Chicago","816":"America/Chicago","817":"America/Chicago","818":"America/Los_Angeles","820":"America/Los_Angeles","821":"America/New_York","826":"America/New_York","828":"America/New_York","830":"America/Chicago","831":"America/Los_Angeles","832":"America/Chicago","835":"America/New_York","838":"America/New_York","839":"America/New_York","840":"America/Los_Angeles","843":"America/New_York","845":"America/New_York","847":"America/Chicago","848":"America/New_York","850":"America/Chicago","854":"America/New_York","856":"America/New_York","857":"America/New_York","858":"America/Los_Angeles","859":"America/New_York","860":"America/New_York","861":"America/Chicago","862":"America/New_York","863":"America/New_York","864":"America/New_York","865":"America/New_York","870":"America/Chicago","872":"America/Chicago","878":"America/New_York","901":"America/Chicago","903":"America/Chicago","904":"America/New_York","906":"America/Detroit","907":"America/Anchorage","908":"America/New_York","909":"America/Los_Angeles","910":"America/New_York","912":"America/New_York","913":"America/Chicago","914":"America/New_York","915":"America/Denver","916":"America/Los_Angeles","917":"America/New_York","918":"America/Chicago","919":"America/New_York","920":"America/Chicago","924":"America/Chicago","925":"America/Los_Angeles","928":"America/Phoenix","929":"America/New_York","930":"America/Indiana/Indianapolis","931":"America/Chicago","934":"America/New_York","936":"America/Chicago","937":"America/New_York","938":"America/Chicago","939":"America/Puerto_Rico","940":"America/Chicago","941":"America/New_York","943":"America/New_York","945":"America/Chicago","947":"America/Detroit","948":"America/New_York","949":"America/Los_Angeles","951":"America/Los_Angeles","952":"America/Chicago","954":"America/New_York","956":"America/Chicago","959":"America/New_York","970":"America/Denver","971":"America/Los_Angeles","972":"America/Chicago","973":"America/New_York","975":"America/Chicago","978":"America/New_York","979":"America/Chicago","980":"America/New_York","983":"America/Denver","984":"America/New_York","985":"America/Chicago","986":"America/Boise","989":"America/Detroit"}'::jsonb ->> substr(phone, 3, 3), 'America/New_York')
$$;
--> statement-breakpoint
-- Rollups of sms_deliveries, kept by statement-level triggers: each statement's changed rows
-- (its transition tables, counted +1 new / -1 old) are summed per send, per hold and per day, and
-- added in one upsert per rollup, in key order so that concurrent statements lock rows alike.
CREATE FUNCTION ms_delivery_rollups() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
      delivered, undelivered, failed, possible_duplicates, one_phone, characters, segments)
    SELECT * FROM (%s) d
    WHERE (total, queued, claimed, submitting, sent, delivered, undelivered, failed, possible_duplicates)
      <> (0, 0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY send_id
    ON CONFLICT (send_id) DO UPDATE SET total = s.total + excluded.total,
      queued = s.queued + excluded.queued, claimed = s.claimed + excluded.claimed,
      submitting = s.submitting + excluded.submitting, sent = s.sent + excluded.sent,
      delivered = s.delivered + excluded.delivered, undelivered = s.undelivered + excluded.undelivered,
      failed = s.failed + excluded.failed,
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
--> statement-breakpoint
CREATE TRIGGER sms_deliveries_rollups_insert AFTER INSERT ON sms_deliveries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ms_delivery_rollups();
--> statement-breakpoint
CREATE TRIGGER sms_deliveries_rollups_update AFTER UPDATE ON sms_deliveries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ms_delivery_rollups();
--> statement-breakpoint
CREATE TRIGGER sms_deliveries_rollups_delete AFTER DELETE ON sms_deliveries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ms_delivery_rollups();
--> statement-breakpoint
CREATE FUNCTION ms_contact_counts() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  totals text := format($q$
    WITH c AS (%s)
    SELECT station_id, status, is_verified, sum(sign)::int AS count
    FROM c GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
  $q$, CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END);
BEGIN
  IF TG_OP = 'DELETE' THEN
    EXECUTE format($q$
      UPDATE sms_contact_counts t SET count = t.count + d.count FROM (%s) d
      WHERE t.station_id = d.station_id AND t.status = d.status AND t.is_verified = d.is_verified
    $q$, totals);
  ELSE
    EXECUTE format($q$
      INSERT INTO sms_contact_counts AS t (station_id, status, is_verified, count)
      SELECT * FROM (%s) d ORDER BY 1, 2, 3
      ON CONFLICT (station_id, status, is_verified) DO UPDATE SET count = t.count + excluded.count
    $q$, totals);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER sms_contacts_counts_insert AFTER INSERT ON sms_contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ms_contact_counts();
--> statement-breakpoint
CREATE TRIGGER sms_contacts_counts_update AFTER UPDATE ON sms_contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ms_contact_counts();
--> statement-breakpoint
CREATE TRIGGER sms_contacts_counts_delete AFTER DELETE ON sms_contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ms_contact_counts();
--> statement-breakpoint
-- What is there already.
INSERT INTO sms_send_stats (send_id, station_id, total, queued, claimed, submitting, sent, delivered,
  undelivered, failed, possible_duplicates, one_phone, characters, segments)
SELECT send_id, station_id, count(*),
  count(*) FILTER (WHERE status = 'queued'), count(*) FILTER (WHERE status = 'claimed'),
  count(*) FILTER (WHERE status = 'submitting'), count(*) FILTER (WHERE status = 'sent'),
  count(*) FILTER (WHERE status = 'delivered'), count(*) FILTER (WHERE status = 'undelivered'),
  count(*) FILTER (WHERE status = 'failed'), count(*) FILTER (WHERE reclaimed > 0),
  min(phone), max(char_length(body)), max(segments)
FROM sms_deliveries GROUP BY send_id, station_id;
--> statement-breakpoint
INSERT INTO sms_send_holds (send_id, release_at, zone, count)
SELECT send_id, not_before, ms_zone_of(phone), count(*) FROM sms_deliveries
WHERE status = 'queued' AND (not_before AT TIME ZONE ms_zone_of(phone))::time = '08:00'
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO sms_daily_stats (station_id, day, sent)
SELECT station_id, (sent_at AT TIME ZONE 'UTC')::date, count(*) FROM sms_deliveries
WHERE status IN ('sent', 'delivered', 'undelivered') AND sent_at IS NOT NULL
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO sms_contact_counts (station_id, status, is_verified, count)
SELECT station_id, status, is_verified, count(*) FROM sms_contacts GROUP BY 1, 2, 3;
