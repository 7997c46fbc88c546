DROP INDEX "sms_deliveries_due_idx";--> statement-breakpoint
DROP INDEX "sms_deliveries_in_flight_idx";--> statement-breakpoint
ALTER TABLE "sms_deliveries" ADD COLUMN "lane" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "sms_sender" text;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "sms_rate_per_second" real;--> statement-breakpoint
CREATE INDEX "sms_deliveries_due_idx" ON "sms_deliveries" USING btree ("lane","priority","not_before") WHERE "sms_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "sms_deliveries_in_flight_idx" ON "sms_deliveries" USING btree ("lane","claimed_by") WHERE "sms_deliveries"."status" in ('claimed', 'submitting');--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_sms_rate" CHECK ("stations"."sms_rate_per_second" is null or ("stations"."sms_rate_per_second" >= 0.1 and "stations"."sms_rate_per_second" <= 1000));