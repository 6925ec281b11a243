/**
 * Summy's GraphQL documents for Linear: the only ones the server sends. The relay maps an operation
 * name to one of these; it never forwards a document from the browser. Each is validated against
 * Linear's schema (vendor/linear/linear-schema.graphql) by linear-documents.unit.test.ts, and the
 * Linear fake validates every request it gets against the same file.
 */
import type { LinearOperation } from '@summy/core';

/** The issue fields Summy reads. */
const ISSUE_FIELDS = `fragment IssueFields on Issue {
  id identifier title description url priority dueDate createdAt updatedAt
  state { id name type }
  assignee { id name email }
  team { id name key }
}`;

/** The documents of the relay's operations, by operation name. */
export const LINEAR_DOCUMENTS: Record<LinearOperation, string> = {
  viewer: `query Viewer { viewer { id name email } }`,
  assignedIssues: `query AssignedIssues($first: Int!) {
  viewer {
    assignedIssues(
      first: $first
      orderBy: updatedAt
      filter: { state: { type: { nin: ["completed", "canceled"] } } }
    ) {
      nodes { ...IssueFields }
      pageInfo { hasNextPage endCursor }
    }
  }
}
${ISSUE_FIELDS}`,
  workflowStates: `query WorkflowStates($teamId: ID!) {
  workflowStates(first: 100, filter: { team: { id: { eq: $teamId } } }) { nodes { id name type } }
}`,
  teams: `query Teams { teams(first: 100) { nodes { id name key } } }`,
  issueUpdate: `mutation IssueUpdate($id: String!, $input: IssueUpdateInput!) {
  issueUpdate(id: $id, input: $input) { success issue { ...IssueFields } }
}
${ISSUE_FIELDS}`,
  issueCreate: `mutation IssueCreate($input: IssueCreateInput!) {
  issueCreate(input: $input) { success issue { ...IssueFields } }
}
${ISSUE_FIELDS}`,
};

/**
 * The server's own document for sync (not offered by the relay): the linked issues by id, done or
 * not and archived too, with when they were completed.
 */
export const LINKED_ISSUES_DOCUMENT = `query LinkedIssues($ids: [ID!]!, $first: Int!) {
  issues(first: $first, includeArchived: true, filter: { id: { in: $ids } }) {
    nodes { ...IssueFields completedAt }
  }
}
${ISSUE_FIELDS}`;

/** Every document the server may send, for the schema test. */
export const ALL_LINEAR_DOCUMENTS: Record<string, string> = {
  ...LINEAR_DOCUMENTS,
  linkedIssues: LINKED_ISSUES_DOCUMENT,
};
