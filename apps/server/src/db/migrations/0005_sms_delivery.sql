CREATE TABLE "sms_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"send_id" uuid NOT NULL,
	"contact_id" uuid,
	"phone" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"segments" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"reclaimed" integer DEFAULT 0 NOT NULL,
	"provider_message_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_deliveries_status" CHECK ("sms_deliveries"."status" in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sms_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"message_id" uuid,
	"message_title" text NOT NULL,
	"message_type" text NOT NULL,
	"sent_by" uuid,
	"recipients" integer NOT NULL,
	"credits" integer NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_deliveries" ADD CONSTRAINT "sms_deliveries_send_id_sms_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."sms_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_sends" ADD CONSTRAINT "sms_sends_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_sends" ADD CONSTRAINT "sms_sends_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_sends" ADD CONSTRAINT "sms_sends_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_deliveries_send_contact_key" ON "sms_deliveries" USING btree ("send_id","contact_id");--> statement-breakpoint
CREATE INDEX "sms_deliveries_due_idx" ON "sms_deliveries" USING btree ("station_id","not_before") WHERE "sms_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "sms_deliveries_sending_idx" ON "sms_deliveries" USING btree ("claimed_at") WHERE "sms_deliveries"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "sms_deliveries_provider_idx" ON "sms_deliveries" USING btree ("provider_message_id") WHERE "sms_deliveries"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_sends_station_created_idx" ON "sms_sends" USING btree ("station_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_sends_message_idx" ON "sms_sends" USING btree ("message_id");