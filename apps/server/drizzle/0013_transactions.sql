CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"direction" text NOT NULL,
	"asset" text NOT NULL,
	"network" text,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"tx_hash" text,
	"counterparty" text,
	"fiat_currency" text,
	"fiat_amount" numeric(38, 18),
	"fiat_rate" numeric(38, 18),
	"fiat_rate_at" timestamp with time zone,
	"fiat_reference" text,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_company" ON "transactions" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_source" ON "transactions" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_time" ON "ledger_entries" USING btree ("account_id","created_at");