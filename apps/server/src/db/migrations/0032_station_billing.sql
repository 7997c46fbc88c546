CREATE TABLE "station_billing" (
	"station_id" uuid PRIMARY KEY NOT NULL,
	"sms_credits_balance" integer DEFAULT 0 NOT NULL,
	"monthly_credits" integer DEFAULT 500 NOT NULL,
	"billing_email" text,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"payment_expires_at" timestamp with time zone,
	"subscription_tier" text DEFAULT 'basic' NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"payment_failed_at" timestamp with time zone,
	"stripe_state_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_billing_credits_not_negative" CHECK ("station_billing"."sms_credits_balance" >= 0),
	CONSTRAINT "station_billing_payment_status" CHECK ("station_billing"."payment_status" in ('paid', 'trial', 'suspended', 'unpaid'))
);
--> statement-breakpoint
INSERT INTO "station_billing" ("station_id", "sms_credits_balance", "monthly_credits", "billing_email", "payment_status", "payment_expires_at", "subscription_tier", "stripe_customer_id", "stripe_subscription_id", "payment_failed_at", "stripe_state_at", "created_at", "updated_at") SELECT "id", "sms_credits_balance", "monthly_credits", "billing_email", "payment_status", "payment_expires_at", "subscription_tier", "stripe_customer_id", "stripe_subscription_id", "payment_failed_at", "stripe_state_at", "created_at", "updated_at" FROM "stations" ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "stations" DROP CONSTRAINT "stations_credits_not_negative";--> statement-breakpoint
ALTER TABLE "stations" DROP CONSTRAINT "stations_payment_status";--> statement-breakpoint
DROP INDEX "stations_stripe_customer_idx";--> statement-breakpoint
ALTER TABLE "station_billing" ADD CONSTRAINT "station_billing_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "station_billing_stripe_customer_idx" ON "station_billing" USING btree ("stripe_customer_id");--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "sms_credits_balance";--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "monthly_credits";--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "billing_email";--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "payment_status";--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "payment_expires_at";--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "subscription_tier";--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "stripe_customer_id";--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "stripe_subscription_id";--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "payment_failed_at";--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "stripe_state_at";