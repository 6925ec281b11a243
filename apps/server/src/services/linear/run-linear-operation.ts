/**
 * `POST /api/linear/graphql`: a relay to Linear's GraphQL API, narrowed to Summy's own named
 * operations (docs/decisions/024-linear-token-on-the-server.md). The browser names an operation and
 * gives its variables (checked by `linearGraphqlBodySchema`); the document is the server's
 * (integrations/linear/documents.ts), the token the user's stored one, and Linear's `{data}` /
 * `{errors}` come back as Linear sent them.
 */
import { LINEAR_LIMITS, type LinearGraphqlAnswer, type LinearGraphqlBody } from '@summy/core';
import { LINEAR_DOCUMENTS } from '../../integrations/linear/documents.ts';
import { linearViewer } from './linear-connection.ts';
import { withLinearToken, type LinearDeps } from '../../integrations/linear/tokens.ts';

/** The variables Linear gets for an operation (an issue create assigns the viewer). */
async function variablesOf(
  deps: LinearDeps,
  userId: string,
  body: LinearGraphqlBody,
): Promise<Record<string, unknown>> {
  switch (body.operation) {
    case 'viewer':
    case 'teams':
      return {};
    case 'assignedIssues':
      return { first: LINEAR_LIMITS.assignedIssuesPage };
    case 'workflowStates':
    case 'issueUpdate':
      return body.variables;
    case 'issueCreate': {
      const viewer = await linearViewer(deps, userId);
      return { input: { ...body.variables, assigneeId: viewer.id } };
    }
  }
}

/**
 * Runs one of Summy's Linear operations for the user.
 * @throws LinearNotConnectedError ('No access token available') without usable tokens
 * @throws LinearRateLimitError ('Rate limit exceeded. Please try again in {n} seconds.')
 * @throws LinearApiError ('Linear API error: {status} - {error}') for other failures
 */
export async function runLinearOperation(
  deps: LinearDeps,
  userId: string,
  body: LinearGraphqlBody,
): Promise<LinearGraphqlAnswer> {
  const variables = await variablesOf(deps, userId, body);
  const answer = await withLinearToken(deps, userId, (token) =>
    deps.client.graphql(token, LINEAR_DOCUMENTS[body.operation], variables),
  );
  return {
    ...(answer.data !== undefined ? { data: answer.data } : {}),
    ...(answer.errors ? { errors: answer.errors } : {}),
  };
}
