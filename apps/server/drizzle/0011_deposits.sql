CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"tx_hash" text NOT NULL,
	"status" text NOT NULL,
	"confirmations" integer NOT NULL,
	"confirmations_required" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone,
	"transfer_id" uuid
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_company" ON "deposits" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "deposits_in_process" ON "deposits" USING btree ("id") WHERE "deposits"."status" = 'in_process';--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_tx" ON "deposits" USING btree ("network","tx_hash");