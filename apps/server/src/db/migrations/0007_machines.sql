CREATE TABLE "agent_clients" (
	"station_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"user_id" uuid,
	"api_key_id" uuid,
	"node_id" text NOT NULL,
	"connection_id" uuid NOT NULL,
	"client_name" text NOT NULL,
	"platform" text NOT NULL,
	"audio_output_device" text,
	"voices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"client_version" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"disconnected_at" timestamp with time zone,
	CONSTRAINT "agent_clients_station_id_client_id_pk" PRIMARY KEY("station_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "agent_clients" ADD CONSTRAINT "agent_clients_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_clients" ADD CONSTRAINT "agent_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_clients" ADD CONSTRAINT "agent_clients_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_clients_connected_idx" ON "agent_clients" USING btree ("station_id") WHERE "agent_clients"."disconnected_at" is null;