CREATE TABLE "message_approvals" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"station_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"content_digest" text NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"comment" text,
	CONSTRAINT "message_approvals_status" CHECK ("message_approvals"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "inbox_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"contact_id" uuid,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_preview" text DEFAULT '' NOT NULL,
	"last_direction" text NOT NULL,
	"auto_replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_conversations_last_direction" CHECK ("inbox_conversations"."last_direction" in ('in', 'out', 'auto'))
);
--> statement-breakpoint
CREATE TABLE "inbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"body" text NOT NULL,
	"language" text NOT NULL,
	"translated_text" text,
	"translation_language" text,
	"translation_status" text,
	"translation_error" text,
	"staff_text" text,
	"staff_language" text,
	"sent_by" uuid,
	"provider_message_id" text,
	"sms_status" text NOT NULL,
	"segments" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_messages_direction" CHECK ("inbox_messages"."direction" in ('in', 'out', 'auto')),
	CONSTRAINT "inbox_messages_sms_status" CHECK ("inbox_messages"."sms_status" in ('received', 'sent', 'failed')),
	CONSTRAINT "inbox_messages_translation_status" CHECK ("inbox_messages"."translation_status" is null or "inbox_messages"."translation_status" in ('not_needed', 'pending', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "message_schedule_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"error_code" text,
	"error_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"send_id" uuid,
	"recipients" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"played_on" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "message_schedule_runs_outcome" CHECK ("message_schedule_runs"."outcome" in ('sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "message_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"created_by" uuid,
	"repeat" text NOT NULL,
	"start_date" date NOT NULL,
	"local_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"ends_on" date,
	"max_runs" integer,
	"runs_done" integer DEFAULT 0 NOT NULL,
	"send_sms" boolean NOT NULL,
	"machine_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_schedules_repeat" CHECK ("message_schedules"."repeat" in ('once', 'daily', 'weekdays', 'weekly', 'monthly')),
	CONSTRAINT "message_schedules_status" CHECK ("message_schedules"."status" in ('active', 'done', 'cancelled', 'failed')),
	CONSTRAINT "message_schedules_local_time" CHECK ("message_schedules"."local_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "message_template_translations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"station_id" uuid NOT NULL,
	"language_code" text NOT NULL,
	"translated_text" text,
	"status" text NOT NULL,
	"error" text,
	"lost_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"review" text DEFAULT 'machine' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"previous_correction" text,
	"provider" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_template_translations_status" CHECK ("message_template_translations"."status" in ('completed', 'failed')),
	CONSTRAINT "message_template_translations_review" CHECK ("message_template_translations"."review" in ('machine', 'reviewed', 'corrected'))
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"name" text NOT NULL,
	"message_type" text NOT NULL,
	"title" text NOT NULL,
	"original" text NOT NULL,
	"original_language" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_type" CHECK ("message_templates"."message_type" in ('emergency', 'alert', 'station', 'informational'))
);
--> statement-breakpoint
ALTER TABLE "station_sms_texts" DROP CONSTRAINT "station_sms_texts_kind";--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "approval_required_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "approval_bypass_emergency" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "inbox_auto_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message_approvals" ADD CONSTRAINT "message_approvals_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_approvals" ADD CONSTRAINT "message_approvals_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_approvals" ADD CONSTRAINT "message_approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_approvals" ADD CONSTRAINT "message_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_contact_id_sms_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."sms_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_conversation_id_inbox_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."inbox_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_schedule_runs" ADD CONSTRAINT "message_schedule_runs_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_schedule_runs" ADD CONSTRAINT "message_schedule_runs_schedule_id_message_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."message_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_schedules" ADD CONSTRAINT "message_schedules_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_schedules" ADD CONSTRAINT "message_schedules_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_schedules" ADD CONSTRAINT "message_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template_translations" ADD CONSTRAINT "message_template_translations_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template_translations" ADD CONSTRAINT "message_template_translations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template_translations" ADD CONSTRAINT "message_template_translations_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_approvals_station_status_idx" ON "message_approvals" USING btree ("station_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_conversations_station_phone_key" ON "inbox_conversations" USING btree ("station_id","phone");--> statement-breakpoint
CREATE INDEX "inbox_conversations_station_last_idx" ON "inbox_conversations" USING btree ("station_id","last_message_at");--> statement-breakpoint
CREATE INDEX "inbox_messages_conversation_idx" ON "inbox_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_messages_inbound_provider_key" ON "inbox_messages" USING btree ("provider_message_id") WHERE "inbox_messages"."direction" = 'in';--> statement-breakpoint
CREATE UNIQUE INDEX "message_schedule_runs_due_key" ON "message_schedule_runs" USING btree ("schedule_id","due_at");--> statement-breakpoint
CREATE INDEX "message_schedules_due_idx" ON "message_schedules" USING btree ("next_run_at") WHERE "message_schedules"."status" = 'active';--> statement-breakpoint
CREATE INDEX "message_schedules_station_idx" ON "message_schedules" USING btree ("station_id","created_at");--> statement-breakpoint
CREATE INDEX "message_schedules_message_idx" ON "message_schedules" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_template_translations_template_language_key" ON "message_template_translations" USING btree ("template_id","language_code");--> statement-breakpoint
CREATE INDEX "message_template_translations_station_idx" ON "message_template_translations" USING btree ("station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_station_name_key" ON "message_templates" USING btree ("station_id",lower("name"));--> statement-breakpoint
ALTER TABLE "station_sms_texts" ADD CONSTRAINT "station_sms_texts_kind" CHECK ("station_sms_texts"."kind" in ('confirmation', 'help', 'auto_reply'));