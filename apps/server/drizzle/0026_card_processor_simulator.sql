CREATE TABLE "card_sim_authorisations" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"amount" numeric(38, 2) NOT NULL,
	"merchant" jsonb NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_sim_cards" (
	"reference" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"level" text NOT NULL,
	"network" text NOT NULL,
	"name_on_card" text NOT NULL,
	"last4" text NOT NULL,
	"state" text NOT NULL,
	"operation_stage" text NOT NULL,
	"anomaly_cause" text,
	"next_stage_at" timestamp with time zone,
	"mailing_address" jsonb NOT NULL,
	"pin_set" boolean DEFAULT false NOT NULL,
	"fail_next_pin" boolean DEFAULT false NOT NULL,
	"next_load_outcome" text,
	"expires_on" date NOT NULL,
	"available" numeric(38, 2) DEFAULT '0' NOT NULL,
	"replaces_reference" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_sim_loads" (
	"load_reference" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" numeric(38, 2) NOT NULL,
	"status" text NOT NULL,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_sim_members" (
	"member_id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"kyc_id_status" text NOT NULL,
	"kyc_address_status" text NOT NULL,
	"kyc_message" text,
	"kyc_due_at" timestamp with time zone,
	"refuse_next" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_sim_notifications" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "card_sim_cards_due" ON "card_sim_cards" USING btree ("next_stage_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_sim_loads_key" ON "card_sim_loads" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "card_sim_loads_due" ON "card_sim_loads" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_sim_members_username" ON "card_sim_members" USING btree (lower("username"));