/**
 * `POST /api/linear/sync`: completion of linked to-dos and their Linear issues applied both ways,
 * then the user's open assigned issues. The later completion wins, so a side reopened after the
 * other was completed is left alone instead of being completed again at every sync:
 * - a to-do not done whose issue is done (state name 'done' or type 'completed') and was completed
 *   at or after the to-do's last change: the to-do is completed;
 * - a done to-do whose issue is open and was last changed before the to-do was completed: the issue
 *   moves to the team's completion state (`pickCompletionState`). Issues missing at Linear
 *   (deleted, no access) leave their to-dos as they are.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  isLinearIssueDone,
  pickCompletionState,
  type LinearState,
  type LinearSyncAnswer,
} from '@summy/core';
import { todos } from '@summy/db';
import { LinearApiError } from '../../integrations/linear/errors.ts';
import { log } from '../../log.ts';
import type { LinkedIssue } from '../../integrations/linear/client.ts';
import { withLinearToken, type LinearDeps } from '../../integrations/linear/tokens.ts';

/** Ids per LinkedIssues request (Linear pages at most 250 nodes; 100 keeps answers small). */
const IDS_PER_REQUEST = 100;

/** The Linear issues of these ids that still exist, by id, asked `IDS_PER_REQUEST` at a time. */
async function linkedIssues(
  deps: LinearDeps,
  userId: string,
  ids: string[],
): Promise<Map<string, LinkedIssue>> {
  const issues = new Map<string, LinkedIssue>();
  for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
    const chunk = ids.slice(i, i + IDS_PER_REQUEST);
    const found = await withLinearToken(deps, userId, (token) =>
      deps.client.linkedIssues(token, chunk),
    );
    for (const issue of found) issues.set(issue.id, issue);
  }
  return issues;
}

/**
 * Syncs completion of the user's linked to-dos and answers the open assigned issues.
 * @throws LinearNotConnectedError, LinearRateLimitError, LinearApiError from Linear (changes
 *   already applied stay applied)
 */
export async function syncLinear(deps: LinearDeps, userId: string): Promise<LinearSyncAnswer> {
  const { db, client } = deps;
  const linked = await db
    .select({
      id: todos.id,
      completed: todos.completed,
      completedAt: todos.completedAt,
      updatedAt: todos.updatedAt,
      issueId: todos.linearIssueId,
    })
    .from(todos)
    .where(and(eq(todos.userId, userId), isNotNull(todos.linearIssueId)));

  const issues = await linkedIssues(deps, userId, [...new Set(linked.map((t) => t.issueId!))]);

  const completeTodos: { id: string; at: Date }[] = [];
  const completeIssues: LinkedIssue[] = [];
  for (const todo of linked) {
    const issue = issues.get(todo.issueId!);
    if (!issue) continue;
    const issueDone = isLinearIssueDone(issue);
    if (!todo.completed && issueDone) {
      const doneAt = new Date(issue.completedAt ?? issue.updatedAt);
      if (doneAt >= todo.updatedAt) completeTodos.push({ id: todo.id, at: doneAt });
    } else if (todo.completed && !issueDone && todo.completedAt) {
      if (todo.completedAt > new Date(issue.updatedAt)) completeIssues.push(issue);
    }
  }

  let todosCompleted = 0;
  for (const { id, at } of completeTodos) {
    const done = await db
      .update(todos)
      .set({ completed: true, completedAt: at, updatedAt: new Date() })
      .where(and(eq(todos.id, id), eq(todos.userId, userId), eq(todos.completed, false)))
      .returning({ id: todos.id });
    todosCompleted += done.length;
  }

  const statesByTeam = new Map<string, LinearState[]>();
  let issuesCompleted = 0;
  for (const issue of completeIssues) {
    try {
      let states = statesByTeam.get(issue.team.id);
      if (!states) {
        states = await withLinearToken(deps, userId, (token) =>
          client.workflowStates(token, issue.team.id),
        );
        statesByTeam.set(issue.team.id, states);
      }
      const target = pickCompletionState(states, true);
      if (!target) {
        log.warn(
          { team: issue.team.id, issue: issue.identifier },
          '[linear] team has no workflow states; issue kept',
        );
        continue;
      }
      await withLinearToken(deps, userId, (token) =>
        client.issueUpdate(token, issue.id, { stateId: target.id }),
      );
      issuesCompleted += 1;
    } catch (err) {
      // One issue Linear will not update (archived, no permission) must not stop the others.
      if (!(err instanceof LinearApiError) || err.unauthenticated) throw err;
      log.warn({ err, issue: issue.identifier }, '[linear] completing an issue failed');
    }
  }

  const open = await withLinearToken(deps, userId, (token) => client.assignedIssues(token));
  const now = (deps.now ?? (() => new Date()))();
  return {
    issues: open,
    syncedAt: now.toISOString(),
    todosCompleted,
    issuesCompleted,
  };
}
