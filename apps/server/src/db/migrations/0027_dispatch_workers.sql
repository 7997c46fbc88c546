CREATE TABLE "sms_dispatch_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"seen_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
