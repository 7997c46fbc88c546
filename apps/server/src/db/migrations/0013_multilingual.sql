CREATE TABLE "message_type_translations" (
	"station_id" uuid NOT NULL,
	"message_type" text NOT NULL,
	"language" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_type_translations_station_id_message_type_language_pk" PRIMARY KEY("station_id","message_type","language"),
	CONSTRAINT "message_type_translations_key" CHECK ("message_type_translations"."message_type" in ('emergency', 'alert', 'station', 'informational')),
	CONSTRAINT "message_type_translations_language" CHECK ("message_type_translations"."language" in ('en','es','fr','de','it','pt','zh','ja','ko')),
	CONSTRAINT "message_type_translations_source" CHECK ("message_type_translations"."source" in ('default', 'machine', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "station_sms_texts" (
	"station_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_sms_texts_station_id_kind_language_pk" PRIMARY KEY("station_id","kind","language"),
	CONSTRAINT "station_sms_texts_kind" CHECK ("station_sms_texts"."kind" in ('confirmation', 'help')),
	CONSTRAINT "station_sms_texts_language" CHECK ("station_sms_texts"."language" in ('en','es','fr','de','it','pt','zh','ja','ko'))
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "registration_drafts" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_type_translations" ADD CONSTRAINT "message_type_translations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_sms_texts" ADD CONSTRAINT "station_sms_texts_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language" CHECK ("users"."language" in ('en', 'es'));