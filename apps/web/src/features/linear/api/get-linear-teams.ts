/**
 * The teams the signed-in user can create issues in (the relay's `teams` operation): where 'Send to
 * Linear' creates an action item's issue.
 */
import { linearTeamSchema, type LinearTeam } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTEGRATION_CACHE_MS } from '@/hooks/use-integration-polling';
import { linearQueryKey } from './get-linear-status';
import { dataAt, runLinearOperation } from './run-linear-operation';

/** Query key of the teams. */
export const linearTeamsQueryKey = [...linearQueryKey, 'teams'] as const;

const teamListSchema = linearTeamSchema.array();

/** Fetches the teams (one page of 100). Throws `ApiRequestError`. */
export async function getLinearTeams(signal?: AbortSignal): Promise<LinearTeam[]> {
  const data = await runLinearOperation({ operation: 'teams' }, signal);
  return teamListSchema.parse(dataAt(data, ['teams', 'nodes']));
}

/** Query options of the teams, cached 5 minutes. */
export function getLinearTeamsQueryOptions() {
  return queryOptions({
    queryKey: linearTeamsQueryKey,
    queryFn: ({ signal }) => getLinearTeams(signal),
    staleTime: INTEGRATION_CACHE_MS,
  });
}

/** The teams; asked for only while `enabled` (connected). */
export function useLinearTeams({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getLinearTeamsQueryOptions(), enabled });
}
