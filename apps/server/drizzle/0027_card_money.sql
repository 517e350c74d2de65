CREATE TABLE "card_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"processor_id" text NOT NULL,
	"merchant_name" text NOT NULL,
	"merchant_category" text NOT NULL,
	"merchant_country" text NOT NULL,
	"original_amount" numeric(38, 18),
	"original_currency" text,
	"decline_reason" text,
	"fee_kind" text,
	"refund_of" uuid,
	"transfer_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "top_ups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"asset" text NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"rate_at" timestamp with time zone NOT NULL,
	"debit_amount" numeric(38, 18) NOT NULL,
	"debit_fee" numeric(38, 18) NOT NULL,
	"source_of_funds" text NOT NULL,
	"amount_transfer_id" uuid NOT NULL,
	"fee_transfer_id" uuid,
	"load_reference" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_transactions_card" ON "card_transactions" USING btree ("card_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_transactions_processor_id" ON "card_transactions" USING btree ("processor_id");--> statement-breakpoint
CREATE INDEX "card_transactions_refund_of" ON "card_transactions" USING btree ("refund_of");--> statement-breakpoint
CREATE INDEX "top_ups_company" ON "top_ups" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "top_ups_card_day" ON "top_ups" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_load_reference" ON "top_ups" USING btree ("load_reference");