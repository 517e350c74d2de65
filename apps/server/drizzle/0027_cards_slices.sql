CREATE TABLE "card_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text NOT NULL,
	"applicant_type" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"details" jsonb NOT NULL,
	"id_front_document_id" uuid NOT NULL,
	"id_back_document_id" uuid,
	"address_front_document_id" uuid NOT NULL,
	"address_back_document_id" uuid,
	"level" text NOT NULL,
	"network" text NOT NULL,
	"name_on_card" text NOT NULL,
	"funding_asset" text NOT NULL,
	"card_cost" numeric(38, 18) NOT NULL,
	"debit_amount" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18),
	"hold_transfer_id" uuid,
	"rejection_reason" text,
	"card_id" uuid,
	"cardholder_id" uuid,
	"submitted_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_applications_status_check" CHECK ("card_applications"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
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
ALTER TABLE "card_applications" ADD CONSTRAINT "card_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_applications" ADD CONSTRAINT "card_applications_id_front_document_id_documents_id_fk" FOREIGN KEY ("id_front_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_applications" ADD CONSTRAINT "card_applications_id_back_document_id_documents_id_fk" FOREIGN KEY ("id_back_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_applications" ADD CONSTRAINT "card_applications_address_front_document_id_documents_id_fk" FOREIGN KEY ("address_front_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_applications" ADD CONSTRAINT "card_applications_address_back_document_id_documents_id_fk" FOREIGN KEY ("address_back_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_applications" ADD CONSTRAINT "card_applications_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_applications" ADD CONSTRAINT "card_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_fee_terms" ADD CONSTRAINT "card_fee_terms_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_fee_terms" ADD CONSTRAINT "card_fee_terms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_applications_company" ON "card_applications" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "card_applications_status" ON "card_applications" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_applications_live_username" ON "card_applications" USING btree (lower("username")) WHERE "card_applications"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "card_transactions_card" ON "card_transactions" USING btree ("card_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_transactions_processor_id" ON "card_transactions" USING btree ("processor_id");--> statement-breakpoint
CREATE INDEX "card_transactions_refund_of" ON "card_transactions" USING btree ("refund_of");--> statement-breakpoint
CREATE UNIQUE INDEX "card_fee_terms_card_sequence" ON "card_fee_terms" USING btree ("card_id","sequence");--> statement-breakpoint
CREATE INDEX "card_fee_terms_company_due" ON "card_fee_terms" USING btree ("company_id","due_on","id");--> statement-breakpoint
CREATE INDEX "card_fee_terms_open" ON "card_fee_terms" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "top_ups_company" ON "top_ups" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "top_ups_card_day" ON "top_ups" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_load_reference" ON "top_ups" USING btree ("load_reference");