-- An existing server gets an administrator: its oldest account, the one that set it up.
UPDATE "user" SET "role" = 'admin'
WHERE "id" = (SELECT "id" FROM "user" ORDER BY "created_at", "id" LIMIT 1)
  AND NOT EXISTS (SELECT 1 FROM "user" WHERE "role" = 'admin');
