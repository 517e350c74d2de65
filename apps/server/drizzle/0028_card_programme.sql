CREATE TABLE "card_stock" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"batch_number" text NOT NULL,
	"processor_reference" text NOT NULL,
	"last4" text NOT NULL,
	"name_on_card" text NOT NULL,
	"level" text NOT NULL,
	"network" text NOT NULL,
	"operation_stage" text NOT NULL,
	"anomaly_cause" text,
	"stage_updated_at" timestamp with time zone NOT NULL,
	"kit_code" text,
	"expires_on" date NOT NULL,
	"mailing_address" jsonb NOT NULL,
	"is_bound_once" boolean DEFAULT false NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_contracts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"contract_number" text NOT NULL,
	"company_id" uuid NOT NULL,
	"company_abbreviation" text NOT NULL,
	"term_months" integer NOT NULL,
	"total_quantity" integer NOT NULL,
	"pending_quantity" integer DEFAULT 0 NOT NULL,
	"paid_quantity" integer DEFAULT 0 NOT NULL,
	"allocated_quantity" integer DEFAULT 0 NOT NULL,
	"minimum_order_quantity" integer NOT NULL,
	"prepayment_per_card" numeric(38, 2) NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"membership_term_months" integer NOT NULL,
	"fee_deduction_mode" text DEFAULT 'manual' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "programme_contracts_quantities" CHECK ("programme_contracts"."pending_quantity" >= 0 and "programme_contracts"."paid_quantity" >= 0 and "programme_contracts"."pending_quantity" + "programme_contracts"."paid_quantity" <= "programme_contracts"."total_quantity" and "programme_contracts"."allocated_quantity" between 0 and "programme_contracts"."paid_quantity"),
	CONSTRAINT "programme_contracts_abbreviation" CHECK ("programme_contracts"."company_abbreviation" ~ '^[A-Z]{1,5}$'),
	CONSTRAINT "programme_contracts_dates" CHECK ("programme_contracts"."starts_on" <= "programme_contracts"."ends_on")
);
--> statement-breakpoint
CREATE TABLE "programme_membership_fees" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"stock_card_id" uuid NOT NULL,
	"term_starts_on" date NOT NULL,
	"term_ends_on" date NOT NULL,
	"due_on" date NOT NULL,
	"overdue_from" date NOT NULL,
	"term_months" integer NOT NULL,
	"fee_due" numeric(38, 2) NOT NULL,
	"settled" text,
	"paid_at" timestamp with time zone,
	"paid_asset" text,
	"paid_amount" numeric(38, 18),
	"transfer_id" text,
	"paid_by" uuid,
	"renewal_status" text DEFAULT 'pending' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "programme_membership_fees_settled" CHECK ("programme_membership_fees"."settled" is null or "programme_membership_fees"."settled" in ('paid', 'free', 'discontinued'))
);
--> statement-breakpoint
CREATE TABLE "programme_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"contract_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"allocated_quantity" integer DEFAULT 0 NOT NULL,
	"level" text NOT NULL,
	"network" text NOT NULL,
	"delivery_type" text NOT NULL,
	"mailing_address" jsonb NOT NULL,
	"status" text NOT NULL,
	"status_remark" text,
	"unit_price" numeric(38, 2) NOT NULL,
	"total_usd" numeric(38, 2) NOT NULL,
	"asset" text NOT NULL,
	"debit_amount" numeric(38, 18) NOT NULL,
	"hold_transfer_id" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "programme_orders_quantities" CHECK ("programme_orders"."quantity" > 0 and "programme_orders"."allocated_quantity" between 0 and "programme_orders"."quantity")
);
--> statement-breakpoint
CREATE TABLE "programme_print_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"allocated_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_sim_cards" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "card_sim_cards" ADD COLUMN "batch_number" text;--> statement-breakpoint
ALTER TABLE "card_stock" ADD CONSTRAINT "card_stock_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_stock" ADD CONSTRAINT "card_stock_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_contracts" ADD CONSTRAINT "programme_contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_contracts" ADD CONSTRAINT "programme_contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_membership_fees" ADD CONSTRAINT "programme_membership_fees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_membership_fees" ADD CONSTRAINT "programme_membership_fees_contract_id_programme_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."programme_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_membership_fees" ADD CONSTRAINT "programme_membership_fees_stock_card_id_card_stock_id_fk" FOREIGN KEY ("stock_card_id") REFERENCES "public"."card_stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_membership_fees" ADD CONSTRAINT "programme_membership_fees_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_orders" ADD CONSTRAINT "programme_orders_contract_id_programme_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."programme_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_orders" ADD CONSTRAINT "programme_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_orders" ADD CONSTRAINT "programme_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_orders" ADD CONSTRAINT "programme_orders_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_print_batches" ADD CONSTRAINT "programme_print_batches_order_id_programme_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."programme_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_print_batches" ADD CONSTRAINT "programme_print_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_print_batches" ADD CONSTRAINT "programme_print_batches_allocated_by_users_id_fk" FOREIGN KEY ("allocated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_stock_company" ON "card_stock" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "card_stock_batch" ON "card_stock" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_stock_processor_reference" ON "card_stock" USING btree ("processor_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "programme_contracts_number" ON "programme_contracts" USING btree ("contract_number");--> statement-breakpoint
CREATE INDEX "programme_contracts_company" ON "programme_contracts" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "programme_membership_fees_term" ON "programme_membership_fees" USING btree ("stock_card_id","term_starts_on");--> statement-breakpoint
CREATE INDEX "programme_membership_fees_company" ON "programme_membership_fees" USING btree ("company_id","due_on");--> statement-breakpoint
CREATE INDEX "programme_membership_fees_owed" ON "programme_membership_fees" USING btree ("due_on") WHERE "programme_membership_fees"."settled" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "programme_orders_number" ON "programme_orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "programme_orders_contract" ON "programme_orders" USING btree ("contract_id","id");--> statement-breakpoint
CREATE INDEX "programme_orders_company" ON "programme_orders" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "programme_orders_status" ON "programme_orders" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "programme_print_batches_number" ON "programme_print_batches" USING btree ("batch_number");--> statement-breakpoint
CREATE INDEX "programme_print_batches_order" ON "programme_print_batches" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "programme_print_batches_company" ON "programme_print_batches" USING btree ("company_id","id");