/** Linear issues and states for the feature's unit tests, shaped like the relay's answers. */
import type { LinearIssue, LinearState } from '@summy/core';

/** The workflow states of the test team, in Linear's usual order. */
export const TEST_STATES: LinearState[] = [
  { id: 'state-backlog', name: 'Backlog', type: 'backlog' },
  { id: 'state-todo', name: 'Todo', type: 'unstarted' },
  { id: 'state-progress', name: 'In Progress', type: 'started' },
  { id: 'state-done', name: 'Done', type: 'completed' },
  { id: 'state-canceled', name: 'Canceled', type: 'canceled' },
];

/** One assigned issue, 'Todo', high priority, due on 3 December 2026; override any field. */
export function testIssue(overrides: Partial<LinearIssue> = {}): LinearIssue {
  return {
    id: 'issue-1',
    identifier: 'ENG-42',
    title: 'Ship the quarterly report',
    description: null,
    state: TEST_STATES[1]!,
    assignee: { id: 'user-1', name: 'Ada Lovelace', email: 'ada@acme.test' },
    team: { id: 'team-eng', name: 'Engineering', key: 'ENG' },
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-25T09:00:00.000Z',
    url: 'https://linear.app/acme/issue/ENG-42/ship-the-quarterly-report',
    dueDate: '2026-12-03',
    priority: 2,
    ...overrides,
  };
}
