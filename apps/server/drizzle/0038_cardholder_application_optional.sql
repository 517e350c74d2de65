ALTER TABLE "cardholders" ALTER COLUMN "application_id" DROP NOT NULL;--> statement-breakpoint
-- A cardholder enrolled directly (the demo's) named an application that never existed: it names none.
UPDATE "cardholders" SET "application_id" = NULL
WHERE "application_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "card_applications" AS a WHERE a."id" = "cardholders"."application_id");
