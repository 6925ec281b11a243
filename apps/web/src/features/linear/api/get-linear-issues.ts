/**
 * The issues assigned to the signed-in user in Linear, open ones only (the relay's `assignedIssues`
 * operation: completed and canceled states are filtered out, newest update first, one page of 100).
 */
import { linearIssueSchema, type LinearIssue } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTEGRATION_CACHE_MS } from '@/hooks/use-integration-polling';
import { linearQueryKey } from './get-linear-status';
import { dataAt, runLinearOperation } from './run-linear-operation';

/** Query key of the assigned issues. */
export const linearIssuesQueryKey = [...linearQueryKey, 'issues'] as const;

const issueListSchema = linearIssueSchema.array();

/** Fetches the assigned issues. Throws `ApiRequestError` (see {@link runLinearOperation}). */
export async function getLinearIssues(signal?: AbortSignal): Promise<LinearIssue[]> {
  const data = await runLinearOperation({ operation: 'assignedIssues' }, signal);
  return issueListSchema.parse(dataAt(data, ['viewer', 'assignedIssues', 'nodes']));
}

/**
 * Query options of the assigned issues: fresh for 5 minutes; the section polls them with
 * `useIntegrationPolling`. A rate-limited answer is not retried at once: the next poll is the next
 * attempt.
 */
export function getLinearIssuesQueryOptions() {
  return queryOptions({
    queryKey: linearIssuesQueryKey,
    queryFn: ({ signal }) => getLinearIssues(signal),
    staleTime: INTEGRATION_CACHE_MS,
  });
}

/** The assigned issues; only asked for while `enabled` (connected). */
export function useLinearIssues({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getLinearIssuesQueryOptions(), enabled });
}
