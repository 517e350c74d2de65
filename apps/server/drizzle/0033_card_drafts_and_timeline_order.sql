CREATE TABLE "card_application_drafts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"values" jsonb NOT NULL,
	"step" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_events" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "card_application_drafts" ADD CONSTRAINT "card_application_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_application_drafts" ADD CONSTRAINT "card_application_drafts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_application_drafts_company" ON "card_application_drafts" USING btree ("company_id");--> statement-breakpoint
-- Lines written before `seq` existed keep the order the timeline read them in (time, then id).
UPDATE "card_events" SET "seq" = "ordered"."position"
FROM (SELECT "id", row_number() OVER (ORDER BY "at", "id") AS "position" FROM "card_events") AS "ordered"
WHERE "card_events"."id" = "ordered"."id";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('card_events', 'seq'), (SELECT coalesce(max("seq"), 0) + 1 FROM "card_events"), false);
