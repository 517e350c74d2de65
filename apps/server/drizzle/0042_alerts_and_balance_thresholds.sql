CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"asset" text,
	"amount" numeric(38, 18),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balance_thresholds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"threshold" numeric(38, 18) NOT NULL,
	"watcher_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "balance_thresholds_positive" CHECK ("balance_thresholds"."threshold" > 0)
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_thresholds" ADD CONSTRAINT "balance_thresholds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_user" ON "alerts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "alerts_company_kind" ON "alerts" USING btree ("company_id","kind");--> statement-breakpoint
CREATE INDEX "balance_thresholds_company_asset" ON "balance_thresholds" USING btree ("company_id","asset");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_thresholds_company_own" ON "balance_thresholds" USING btree ("company_id","asset") WHERE "balance_thresholds"."watcher_user_id" is null;