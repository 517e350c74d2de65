ALTER TABLE "deposit_notices" ADD COLUMN "proof_document_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "confirmations" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "confirmations_required" integer;--> statement-breakpoint
ALTER TABLE "deposit_notices" ADD CONSTRAINT "deposit_notices_proof_document_id_documents_id_fk" FOREIGN KEY ("proof_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_credits_notice" ON "bank_credits" USING btree ("notice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_notices_proof" ON "deposit_notices" USING btree ("proof_document_id");--> statement-breakpoint
-- Existing crypto deposits' history lines count their confirmations from now on, starting where their deposits are.
UPDATE "transactions" SET "confirmations" = "deposits"."confirmations", "confirmations_required" = "deposits"."confirmations_required" FROM "deposits" WHERE "transactions"."source_type" = 'deposit' AND "transactions"."source_id" = "deposits"."id"::text;
