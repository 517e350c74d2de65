CREATE TABLE "card_fee_terms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"card_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"due_on" date NOT NULL,
	"months" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"paid_at" timestamp with time zone,
	"deduction_mode" text,
	"paid_asset" text,
	"paid_amount" numeric(38, 18),
	"transfer_id" uuid,
	"remarks" text DEFAULT '' NOT NULL,
	"auto_attempted_on" date,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_fee_terms" ADD CONSTRAINT "card_fee_terms_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_fee_terms" ADD CONSTRAINT "card_fee_terms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_fee_terms_card_sequence" ON "card_fee_terms" USING btree ("card_id","sequence");--> statement-breakpoint
CREATE INDEX "card_fee_terms_company_due" ON "card_fee_terms" USING btree ("company_id","due_on","id");--> statement-breakpoint
CREATE INDEX "card_fee_terms_open" ON "card_fee_terms" USING btree ("status","due_on");