CREATE TABLE "station_policies" (
	"station_id" uuid PRIMARY KEY NOT NULL,
	"require_two_factor" boolean DEFAULT false NOT NULL,
	"review_required_types" text[] DEFAULT '{emergency}'::text[] NOT NULL,
	"approval_required_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"approval_bypass_emergency" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "station_policies" ADD CONSTRAINT "station_policies_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "station_policies" ("station_id", "require_two_factor", "review_required_types", "approval_required_types", "approval_bypass_emergency", "created_at", "updated_at") SELECT "id", "require_two_factor", "review_required_types", "approval_required_types", "approval_bypass_emergency", "created_at", "updated_at" FROM "stations" ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "require_two_factor";--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "review_required_types";--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "approval_required_types";--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "approval_bypass_emergency";