CREATE TABLE "station_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"scopes" text[] NOT NULL,
	"rate_limit_per_minute" integer DEFAULT 60 NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "station_api_keys_rate_limit" CHECK ("station_api_keys"."rate_limit_per_minute" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "weather_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"nws_id" text NOT NULL,
	"event" text NOT NULL,
	"severity" text NOT NULL,
	"headline" text NOT NULL,
	"area_desc" text NOT NULL,
	"kind" text NOT NULL,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"original_id" uuid,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"error_code" text,
	"error_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message_id" uuid,
	"send_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_alerts_kind" CHECK ("weather_alerts"."kind" in ('Alert', 'Update', 'Cancel')),
	CONSTRAINT "weather_alerts_outcome" CHECK ("weather_alerts"."outcome" in ('drafted', 'auto_sent', 'approval_requested', 'auto_send_waiting', 'send_refused', 'ignored_event', 'ignored_severity', 'ignored_cancel', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "weather_settings" (
	"station_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"zones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"severities" text[] DEFAULT '{}'::text[] NOT NULL,
	"auto_send_severities" text[] DEFAULT '{}'::text[] NOT NULL,
	"configured_by" uuid,
	"last_modified" text,
	"last_poll_at" timestamp with time zone,
	"last_error_code" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text,
	"response_body" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"window_started_at" timestamp with time zone,
	"claimed_by" text,
	"lease_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_status" CHECK ("webhook_deliveries"."status" in ('pending', 'sending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"secret_sealed" text NOT NULL,
	"secret_hint" text NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_disabled_reason" CHECK ("webhook_endpoints"."disabled_reason" in ('admin', 'failures'))
);
--> statement-breakpoint
CREATE TABLE "webhook_send_marks" (
	"send_id" uuid PRIMARY KEY NOT NULL,
	"station_id" uuid NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "station_api_keys" ADD CONSTRAINT "station_api_keys_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_api_keys" ADD CONSTRAINT "station_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_alerts" ADD CONSTRAINT "weather_alerts_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_alerts" ADD CONSTRAINT "weather_alerts_original_id_weather_alerts_id_fk" FOREIGN KEY ("original_id") REFERENCES "public"."weather_alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_alerts" ADD CONSTRAINT "weather_alerts_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_settings" ADD CONSTRAINT "weather_settings_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_settings" ADD CONSTRAINT "weather_settings_configured_by_users_id_fk" FOREIGN KEY ("configured_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_send_marks" ADD CONSTRAINT "webhook_send_marks_send_id_sms_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."sms_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_send_marks" ADD CONSTRAINT "webhook_send_marks_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "station_api_keys_key_hash_key" ON "station_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "station_api_keys_station_idx" ON "station_api_keys" USING btree ("station_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "weather_alerts_station_nws_key" ON "weather_alerts" USING btree ("station_id","nws_id");--> statement-breakpoint
CREATE INDEX "weather_alerts_station_received_idx" ON "weather_alerts" USING btree ("station_id","received_at");--> statement-breakpoint
CREATE INDEX "weather_alerts_waiting_idx" ON "weather_alerts" USING btree ("station_id") WHERE "weather_alerts"."outcome" = 'auto_send_waiting';--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_sending_idx" ON "webhook_deliveries" USING btree ("lease_until") WHERE "webhook_deliveries"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_station_idx" ON "webhook_deliveries" USING btree ("station_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_station_enabled_idx" ON "webhook_endpoints" USING btree ("station_id") WHERE "webhook_endpoints"."enabled";