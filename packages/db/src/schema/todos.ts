/** To-dos and action items. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tsvector } from './search-types.ts';
import { user } from './auth.ts';
import { meetings } from './meetings.ts';

/** Stored priority values; 'urgent' is read as high. */
export const TODO_PRIORITIES = ['high', 'urgent', 'medium', 'none'] as const;

/**
 * A to-do, manual or an action item of a meeting. `user_id` is required: the documented rows with a
 * null owner would leak between users (docs/decisions/002-todos-always-have-an-owner.md).
 */
export const todos = pgTable(
  'todos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    description: text('description'),
    completed: boolean('completed').notNull().default(false),
    assignedTo: text('assigned_to'),
    priority: text('priority', { enum: TODO_PRIORITIES }).notNull().default('none'),
    dueDate: timestamp('due_date', { withTimezone: true }),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The Linear issue this to-do was sent to; completion syncs both ways. */
    linearIssueId: text('linear_issue_id'),
    /** That issue's URL on linear.app, shown as a link. */
    linearIssueUrl: text('linear_issue_url'),
    /** Full-text search of the title and description, for the meeting assistant. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, ''))`,
      ),
  },
  (t) => [
    // NULLS FIRST matches the default of ORDER BY ... DESC, so the list is read from the index.
    index('todos_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('todos_meeting_idx').on(t.meetingId),
    // No pending list, as for meeting titles (schema/meetings.ts, decision 058).
    index('todos_search_idx').using('gin', t.search).with({ fastupdate: false }),
    // Sync reads the user's linked to-dos and looks them up by issue id.
    index('todos_user_linear_issue_idx')
      .on(t.userId, t.linearIssueId)
      .where(sql`${t.linearIssueId} is not null`),
    check('todos_priority_check', sql`${t.priority} in ('high', 'urgent', 'medium', 'none')`),
  ],
);
