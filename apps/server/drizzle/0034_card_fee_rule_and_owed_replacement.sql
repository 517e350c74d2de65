ALTER TABLE "cards" ADD COLUMN "replacement_fee_owed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "fee_rule" text DEFAULT 'annual' NOT NULL;--> statement-breakpoint
-- Programme cards (printed stock) and the cards that replaced them keep the membership fee rule.
WITH RECURSIVE programme_cards AS (
  SELECT c.id FROM "cards" c JOIN "card_stock" s ON s.id = c.id
  UNION
  SELECT c.id FROM "cards" c JOIN programme_cards p ON c.replaces_card_id = p.id
)
UPDATE "cards" SET "fee_rule" = 'membership' WHERE "id" IN (SELECT "id" FROM programme_cards);--> statement-breakpoint
-- The annual terms activation opened for them are not owed: the membership fee replaces them.
UPDATE "card_fee_terms" SET "status" = 'discontinued', "remarks" = 'membership_replaces_annual', "updated_at" = now()
WHERE "status" IN ('upcoming', 'pending', 'overdue', 'unpaid')
  AND "card_id" IN (SELECT "id" FROM "cards" WHERE "fee_rule" = 'membership');--> statement-breakpoint
-- Their end date is the printed card's again, not an annual term's.
UPDATE "cards" c SET "expires_on" = s."expires_on", "updated_at" = now()
FROM "card_stock" s
WHERE s."id" = c."id" AND c."status" IN ('approved', 'active', 'blocked');
