CREATE TABLE "message_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"message_type" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text NOT NULL,
	"color_code" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_types_key" CHECK ("message_types"."message_type" in ('emergency', 'alert', 'station', 'informational'))
);
--> statement-breakpoint
CREATE TABLE "station_languages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"language_code" text NOT NULL,
	"display_name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_languages_code" CHECK ("station_languages"."language_code" in ('en','es','fr','de','it','pt','zh','ja','ko'))
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"brand_color" text DEFAULT '#007bff' NOT NULL,
	"primary_language" text DEFAULT 'en' NOT NULL,
	"logo_url" text,
	"privacy_policy_url" text NOT NULL,
	"terms_url" text NOT NULL,
	"signup_enabled" boolean DEFAULT true NOT NULL,
	"sms_enabled" boolean DEFAULT false NOT NULL,
	"sms_credits_balance" integer DEFAULT 0 NOT NULL,
	"monthly_credits" integer DEFAULT 500 NOT NULL,
	"billing_email" text,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"payment_expires_at" timestamp with time zone,
	"subscription_tier" text DEFAULT 'basic' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stations_slug_format" CHECK ("stations"."slug" ~ '^[a-z0-9]{1,20}$'),
	CONSTRAINT "stations_credits_not_negative" CHECK ("stations"."sms_credits_balance" >= 0),
	CONSTRAINT "stations_payment_status" CHECK ("stations"."payment_status" in ('paid', 'trial', 'suspended', 'unpaid')),
	CONSTRAINT "stations_primary_language" CHECK ("stations"."primary_language" in ('en','es','fr','de','it','pt','zh','ja','ko'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"viewing_station_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"full_name" text NOT NULL,
	"phone_number" text,
	"role" text DEFAULT 'user' NOT NULL,
	"is_superadmin" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role" CHECK ("users"."role" in ('admin', 'user')),
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "message_types" ADD CONSTRAINT "message_types_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_languages" ADD CONSTRAINT "station_languages_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_viewing_station_id_stations_id_fk" FOREIGN KEY ("viewing_station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_types_station_type_key" ON "message_types" USING btree ("station_id","message_type");--> statement-breakpoint
CREATE UNIQUE INDEX "station_languages_station_language_key" ON "station_languages" USING btree ("station_id","language_code");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_slug_key" ON "stations" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_station_idx" ON "users" USING btree ("station_id");