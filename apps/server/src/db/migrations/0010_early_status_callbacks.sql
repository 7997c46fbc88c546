CREATE TABLE "sms_early_statuses" (
	"provider_message_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"rank" smallint NOT NULL,
	"error" text,
	"received_at" timestamp with time zone NOT NULL
);
