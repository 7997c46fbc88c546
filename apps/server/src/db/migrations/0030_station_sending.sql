CREATE TABLE "station_sending" (
	"station_id" uuid PRIMARY KEY NOT NULL,
	"sms_sender" text,
	"sms_rate_per_second" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_sending_sms_rate" CHECK ("station_sending"."sms_rate_per_second" is null or ("station_sending"."sms_rate_per_second" >= 0.1 and "station_sending"."sms_rate_per_second" <= 1000))
);
--> statement-breakpoint
ALTER TABLE "stations" DROP CONSTRAINT "stations_sms_rate";--> statement-breakpoint
ALTER TABLE "station_sending" ADD CONSTRAINT "station_sending_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "station_sending" ("station_id", "sms_sender", "sms_rate_per_second", "created_at", "updated_at") SELECT "id", "sms_sender", "sms_rate_per_second", "created_at", "updated_at" FROM "stations" ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "sms_sender";--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "sms_rate_per_second";