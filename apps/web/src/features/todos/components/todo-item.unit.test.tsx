/**
 * A to-do row as markup (a title, a star (priority) toggle and a link to its source meeting),
 * rendered to static HTML so no DOM is needed.
 */
import type { Todo } from '@summy/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { todoFixture } from '@/testing/fixtures';
import { TodoItem, UNTITLED_TODO } from './todo-item';

const base: Todo = todoFixture('00000000-0000-4000-8000-000000000001', '2026-11-26T02:00:00.000Z', {
  title: 'Send the budget',
});

const noop = () => {};

function render(todo: Todo, editing = false): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ul>
        <TodoItem
          todo={todo}
          editing={editing}
          isNew={false}
          onEditStart={noop}
          onEditEnd={noop}
          onSaveTitle={noop}
          onToggleCompleted={noop}
          onToggleStar={noop}
          onDelete={noop}
        />
      </ul>
    </MemoryRouter>,
  );
}

describe('TodoItem', () => {
  it('shows the title as the button that edits it, the star off, and no meeting link', () => {
    const html = render(base);
    expect(html).toMatch(/<button[^>]*title="Edit title"[^>]*>Send the budget<\/button>/);
    expect(html).toMatch(
      /aria-label="Priority"[^>]*aria-pressed="false"|aria-pressed="false"[^>]*aria-label="Priority"/,
    );
    expect(html).not.toContain('<a ');
    expect(html).toContain('aria-label="To-do actions"');
  });

  it('links a meeting to-do to its meeting by title and shows the star on', () => {
    const html = render({
      ...base,
      priority: true,
      meetingId: '00000000-0000-4000-8000-0000000000aa',
      meetingTitle: 'Weekly planning',
      assignedTo: 'Grace Hopper',
    });
    expect(html).toContain('href="/meeting/00000000-0000-4000-8000-0000000000aa"');
    expect(html).toContain('Weekly planning');
    expect(html).toContain('Grace Hopper');
    expect(html).toMatch(/aria-pressed="true"/);
  });

  it('names an untitled to-do, checks a completed one, and edits in a labelled input', () => {
    expect(render({ ...base, title: '' })).toContain(UNTITLED_TODO);
    expect(render({ ...base, completed: true })).toMatch(/role="checkbox"[^>]*aria-checked="true"/);
    const editing = render(base, true);
    expect(editing).toMatch(/<input[^>]*aria-label="To-do title"/);
    expect(editing).toContain('value="Send the budget"');
  });
});
