CREATE TABLE "exchange_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"usd_rate" numeric(38, 18) NOT NULL,
	"source" text NOT NULL,
	"quoted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "exchange_rates_latest" ON "exchange_rates" USING btree ("asset","quoted_at");