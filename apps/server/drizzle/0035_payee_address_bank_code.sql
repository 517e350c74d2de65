ALTER TABLE "payees" ADD COLUMN "beneficiary_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payees" ADD COLUMN "local_bank_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_quotes" ADD COLUMN "fixed_side" text DEFAULT 'send' NOT NULL;