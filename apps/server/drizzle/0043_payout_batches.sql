CREATE TABLE "payout_batch_rows" (
	"batch_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"kind" text,
	"payee_id" uuid,
	"address_id" uuid,
	"quote_id" uuid,
	"payout_id" uuid,
	"failure" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payout_batch_rows_batch_id_line_pk" PRIMARY KEY("batch_id","line")
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"fiat_asset" text NOT NULL,
	"sender_account_name" text NOT NULL,
	"needs_approval" boolean,
	"holds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_batch_rows" ADD CONSTRAINT "payout_batch_rows_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_batches_company" ON "payout_batches" USING btree ("company_id","id");