-- A card top-up's transaction reads the top-up's own final word (returned or cancelled), not "failed".
UPDATE "transactions" AS t
SET "status" = u."status"
FROM "top_ups" AS u
WHERE t."source_type" = 'top_up'
  AND t."source_id" = u."id"::text
  AND t."status" = 'failed'
  AND u."status" IN ('returned', 'cancelled');
