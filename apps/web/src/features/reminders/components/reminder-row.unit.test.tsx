/**
 * A reminder row and the edit form as HTML (static markup like the other web tests): the list, due
 * date (overdue in red), the priority word, the accessible tick box and edit button; the form's
 * fields and the patch it sends (only what changed).
 */
process.env.TZ = 'Europe/Berlin';

import type { Reminder } from '@summy/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReminderEditForm, reminderFormPatch } from './reminder-edit-form';
import { ReminderRow } from './reminder-row';

const now = new Date('2026-11-26T10:30:00');

const report: Reminder = {
  id: 'todo-report@summy.test',
  title: 'Send the quarterly report',
  notes: 'Numbers from finance first\nthen the slides',
  dueDate: '2026-11-25',
  completed: false,
  completedAt: null,
  priority: 9,
  list: { id: 'http://dav.test/alice/work/', name: 'Work' },
  createdAt: null,
  updatedAt: null,
  url: 'http://dav.test/alice/work/report.ics',
};

const noop = () => {};

describe('ReminderRow', () => {
  it('shows title, first line of notes, list colour, overdue date and priority', () => {
    const html = renderToStaticMarkup(
      <ReminderRow
        reminder={report}
        listColor="#FF2968"
        now={now}
        onComplete={noop}
        onRename={noop}
        onEdit={noop}
      />,
    );
    expect(html).toContain('Send the quarterly report');
    expect(html).toContain('Numbers from finance first');
    expect(html).not.toContain('then the slides');
    expect(html).toContain('background-color:#FF2968');
    expect(html).toContain('Overdue, was due </span>Yesterday');
    expect(html).toContain('text-destructive');
    expect(html).toContain('Priority </span>Urgent');
    expect(html).toContain('role="checkbox" aria-checked="false"');
    expect(html).toContain('aria-label="Complete &quot;Send the quarterly report&quot;"');
    expect(html).toContain('aria-label="Edit &quot;Send the quarterly report&quot;"');
    expect(html).toContain('title="Double-click to edit"');
  });

  it('shows no date and no priority word when there are none', () => {
    const html = renderToStaticMarkup(
      <ReminderRow
        reminder={{ ...report, dueDate: null, priority: 0, notes: null }}
        now={now}
        onComplete={noop}
        onRename={noop}
        onEdit={noop}
      />,
    );
    expect(html).not.toContain('Due ');
    expect(html).not.toContain('Priority');
  });
});

describe('ReminderEditForm', () => {
  it('has title, date and list fields with the current values, Save and Cancel', () => {
    const html = renderToStaticMarkup(
      <ReminderEditForm
        reminder={report}
        lists={[{ id: 'http://dav.test/alice/home/', name: 'Home', color: null, isShared: false }]}
        onSave={noop}
        onCancel={noop}
      />,
    );
    expect(html).toContain('value="Send the quarterly report"');
    expect(html).toContain('type="date"');
    expect(html).toContain('value="2026-11-25"');
    // The reminder's own list is offered even when it is not among the synced ones.
    expect(html).toMatch(/<option value="http:\/\/dav.test\/alice\/work\/" selected="">Work/);
    expect(html).toContain('>Home</option>');
    expect(html).toContain('>Save</button>');
    expect(html).toContain('>Cancel</button>');
  });

  it('sends only what changed; an empty title is no change', () => {
    const same = { title: report.title, date: '2026-11-25', listId: report.list.id };
    expect(reminderFormPatch(report, same)).toEqual({});
    expect(reminderFormPatch(report, { ...same, title: '   ' })).toEqual({});
    expect(
      reminderFormPatch(report, {
        title: ' Send the report ',
        date: '',
        listId: 'http://dav.test/alice/home/',
      }),
    ).toEqual({
      title: 'Send the report',
      dueDate: null,
      listId: 'http://dav.test/alice/home/',
    });
  });
});
