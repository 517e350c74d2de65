CREATE TABLE "payees" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"beneficiary_name" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_country" text NOT NULL,
	"bank_name" text NOT NULL,
	"swift_code" text NOT NULL,
	"bank_address" text NOT NULL,
	"currency" text NOT NULL,
	"email" text NOT NULL,
	"intermediary" jsonb,
	"usable_from" timestamp with time zone NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"usable_from" timestamp with time zone NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_policies" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"cooling_hours" integer NOT NULL,
	"approve_all" boolean DEFAULT false NOT NULL,
	"thresholds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"asset" text NOT NULL,
	"network" text,
	"payee_id" uuid,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"receive_amount" numeric(38, 18) NOT NULL,
	"receive_currency" text NOT NULL,
	"rate" numeric(38, 18),
	"rate_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"asset" text NOT NULL,
	"network" text,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"payee_id" uuid,
	"address_id" uuid,
	"destination" jsonb NOT NULL,
	"fiat_currency" text,
	"fiat_amount" numeric(38, 18),
	"rate" numeric(38, 18),
	"rate_at" timestamp with time zone,
	"purpose" text NOT NULL,
	"sender_account_name" text NOT NULL,
	"remarks" text NOT NULL,
	"quote_id" uuid NOT NULL,
	"needs_approval" boolean NOT NULL,
	"tx_hash" text,
	"confirmations" integer,
	"confirmations_required" integer,
	"rail_reference" text,
	"failure_cause" text,
	"rejection_reason" text,
	"hold_transfer_id" uuid NOT NULL,
	"fee_transfer_id" uuid NOT NULL,
	"timeline" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payees" ADD CONSTRAINT "payees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payees" ADD CONSTRAINT "payees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_addresses" ADD CONSTRAINT "payout_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_addresses" ADD CONSTRAINT "payout_addresses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_policies" ADD CONSTRAINT "payout_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_quotes" ADD CONSTRAINT "payout_quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_address_id_payout_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."payout_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payees_company" ON "payees" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "payout_addresses_company" ON "payout_addresses" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_quote" ON "payouts" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "payouts_company_kind" ON "payouts" USING btree ("company_id","kind","id");--> statement-breakpoint
CREATE INDEX "payouts_status" ON "payouts" USING btree ("status","id") WHERE status in ('admin_review', 'in_process', 'pending_approval');