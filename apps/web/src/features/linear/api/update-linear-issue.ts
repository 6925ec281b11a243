/**
 * The relay's `issueUpdate` operation: the edit form's Save and the complete/reopen checkbox. The
 * change shows at once in the cached issue list and is put back if Linear refuses it.
 */
import type { LinearIssue, LinearState } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/api-client';
import { linearIssuesQueryKey } from './get-linear-issues';
import { dataAt, runLinearOperation } from './run-linear-operation';

/** The fields an update may change; `dueDate` is Linear's 'YYYY-MM-DD', null clears it. */
export interface LinearIssueInput {
  title?: string;
  dueDate?: string | null;
  stateId?: string;
}

/**
 * Updates one issue. Throws `ApiRequestError` when the relay fails, Linear answers errors, or
 * Linear answers `success: false`.
 */
export async function updateLinearIssue(id: string, input: LinearIssueInput): Promise<void> {
  const data = await runLinearOperation({ operation: 'issueUpdate', variables: { id, input } });
  if (dataAt(data, ['issueUpdate', 'success']) !== true) {
    throw new ApiRequestError('Linear did not update the issue', 200, JSON.stringify(data));
  }
}

/** Variables of {@link useUpdateLinearIssue}: the issue, the change, and the new state's details. */
export interface UpdateLinearIssueVariables {
  issue: LinearIssue;
  input: LinearIssueInput;
  /** The state `input.stateId` names, so the list can show it before Linear answers. */
  state?: LinearState;
}

/**
 * Mutation that updates an issue optimistically in the cached list, rolling back on failure (the
 * caller shows the documented toast). The list is not fetched again at once: a completed issue
 * stays on screen, checked, until the next refresh drops it, so a mistaken check can still be
 * undone.
 */
export function useUpdateLinearIssue() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, UpdateLinearIssueVariables, { previous?: LinearIssue[] }>({
    mutationFn: ({ issue, input }) => updateLinearIssue(issue.id, input),
    onMutate: async ({ issue, input, state }) => {
      await queryClient.cancelQueries({ queryKey: linearIssuesQueryKey });
      const previous = queryClient.getQueryData<LinearIssue[]>(linearIssuesQueryKey);
      queryClient.setQueryData<LinearIssue[]>(linearIssuesQueryKey, (issues) =>
        issues?.map((each) =>
          each.id === issue.id
            ? {
                ...each,
                ...(input.title !== undefined ? { title: input.title } : {}),
                ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
                ...(state ? { state } : {}),
              }
            : each,
        ),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(linearIssuesQueryKey, context.previous);
    },
  });
}
