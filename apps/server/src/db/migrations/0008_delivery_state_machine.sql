CREATE TABLE "sms_dispatch_lanes" (
	"lane" text PRIMARY KEY NOT NULL,
	"holder" text,
	"lease_until" timestamp with time zone,
	"takeovers" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_refunds" (
	"delivery_id" uuid NOT NULL,
	"station_id" uuid NOT NULL,
	"credits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_refunds_delivery_id_pk" PRIMARY KEY("delivery_id")
);
--> statement-breakpoint
ALTER TABLE "sms_deliveries" DROP CONSTRAINT "sms_deliveries_status";--> statement-breakpoint
DROP INDEX "sms_deliveries_sending_idx";--> statement-breakpoint
DROP INDEX "sms_deliveries_due_idx";--> statement-breakpoint
ALTER TABLE "sms_deliveries" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_deliveries" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "sms_deliveries" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_sends" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE INDEX "sms_deliveries_in_flight_idx" ON "sms_deliveries" USING btree ("claimed_by") WHERE "sms_deliveries"."status" in ('claimed', 'submitting');--> statement-breakpoint
CREATE UNIQUE INDEX "sms_sends_idempotency_key" ON "sms_sends" USING btree ("station_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "sms_deliveries_due_idx" ON "sms_deliveries" USING btree ("priority","not_before") WHERE "sms_deliveries"."status" = 'queued';--> statement-breakpoint
-- A row left 'sending' by the old dispatcher may have reached the provider: it is resolved by asking it.
UPDATE "sms_deliveries" SET "status" = 'submitting', "submitted_at" = "claimed_at" WHERE "status" = 'sending';--> statement-breakpoint
UPDATE "sms_deliveries" d SET "priority" = 0 FROM "sms_sends" s WHERE s."id" = d."send_id" AND s."message_type" = 'emergency' AND d."status" = 'queued';--> statement-breakpoint
ALTER TABLE "sms_deliveries" ADD CONSTRAINT "sms_deliveries_status" CHECK ("sms_deliveries"."status" in ('queued', 'claimed', 'submitting', 'sent', 'delivered', 'undelivered', 'failed'));