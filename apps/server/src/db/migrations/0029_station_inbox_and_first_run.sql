CREATE TABLE "station_first_run" (
	"station_id" uuid PRIMARY KEY NOT NULL,
	"hidden_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "station_inbox_settings" (
	"station_id" uuid PRIMARY KEY NOT NULL,
	"auto_reply" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "station_first_run" ADD CONSTRAINT "station_first_run_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_inbox_settings" ADD CONSTRAINT "station_inbox_settings_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "station_inbox_settings" ("station_id", "auto_reply", "updated_at") SELECT "id", "inbox_auto_reply", "updated_at" FROM "stations" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "station_first_run" ("station_id", "hidden_at") SELECT "id", "first_run_hidden_at" FROM "stations" ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "inbox_auto_reply";--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "first_run_hidden_at";