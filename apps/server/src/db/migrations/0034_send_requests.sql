CREATE TABLE "message_send_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	CONSTRAINT "message_send_requests_status" CHECK ("message_send_requests"."status" in ('pending', 'sent', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "message_send_requests" ADD CONSTRAINT "message_send_requests_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_send_requests" ADD CONSTRAINT "message_send_requests_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_send_requests" ADD CONSTRAINT "message_send_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_send_requests" ADD CONSTRAINT "message_send_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_send_requests_one_pending" ON "message_send_requests" USING btree ("message_id") WHERE "message_send_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "message_send_requests_station_status_idx" ON "message_send_requests" USING btree ("station_id","status","requested_at");--> statement-breakpoint
CREATE INDEX "message_send_requests_message_idx" ON "message_send_requests" USING btree ("station_id","message_id");