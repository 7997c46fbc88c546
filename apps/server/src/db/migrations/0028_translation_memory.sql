CREATE TABLE "translation_memory" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"station_id" uuid,
	"key" text NOT NULL,
	"from_language" text NOT NULL,
	"to_language" text NOT NULL,
	"state" text NOT NULL,
	"claim_token" uuid,
	"claimed_until" timestamp with time zone,
	"engine" text,
	"translated_text" text,
	"unknown_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"hits" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_memory_state" CHECK ("translation_memory"."state" in ('claimed', 'done'))
);
--> statement-breakpoint
ALTER TABLE "translation_memory" ADD CONSTRAINT "translation_memory_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "translation_memory_scope_key" ON "translation_memory" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "translation_memory_used_idx" ON "translation_memory" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "translation_memory_station_idx" ON "translation_memory" USING btree ("station_id");