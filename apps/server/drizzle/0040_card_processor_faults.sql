CREATE SEQUENCE "public"."card_sim_request_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "card_sim_faults" (
	"id" text PRIMARY KEY NOT NULL,
	"fault" text NOT NULL,
	"calls" integer,
	"numbered_after" bigint NOT NULL,
	"set_at" timestamp with time zone NOT NULL
);
