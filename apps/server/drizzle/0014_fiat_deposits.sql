CREATE TABLE "bank_credits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"reference" text NOT NULL,
	"sender" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"company_id" uuid,
	"notice_id" uuid,
	"source_type" text,
	"source_id" text,
	"credited_asset" text,
	"rate" numeric(38, 18),
	"rate_at" timestamp with time zone,
	"fee" numeric(38, 18),
	"net" numeric(38, 18),
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "deposit_notices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"target_asset" text NOT NULL,
	"reference" text NOT NULL,
	"expected_date" date NOT NULL,
	"status" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_notice_id_deposit_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."deposit_notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_notices" ADD CONSTRAINT "deposit_notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_credits_status" ON "bank_credits" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "deposit_notices_open" ON "deposit_notices" USING btree ("company_id","currency") WHERE "deposit_notices"."status" = 'open';