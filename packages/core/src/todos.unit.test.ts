import { describe, expect, it } from 'vitest';
import { applyTodoUpdate, sortTodos, TODO_TIMINGS } from './todos.ts';

const todo = (id: string, completed: boolean, createdAt: string) => ({ id, completed, createdAt });

describe('to-do order', () => {
  it('puts incomplete before complete, then newest first, then id descending', () => {
    const list = [
      todo('a', true, '2026-11-20T10:00:00.000Z'),
      todo('b', false, '2026-11-19T10:00:00.000Z'),
      todo('c', true, '2026-11-21T10:00:00.000Z'),
      todo('d', false, '2026-11-22T10:00:00.000Z'),
      todo('e', false, '2026-11-22T10:00:00.000Z'),
    ];
    expect(sortTodos(list).map((t) => t.id)).toEqual(['e', 'd', 'b', 'c', 'a']);
    // A copy: the caller's array keeps its order.
    expect(list.map((t) => t.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('compares instants, not strings (offsets differ)', () => {
    // '10:00+02:00' is 08:00 UTC: older than '09:00Z' although it sorts later as text.
    const older = todo('x', false, '2026-11-20T10:00:00.000+02:00');
    const newer = todo('y', false, '2026-11-20T09:00:00.000Z');
    expect(sortTodos([older, newer]).map((t) => t.id)).toEqual(['y', 'x']);
  });

  it('has the documented timings', () => {
    expect(TODO_TIMINGS).toEqual({ undoMs: 5000, titleDebounceMs: 500 });
  });
});

describe('applyTodoUpdate (optimistic PATCH /api/todos/:id)', () => {
  const base = {
    id: 't',
    title: 'Book the venue',
    description: null,
    assignedTo: null,
    priority: false,
    completed: false,
    completedAt: null,
    dueDate: null,
  };
  const now = new Date('2026-11-26T02:00:00.000Z');

  it('completing stamps completedAt, un-completing clears it, no change keeps it', () => {
    const done = applyTodoUpdate(base, { completed: true }, now);
    expect(done).toMatchObject({ completed: true, completedAt: now.toISOString() });
    const again = applyTodoUpdate(done, { completed: true }, new Date('2027-01-01T00:00:00Z'));
    expect(again.completedAt).toBe(now.toISOString());
    expect(applyTodoUpdate(done, { completed: false }, now)).toMatchObject({
      completed: false,
      completedAt: null,
    });
  });

  it('changes only the named fields, trims the title, and keeps fields it does not know', () => {
    const next = applyTodoUpdate(base, { title: '  Call Bob ', priority: true }, now);
    expect(next).toEqual({ ...base, title: 'Call Bob', priority: true });
    expect(applyTodoUpdate(base, { dueDate: '2026-12-01T00:00:00.000Z' }, now).dueDate).toBe(
      '2026-12-01T00:00:00.000Z',
    );
    // An action item has no due date: none is added to it.
    const { dueDate: _none, ...item } = base;
    expect('dueDate' in applyTodoUpdate(item, { dueDate: '2026-12-01T00:00:00.000Z' }, now)).toBe(
      false,
    );
  });
});
