ALTER TABLE "stations" ADD COLUMN "first_run_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "previous_login_at" timestamp with time zone;