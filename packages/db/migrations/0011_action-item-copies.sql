-- Every action item is saved as one of its owner's to-dos (docs/decisions/031-action-items-are-to-dos.md).
-- The meeting view's former 'Add to my to-dos' copied an item into a second to-do without a
-- meeting, so Home and /todos listed it twice. This removes those copies, and only them: a to-do
-- of the same user with no meeting, the item's exact title (not empty), description and assignee,
-- made after the item, never starred, dated or sent to Linear since, and completed exactly when
-- the item is. A copy the user changed in any of these ways carries something of its own and stays.
DELETE FROM "todos" AS "copy"
USING "todos" AS "item"
WHERE "copy"."meeting_id" IS NULL
  AND "item"."meeting_id" IS NOT NULL
  AND "item"."id" <> "copy"."id"
  AND "item"."user_id" = "copy"."user_id"
  AND "copy"."title" <> ''
  AND "item"."title" = "copy"."title"
  AND "item"."description" IS NOT DISTINCT FROM "copy"."description"
  AND "item"."assigned_to" IS NOT DISTINCT FROM "copy"."assigned_to"
  AND "copy"."created_at" >= "item"."created_at"
  AND "copy"."priority" = 'none'
  AND "copy"."due_date" IS NULL
  AND "copy"."linear_issue_id" IS NULL
  AND "copy"."completed" = "item"."completed";
