import { describe, expect, it } from 'vitest';
import {
  appleToRfc5545,
  applePriorityToTodo,
  reminderPatchSchema,
  remindersConfigSavedMessage,
  remindersConnectBodySchema,
  remindersSelectListsBodySchema,
  rfc5545ToApple,
  todoPriorityToApple,
} from './reminders.ts';

describe('reminder priorities', () => {
  it('reads the Apple scale: 0 none, 1-3 low, 4-6 medium, 7-8 high, 9 urgent', () => {
    const levels = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(applePriorityToTodo);
    expect(levels).toEqual([
      'none',
      'low',
      'low',
      'low',
      'medium',
      'medium',
      'medium',
      'high',
      'high',
      'urgent',
    ]);
    expect([10, -1, 2.5, null, undefined].map(applePriorityToTodo)).toEqual(Array(5).fill('none'));
  });

  it('creates urgent 9, high 7, medium 5, low 1, none 0; the star reads as high', () => {
    expect(
      ['urgent', 'high', 'medium', 'low', 'none'].map((p) => todoPriorityToApple(p as never)),
    ).toEqual([9, 7, 5, 1, 0]);
    expect(todoPriorityToApple(true)).toBe(7);
    expect(todoPriorityToApple(false)).toBe(0);
  });

  it('turns RFC 5545 (1 highest) into the Apple scale (9 urgent) and back', () => {
    expect(rfc5545ToApple(1)).toBe(9);
    expect(rfc5545ToApple(5)).toBe(5);
    expect(rfc5545ToApple(9)).toBe(1);
    expect(rfc5545ToApple(0)).toBe(0);
    expect(rfc5545ToApple(12)).toBe(0);
    for (let p = 0; p <= 9; p++) expect(appleToRfc5545(rfc5545ToApple(p))).toBe(p);
    // Apple's own clients write 1 for "high" ("!!!"): urgent here, as the documented scale says.
    expect(applePriorityToTodo(rfc5545ToApple(1))).toBe('urgent');
  });
});

describe('reminder shapes', () => {
  it("formats 'Configuration saved: Syncing {n} reminder list(s)'", () => {
    expect(remindersConfigSavedMessage(2)).toBe('Configuration saved: Syncing 2 reminder list(s)');
  });

  it('needs a user name, a password and an http(s) server URL to connect', () => {
    const ok = {
      username: ' ada@icloud.com ',
      password: 'abcd-efgh',
      containerId: 'https://caldav.icloud.com',
    };
    expect(remindersConnectBodySchema.parse(ok).username).toBe('ada@icloud.com');
    expect(remindersConnectBodySchema.safeParse({ ...ok, password: '' }).success).toBe(false);
    expect(remindersConnectBodySchema.safeParse({ ...ok, username: '  ' }).success).toBe(false);
    expect(
      remindersConnectBodySchema.safeParse({ ...ok, containerId: 'ftp://x.test' }).success,
    ).toBe(false);
    expect(remindersConnectBodySchema.safeParse({ ...ok, extra: 1 }).success).toBe(false);
  });

  it('needs at least one list to sync', () => {
    expect(remindersSelectListsBodySchema.safeParse({ selected: [] }).success).toBe(false);
    expect(remindersSelectListsBodySchema.safeParse({ selected: ['default'] }).success).toBe(true);
  });

  it('takes edits with at least one field, a trimmed title, a date or date-time due date', () => {
    expect(reminderPatchSchema.safeParse({}).success).toBe(false);
    expect(reminderPatchSchema.safeParse({ title: '   ' }).success).toBe(false);
    expect(reminderPatchSchema.parse({ title: ' Call ' }).title).toBe('Call');
    expect(reminderPatchSchema.safeParse({ dueDate: '2026-12-05' }).success).toBe(true);
    expect(reminderPatchSchema.safeParse({ dueDate: '2026-12-05T10:00:00Z' }).success).toBe(true);
    expect(reminderPatchSchema.safeParse({ dueDate: null }).success).toBe(true);
    expect(reminderPatchSchema.safeParse({ dueDate: 'tomorrow' }).success).toBe(false);
    expect(reminderPatchSchema.safeParse({ priority: 10 }).success).toBe(false);
  });
});
