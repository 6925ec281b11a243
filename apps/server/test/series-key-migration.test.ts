/**
 * The series key's migration, on PGlite and on PostgreSQL: meetings written before it get their
 * key (recurring event, else two or more attendee e-mails, else two or more named speakers), and
 * the trigger it installs keeps the key in step with later writes.
 */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@summy/db';
import { openTestDatabase, testDbKind } from './harness.ts';
import { migrateTo, migrationsBefore } from './migrations.ts';

let handle: DatabaseHandle | undefined;
let folder: string | undefined;
afterEach(async () => {
  await handle?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
  handle = undefined;
  folder = undefined;
});

describe(`the meeting series key (${testDbKind})`, () => {
  it('is given to existing meetings and kept by later writes', async () => {
    handle = await openTestDatabase({ migrated: false });
    folder = migrationsBefore(/_meeting-series$/);
    await migrateTo(handle, folder);
    const q = handle.query.bind(handle);
    await q(`insert into "user" (id, name, email) values ('ada', 'Ada', 'ada@example.test')`);
    const insert = async (
      title: string,
      fields: { recurring?: string; attendees?: unknown; names?: unknown } = {},
    ) => {
      await q(
        `insert into meetings (user_id, title, calendar_recurring_event_id, calendar_event_attendees, speaker_names)
         values ('ada', $1, $2, $3::jsonb, $4::jsonb)`,
        [
          title,
          fields.recurring ?? null,
          fields.attendees === undefined ? null : JSON.stringify(fields.attendees),
          JSON.stringify(fields.names ?? {}),
        ],
      );
    };
    const people = (...emails: string[]) => emails.map((email) => ({ email, name: null }));
    await insert('weekly 1', { recurring: 'abc', attendees: people('x@a.test', 'y@a.test') });
    await insert('weekly 2', { recurring: ' abc ' });
    await insert('pair 1', { attendees: people('Grace@A.test', 'ada@a.test') });
    await insert('pair 2', { attendees: people('ada@a.test', ' grace@a.test', 'ADA@a.test') });
    await insert('trio', { attendees: people('ada@a.test', 'grace@a.test', 'linus@a.test') });
    await insert('solo', { attendees: people('ada@a.test') });
    await insert('not a list', { attendees: { email: 'ada@a.test' } });
    await insert('named 1', { names: { 'Speaker 1': 'Quinn', 'Speaker 2': 'Rae' } });
    await insert('named 2', { names: { 'Speaker 1': 'rae ', 'Speaker 3': 'QUINN' } });
    await insert('labels only', { names: { 'Speaker 1': 'Speaker 2', 'Speaker 2': 'Quinn' } });
    await insert('nothing');

    await handle.migrate();

    const keys = Object.fromEntries(
      (
        await q<{ title: string; series_key: string | null }>(
          'select title, series_key from meetings',
        )
      ).map((r) => [r.title, r.series_key]),
    );
    expect(keys['weekly 1']).toMatch(/^event:[0-9a-f]{64}$/);
    expect(keys['weekly 2']).toBe(keys['weekly 1']);
    expect(keys['pair 1']).toMatch(/^people:[0-9a-f]{64}$/);
    expect(keys['pair 2']).toBe(keys['pair 1']);
    expect(keys['trio']).toMatch(/^people:/);
    expect(keys['trio']).not.toBe(keys['pair 1']);
    expect(keys['named 1']).toMatch(/^names:[0-9a-f]{64}$/);
    expect(keys['named 2']).toBe(keys['named 1']);
    for (const none of ['solo', 'not a list', 'labels only', 'nothing']) {
      expect(keys[none], none).toBeNull();
    }

    // The trigger: a later write of any of the three fields sets the key again.
    await q(`update meetings set calendar_event_attendees = $1::jsonb where title = 'solo'`, [
      JSON.stringify(people('grace@a.test', 'ada@a.test')),
    ]);
    await q(`update meetings set calendar_recurring_event_id = null where title = 'weekly 2'`);
    await q(`update meetings set title = 'pair 1 renamed' where title = 'pair 1'`);
    const after = Object.fromEntries(
      (
        await q<{ title: string; series_key: string | null }>(
          'select title, series_key from meetings',
        )
      ).map((r) => [r.title, r.series_key]),
    );
    expect(after['solo']).toBe(keys['pair 1']);
    expect(after['weekly 2']).toBeNull();
    expect(after['pair 1 renamed']).toBe(keys['pair 1']);
  });
});
