CREATE TABLE "station_translation_engines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"engine" text NOT NULL,
	"position" integer NOT NULL,
	"base_url" text,
	"model" text,
	"key_ciphertext" text,
	"key_hint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_translation_engines_engine" CHECK ("station_translation_engines"."engine" in ('deepl', 'google', 'openai', 'libretranslate', 'apertium'))
);
--> statement-breakpoint
CREATE TABLE "station_voices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"language" text NOT NULL,
	"voice" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_voices_language" CHECK ("station_voices"."language" in ('en','es','fr','de','it','pt','zh','ja','ko'))
);
--> statement-breakpoint
ALTER TABLE "message_translations" ADD COLUMN "review" text DEFAULT 'machine' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_translations" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "message_translations" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_translations" ADD COLUMN "previous_correction" text;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "review_required_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "station_translation_engines" ADD CONSTRAINT "station_translation_engines_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_voices" ADD CONSTRAINT "station_voices_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "station_translation_engines_station_engine_key" ON "station_translation_engines" USING btree ("station_id","engine");--> statement-breakpoint
CREATE INDEX "station_translation_engines_station_idx" ON "station_translation_engines" USING btree ("station_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "station_voices_station_language_key" ON "station_voices" USING btree ("station_id","language");--> statement-breakpoint
ALTER TABLE "message_translations" ADD CONSTRAINT "message_translations_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand corrections made before review states existed stay corrections.
UPDATE "message_translations" SET "review" = 'corrected' WHERE "edited";--> statement-breakpoint
ALTER TABLE "message_translations" DROP COLUMN "edited";--> statement-breakpoint
ALTER TABLE "message_translations" ADD CONSTRAINT "message_translations_review" CHECK ("message_translations"."review" in ('machine', 'reviewed', 'corrected'));