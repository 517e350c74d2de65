CREATE TABLE "inbox_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"link" jsonb,
	"event_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_messages_reader" ON "inbox_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "inbox_messages_unread" ON "inbox_messages" USING btree ("user_id","category") WHERE "inbox_messages"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_messages_event_reader" ON "inbox_messages" USING btree ("event_id","user_id");