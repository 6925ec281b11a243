/**
 * `POST /api/linear/graphql`: the relay to Linear's GraphQL API. It runs only Summy's own named
 * operations, whose documents live on the server; the browser names the operation and its variables
 * and gets Linear's `data` back. The files beside this one (issues, workflow states, teams, issue
 * update) each wrap one operation.
 */
import { linearGraphqlAnswerSchema, type LinearGraphqlBody } from '@summy/core';
import { apiFetch, ApiRequestError } from '@/lib/api-client';

/**
 * Runs one operation and answers Linear's `data`. HTTP failures throw `ApiRequestError` with the
 * server's wording ('Rate limit exceeded. Please try again in {n} seconds.', 'Linear API error:
 * {status} - {error}', 'No access token available'); GraphQL `errors` in a 200 answer throw one too
 * (status 200, Linear's first message).
 */
export async function runLinearOperation(
  body: LinearGraphqlBody,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const answer = await apiFetch('/linear/graphql', linearGraphqlAnswerSchema, {
    method: 'POST',
    json: body,
    signal,
  });
  const first = answer.errors?.[0];
  if (first || !answer.data) {
    const message = first?.message ?? 'Linear answered no data';
    throw new ApiRequestError(message, 200, JSON.stringify(answer.errors ?? []));
  }
  return answer.data;
}

/**
 * The value at `path` inside Linear's `data` (e.g. `['viewer', 'assignedIssues', 'nodes']`), for
 * the caller's schema to check; undefined where the path breaks off (the schema then fails loudly).
 */
export function dataAt(data: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = data;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** True for the relay's rate-limit answer ("ignored until the next attempt"). */
export function isLinearRateLimited(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 429;
}
