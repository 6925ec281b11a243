/**
 * The data migration that removes the to-dos the former 'Add to my to-dos' copied from action items
 * (docs/decisions/031-action-items-are-to-dos.md), on PGlite and on PostgreSQL: the database is
 * migrated up to just before it, seeded with true copies and with look-alikes that must stay, then
 * migrated the rest of the way as a server start would.
 */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@summy/db';
import { openTestDatabase, testDbKind } from './harness.ts';
import { migrateTo, migrationsBefore } from './migrations.ts';

const TAG = /_action-item-copies$/;

let handle: DatabaseHandle | undefined;
let folder: string | undefined;
afterEach(async () => {
  await handle?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
  handle = undefined;
  folder = undefined;
});

interface Seed {
  title: string;
  user?: 'ada' | 'bob';
  meeting?: boolean;
  description?: string | null;
  assignedTo?: string | null;
  completed?: boolean;
  priority?: 'high' | 'medium' | 'none';
  due?: boolean;
  linear?: boolean;
  /** Seconds after the action items were made (negative: before). */
  at?: number;
}

describe(`removing the copies of action items (${testDbKind})`, () => {
  it('removes exactly the untouched copies and keeps every look-alike', async () => {
    handle = await openTestDatabase({ migrated: false });
    folder = migrationsBefore(TAG);
    await migrateTo(handle, folder);
    const q = handle.query.bind(handle);

    for (const id of ['ada', 'bob']) {
      await q(`insert into "user" (id, name, email) values ($1, $1, $1 || '@example.test')`, [id]);
    }
    const [meeting] = await q<{ id: string }>(
      `insert into meetings (user_id, title) values ('ada', 'Planning') returning id`,
    );
    const insert = async (name: string, s: Seed) => {
      await q(
        `insert into todos (user_id, title, description, assigned_to, completed, priority,
           due_date, meeting_id, linear_issue_id, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, timestamptz '2026-11-20 10:00:00+00' + $10 * interval '1 second')`,
        [
          s.user ?? 'ada',
          s.title,
          s.description ?? null,
          s.assignedTo ?? null,
          s.completed ?? false,
          s.priority ?? 'none',
          s.due ? '2026-12-01T00:00:00Z' : null,
          s.meeting ? meeting!.id : null,
          s.linear ? `issue-${name}` : null,
          s.at ?? 0,
        ],
      );
      return name;
    };

    // The meeting's action items.
    const item = { meeting: true, description: 'For about 20 people', assignedTo: 'Grace' };
    await insert('venue item', { title: 'Book the venue', ...item });
    await insert('budget item', { title: 'Send the budget', meeting: true });
    await insert('done item', { title: 'Close the poll', meeting: true, completed: true });
    await insert('empty item', { title: '', meeting: true });

    const copy = { description: 'For about 20 people', assignedTo: 'Grace', at: 60 };
    const gone = [
      await insert('venue copy', { title: 'Book the venue', ...copy }),
      await insert('venue second copy', { title: 'Book the venue', ...copy, at: 120 }),
      await insert('budget copy', { title: 'Send the budget', at: 5 }),
      await insert('done copy', { title: 'Close the poll', completed: true, at: 5 }),
    ];
    const kept = [
      await insert('other user', { title: 'Send the budget', user: 'bob', at: 5 }),
      await insert('older manual', { title: 'Send the budget', at: -60 }),
      await insert('starred', { title: 'Book the venue', ...copy, priority: 'high' }),
      await insert('dated', { title: 'Book the venue', ...copy, due: true }),
      await insert('in linear', { title: 'Book the venue', ...copy, linear: true }),
      await insert('completed apart', { title: 'Book the venue', ...copy, completed: true }),
      await insert('other description', { title: 'Book the venue', ...copy, description: null }),
      await insert('other assignee', { title: 'Book the venue', ...copy, assignedTo: 'Ada' }),
      await insert('retitled', { title: 'Book the venue soon', ...copy }),
      await insert('empty manual', { title: '', at: 5 }),
    ];
    const before = await q<{ count: number }>('select count(*)::int as count from todos');

    await handle.migrate();

    const rows = await q<{
      title: string;
      meeting_id: string | null;
      linear_issue_id: string | null;
    }>('select title, meeting_id, linear_issue_id from todos');
    expect(rows).toHaveLength(before[0]!.count - gone.length);
    // Every action item is still there.
    expect(
      rows
        .filter((r) => r.meeting_id)
        .map((r) => r.title)
        .sort(),
    ).toEqual(['', 'Book the venue', 'Close the poll', 'Send the budget']);
    // The manual to-dos left are exactly the look-alikes, each told apart by what it holds.
    const manual = rows.filter((r) => !r.meeting_id);
    expect(manual).toHaveLength(kept.length);
    expect(manual.filter((r) => r.title === 'Book the venue')).toHaveLength(6);
    expect(manual.some((r) => r.linear_issue_id === 'issue-in linear')).toBe(true);
    expect(manual.filter((r) => r.title === 'Send the budget')).toHaveLength(2);
  });
});
