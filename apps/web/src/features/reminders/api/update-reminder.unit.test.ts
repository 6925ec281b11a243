/**
 * The optimistic cache change of a reminder edit (a completed reminder leaves the list, only
 * incomplete ones are fetched; reopening brings it back).
 */
import type { Reminder } from '@summy/core';
import { describe, expect, it } from 'vitest';
import { applyReminderPatch } from './update-reminder';

function reminder(id: string, over: Partial<Reminder> = {}): Reminder {
  return {
    id,
    title: id,
    notes: null,
    dueDate: null,
    completed: false,
    completedAt: null,
    priority: 0,
    list: { id: 'work', name: 'Work' },
    createdAt: null,
    updatedAt: null,
    url: `http://dav.test/${id}.ics`,
    ...over,
  };
}

const a = reminder('a');
const b = reminder('b');
const c = reminder('c');

describe('applyReminderPatch', () => {
  it('drops a completed reminder', () => {
    expect(applyReminderPatch([a, b, c], { reminder: b, patch: { completed: true } })).toEqual([
      a,
      c,
    ]);
  });

  it('puts a reopened reminder back at the top, incomplete', () => {
    const done = { ...b, completed: true, completedAt: '2026-11-26T10:00:00Z' };
    const next = applyReminderPatch([a, c], { reminder: done, patch: { completed: false } });
    expect(next.map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(next[0]).toMatchObject({ completed: false, completedAt: null });
  });

  it('edits in place: trimmed title, due date, priority, and the new list by name', () => {
    const next = applyReminderPatch([a, b, c], {
      reminder: b,
      patch: { title: '  Renamed ', dueDate: '2026-12-05', priority: 9, listId: 'home' },
      listName: 'Home',
    });
    expect(next.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(next[1]).toMatchObject({
      title: 'Renamed',
      dueDate: '2026-12-05',
      priority: 9,
      list: { id: 'home', name: 'Home' },
    });
    expect(next[0]).toBe(a);
  });

  it('clears a due date with null and leaves the input untouched', () => {
    const dated = reminder('d', { dueDate: '2026-12-01' });
    const list = [dated];
    expect(
      applyReminderPatch(list, { reminder: dated, patch: { dueDate: null } })[0]?.dueDate,
    ).toBe(null);
    expect(list[0]?.dueDate).toBe('2026-12-01');
  });
});
