CREATE TABLE "consent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"contact_id" uuid,
	"phone" text NOT NULL,
	"event" text NOT NULL,
	"source" text NOT NULL,
	"detail" text,
	"ip" text,
	"user_agent" text,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_message_id" text NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"keyword" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_contact_preferences" (
	"contact_id" uuid NOT NULL,
	"station_id" uuid NOT NULL,
	"message_type" text NOT NULL,
	"language" text NOT NULL,
	CONSTRAINT "sms_contact_preferences_contact_id_message_type_pk" PRIMARY KEY("contact_id","message_type")
);
--> statement-breakpoint
CREATE TABLE "sms_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"source" text NOT NULL,
	"pending_signup" jsonb,
	"opted_out_at" timestamp with time zone,
	"signed_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_contacts_status" CHECK ("sms_contacts"."status" in ('pending', 'active', 'paused', 'opted_out'))
);
--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_contact_id_sms_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."sms_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_contact_preferences" ADD CONSTRAINT "sms_contact_preferences_contact_id_sms_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."sms_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_contact_preferences" ADD CONSTRAINT "sms_contact_preferences_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_contacts" ADD CONSTRAINT "sms_contacts_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_station_phone_idx" ON "consent_events" USING btree ("station_id","phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_provider_id_key" ON "inbound_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "sms_contact_preferences_station_type_idx" ON "sms_contact_preferences" USING btree ("station_id","message_type");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_contacts_station_phone_key" ON "sms_contacts" USING btree ("station_id","phone");--> statement-breakpoint
CREATE INDEX "sms_contacts_station_status_idx" ON "sms_contacts" USING btree ("station_id","status");--> statement-breakpoint
CREATE INDEX "sms_contacts_phone_idx" ON "sms_contacts" USING btree ("phone");