CREATE TABLE "card_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"card_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"operation_stage" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_user_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_fee_schedule" (
	"level" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"rate" numeric(12, 6),
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_fee_schedule_level_kind_pk" PRIMARY KEY("level","kind")
);
--> statement-breakpoint
CREATE TABLE "card_processor_cursor" (
	"processor" text PRIMARY KEY NOT NULL,
	"cursor" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cardholders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"member_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"applicant_type" text NOT NULL,
	"kyc_id_status" text NOT NULL,
	"kyc_address_status" text NOT NULL,
	"kyc_message" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"cardholder_id" uuid NOT NULL,
	"processor_reference" text NOT NULL,
	"last4" text NOT NULL,
	"name_on_card" text NOT NULL,
	"level" text NOT NULL,
	"network" text NOT NULL,
	"status" text NOT NULL,
	"operation_stage" text NOT NULL,
	"anomaly_cause" text,
	"stage_updated_at" timestamp with time zone NOT NULL,
	"block_type" text,
	"block_reason" text,
	"block_cause" text,
	"block_is_final" boolean DEFAULT false NOT NULL,
	"blocked_by" uuid,
	"blocked_at" timestamp with time zone,
	"replacement_status" text DEFAULT 'not_replaced' NOT NULL,
	"replaces_card_id" uuid,
	"replaced_by_card_id" uuid,
	"kit_code" text,
	"issued_on" date,
	"expires_on" date,
	"mailing_address" jsonb NOT NULL,
	"card_fee_paid" boolean DEFAULT false NOT NULL,
	"auto_renewal" boolean DEFAULT false NOT NULL,
	"auto_renewal_asset" text DEFAULT 'USDC' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_fee_schedule" ADD CONSTRAINT "card_fee_schedule_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardholders" ADD CONSTRAINT "cardholders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_cardholder_id_cardholders_id_fk" FOREIGN KEY ("cardholder_id") REFERENCES "public"."cardholders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_events_card" ON "card_events" USING btree ("card_id","at");--> statement-breakpoint
CREATE INDEX "cardholders_company" ON "cardholders" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cardholders_member" ON "cardholders" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "cards_company" ON "cards" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_processor_reference" ON "cards" USING btree ("processor_reference");--> statement-breakpoint
CREATE INDEX "cards_expiry" ON "cards" USING btree ("expires_on");