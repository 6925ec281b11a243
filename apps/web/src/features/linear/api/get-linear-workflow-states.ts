/**
 * A team's workflow states (the relay's `workflowStates` operation): the edit form's state select
 * and the state that completes or reopens an issue (`pickCompletionState`).
 */
import { linearStateSchema, type LinearState } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTEGRATION_CACHE_MS } from '@/hooks/use-integration-polling';
import { linearQueryKey } from './get-linear-status';
import { dataAt, runLinearOperation } from './run-linear-operation';

const stateListSchema = linearStateSchema.array();

/** Query key of one team's workflow states. */
export function linearWorkflowStatesQueryKey(teamId: string) {
  return [...linearQueryKey, 'workflow-states', teamId] as const;
}

/** Fetches the team's workflow states. Throws `ApiRequestError`. */
export async function getLinearWorkflowStates(
  teamId: string,
  signal?: AbortSignal,
): Promise<LinearState[]> {
  const data = await runLinearOperation(
    { operation: 'workflowStates', variables: { teamId } },
    signal,
  );
  return stateListSchema.parse(dataAt(data, ['workflowStates', 'nodes']));
}

/** Query options of a team's states; they rarely change, so they are cached like the issues. */
export function getLinearWorkflowStatesQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: linearWorkflowStatesQueryKey(teamId),
    queryFn: ({ signal }) => getLinearWorkflowStates(teamId, signal),
    staleTime: INTEGRATION_CACHE_MS,
  });
}

/** A team's workflow states; asked for only while `enabled` (the edit form is open). */
export function useLinearWorkflowStates(teamId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getLinearWorkflowStatesQueryOptions(teamId), enabled });
}
