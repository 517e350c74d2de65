CREATE TABLE "fx_quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"quoted_for" uuid NOT NULL,
	"from_asset" text NOT NULL,
	"to_asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"rate_at" timestamp with time zone NOT NULL,
	"gross" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"fee_rate" text NOT NULL,
	"amount_received" numeric(38, 18) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"transaction_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fx_quotes_pair" CHECK ("fx_quotes"."from_asset" <> "fx_quotes"."to_asset")
);
--> statement-breakpoint
CREATE TABLE "otc_trades" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"from_asset" text NOT NULL,
	"to_asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"note" text,
	"status" text NOT NULL,
	"rate" numeric(38, 18),
	"amount_received" numeric(38, 18),
	"quoted_by" uuid,
	"quoted_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"desk_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"transaction_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "otc_trades_status" CHECK ("otc_trades"."status" in ('requested', 'quoted', 'accepted', 'declined', 'expired', 'cancelled')),
	CONSTRAINT "otc_trades_pair" CHECK ("otc_trades"."from_asset" <> "otc_trades"."to_asset")
);
--> statement-breakpoint
ALTER TABLE "fx_quotes" ADD CONSTRAINT "fx_quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_quotes" ADD CONSTRAINT "fx_quotes_quoted_for_users_id_fk" FOREIGN KEY ("quoted_for") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_quotes" ADD CONSTRAINT "fx_quotes_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_trades" ADD CONSTRAINT "otc_trades_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_trades" ADD CONSTRAINT "otc_trades_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_trades" ADD CONSTRAINT "otc_trades_quoted_by_users_id_fk" FOREIGN KEY ("quoted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_trades" ADD CONSTRAINT "otc_trades_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fx_quotes_company_idx" ON "fx_quotes" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "otc_trades_company_idx" ON "otc_trades" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "otc_trades_expiry_idx" ON "otc_trades" USING btree ("status","expires_at");