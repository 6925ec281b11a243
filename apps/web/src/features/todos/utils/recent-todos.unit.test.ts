import { describe, expect, it } from 'vitest';
import { todoFixture } from '@/testing/fixtures';
import { recentIncompleteTodos } from './recent-todos';

function todo(id: string, createdAt: string, completed = false) {
  return todoFixture(id, createdAt, { completed });
}

describe('recentIncompleteTodos (4 recent incomplete to-dos)', () => {
  it('keeps the 4 newest incomplete to-dos, newest first', () => {
    const todos = [
      todo('a', '2026-11-01T10:00:00Z'),
      todo('done', '2026-11-30T10:00:00Z', true),
      todo('b', '2026-11-05T10:00:00Z'),
      todo('c', '2026-11-03T10:00:00Z'),
      todo('d', '2026-11-04T10:00:00Z'),
      todo('e', '2026-11-02T10:00:00Z'),
    ];
    expect(recentIncompleteTodos(todos).map((t) => t.id)).toEqual(['b', 'd', 'c', 'e']);
  });

  it('puts an unreadable date last and breaks ties by id', () => {
    const todos = [
      todo('bad', 'not a date'),
      todo('y', '2026-11-01T10:00:00Z'),
      todo('x', '2026-11-01T10:00:00Z'),
    ];
    expect(recentIncompleteTodos(todos).map((t) => t.id)).toEqual(['x', 'y', 'bad']);
  });
});
