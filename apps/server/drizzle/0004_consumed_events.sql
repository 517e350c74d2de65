CREATE TABLE "consumed_events" (
	"event_id" uuid NOT NULL,
	"subscriber" text NOT NULL,
	"consumed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consumed_events_event_id_subscriber_pk" PRIMARY KEY("event_id","subscriber")
);
