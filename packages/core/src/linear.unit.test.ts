import { describe, expect, it } from 'vitest';
import {
  isLinearIssueDone,
  LINEAR_MESSAGES,
  linearApiErrorMessage,
  linearAuthorizeQuerySchema,
  linearIssueUpdatedMessage,
  linearPriorityToTodo,
  linearSyncedMessage,
  pickCompletionState,
  rateLimitMessage,
  todoPriorityToLinear,
} from './linear.ts';
import { priorityToStar } from './priority.ts';

describe('Linear messages', () => {
  it('formats the rate-limit, API-error, sync and update texts', () => {
    expect(rateLimitMessage(60)).toBe('Rate limit exceeded. Please try again in 60 seconds.');
    expect(linearApiErrorMessage(500, 'Boom')).toBe('Linear API error: 500 - Boom');
    expect(linearApiErrorMessage(400)).toBe('Linear API error: 400 - Unknown error');
    expect(linearApiErrorMessage(400, '')).toBe('Linear API error: 400 - Unknown error');
    expect(linearSyncedMessage(3)).toBe('Synced 3 issues from Linear');
    expect(linearIssueUpdatedMessage('Fix it')).toBe('Updated "Fix it" in Linear');
    expect(LINEAR_MESSAGES.noToken).toBe('No access token available');
    expect(LINEAR_MESSAGES.noIssues).toBe('No issues assigned to you in Linear');
  });
});

describe('Linear issue state rules', () => {
  const states = [
    { id: 'b', name: 'Backlog', type: 'backlog' },
    { id: 't', name: 'Todo', type: 'unstarted' },
    { id: 'c', name: 'Closed', type: 'completed' },
    { id: 'd', name: 'Done', type: 'completed' },
  ];

  it("is done by the name 'done' in any case or the type completed", () => {
    expect(isLinearIssueDone({ state: { name: 'DONE', type: 'started' } })).toBe(true);
    expect(isLinearIssueDone({ state: { name: 'Shipped', type: 'completed' } })).toBe(true);
    expect(isLinearIssueDone({ state: { name: 'Done soon', type: 'started' } })).toBe(false);
    expect(isLinearIssueDone({ state: { name: 'Canceled', type: 'canceled' } })).toBe(false);
  });

  it('completes into Done, else a completed state, else the first', () => {
    expect(pickCompletionState(states, true)?.id).toBe('d');
    expect(pickCompletionState(states.slice(0, 3), true)?.id).toBe('c');
    expect(pickCompletionState(states.slice(0, 2), true)?.id).toBe('b');
  });

  it('reopens into an unstarted state, else the first; none without states', () => {
    expect(pickCompletionState(states, false)?.id).toBe('t');
    expect(pickCompletionState([states[0]!, states[3]!], false)?.id).toBe('b');
    expect(pickCompletionState([], true)).toBeNull();
    expect(pickCompletionState([], false)).toBeNull();
  });
});

describe('Linear priority', () => {
  it('maps 1 urgent, 2 high, 3 medium, 4 low, else none', () => {
    expect([0, 1, 2, 3, 4, 7, null].map(linearPriorityToTodo)).toEqual([
      'none',
      'urgent',
      'high',
      'medium',
      'low',
      'none',
      'none',
    ]);
    // The star of a to-do follows the stored priority rule: low is not starred.
    expect([1, 2, 3, 4, 0].map((p) => priorityToStar(linearPriorityToTodo(p)))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('maps a to-do priority back to Linear numbers', () => {
    expect(todoPriorityToLinear(true)).toBe(2);
    expect(todoPriorityToLinear(false)).toBe(0);
    expect(todoPriorityToLinear('urgent')).toBe(1);
    expect(todoPriorityToLinear('high')).toBe(2);
    expect(todoPriorityToLinear('medium')).toBe(3);
    expect(todoPriorityToLinear('low')).toBe(4);
    expect(todoPriorityToLinear('none')).toBe(0);
    for (const p of [1, 2, 3, 4]) expect(todoPriorityToLinear(linearPriorityToTodo(p))).toBe(p);
  });
});

describe('authorize-url returnTo', () => {
  it('takes a same-site path only', () => {
    const ok = (returnTo: string) => linearAuthorizeQuerySchema.safeParse({ returnTo }).success;
    expect(ok('/todos')).toBe(true);
    expect(ok('/meeting/1?tab=x')).toBe(true);
    expect(ok('//evil.test/x')).toBe(false);
    expect(ok('/\\evil.test')).toBe(false);
    expect(ok('https://evil.test/')).toBe(false);
    expect(ok('todos')).toBe(false);
  });
});
