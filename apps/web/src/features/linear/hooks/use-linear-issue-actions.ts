/**
 * What a person does to a Linear issue in the panel, with its toasts: complete or reopen it (the
 * state named Done, else of type completed, else the first; reopening takes one of type unstarted,
 * else the first: `pickCompletionState`) and save the edit form (title, due date, state).
 */
import {
  LINEAR_MESSAGES,
  linearIssueUpdatedMessage,
  pickCompletionState,
  type LinearIssue,
  type LinearState,
} from '@summy/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '@/lib/toast';
import { getLinearWorkflowStatesQueryOptions } from '../api/get-linear-workflow-states';
import { useUpdateLinearIssue, type LinearIssueInput } from '../api/update-linear-issue';

/** The edit form's values: title as typed, due date 'YYYY-MM-DD' or '' for none, a state id. */
export interface LinearIssueEdit {
  title: string;
  dueDate: string;
  stateId: string;
}

/**
 * The fields of `edit` that differ from `issue`, ready for `issueUpdate`; null when the edit saves
 * nothing: nothing changed, or the title is empty after trimming ("issue title edits are trimmed.
 * Empty means cancel, with no save").
 */
export function changedIssueFields(
  issue: LinearIssue,
  edit: LinearIssueEdit,
): LinearIssueInput | null {
  const title = edit.title.trim();
  if (!title) return null;
  const input: LinearIssueInput = {};
  if (title !== issue.title) input.title = title;
  const dueDate = edit.dueDate || null;
  if (dueDate !== (issue.dueDate ?? null)) input.dueDate = dueDate;
  if (edit.stateId && edit.stateId !== issue.state.id) input.stateId = edit.stateId;
  return Object.keys(input).length > 0 ? input : null;
}

/** Completing, reopening and saving, each with its toasts; the list updates before Linear answers. */
export function useLinearIssueActions() {
  const queryClient = useQueryClient();
  // mutateAsync rather than mutate: mutate's own callbacks fire only for the latest call, and two
  // issues checked in a row must both get their toast.
  const { mutateAsync, isPending } = useUpdateLinearIssue();

  /** Checks (`done` true) or unchecks an issue. */
  const setDone = useCallback(
    async (issue: LinearIssue, done: boolean) => {
      let states: LinearState[];
      try {
        states = await queryClient.fetchQuery(getLinearWorkflowStatesQueryOptions(issue.team.id));
      } catch {
        toast.error(LINEAR_MESSAGES.updateFailedTitle, {
          description: LINEAR_MESSAGES.updateFailed,
        });
        return;
      }
      const state = pickCompletionState(states, done);
      if (!state) {
        toast.error(LINEAR_MESSAGES.errorTitle, { description: LINEAR_MESSAGES.noValidStates });
        return;
      }
      try {
        await mutateAsync({ issue, input: { stateId: state.id }, state });
        toast.success(done ? LINEAR_MESSAGES.issueCompleted : LINEAR_MESSAGES.issueReopened, {
          description: linearIssueUpdatedMessage(issue.title),
        });
      } catch {
        toast.error(LINEAR_MESSAGES.updateFailedTitle, {
          description: LINEAR_MESSAGES.updateFailed,
        });
      }
    },
    [queryClient, mutateAsync],
  );

  /**
   * Saves the edit form. A title-only change has its own toasts ('Success' / 'Issue title
   * updated', 'Error' / 'Failed to update issue title'); any other change 'Updated!' / 'Issue
   * updated in Linear' or 'Update failed' / 'Failed to update issue in Linear'. Answers false when
   * there was nothing to save.
   */
  const save = useCallback(
    (issue: LinearIssue, edit: LinearIssueEdit, states: readonly LinearState[]): boolean => {
      const input = changedIssueFields(issue, edit);
      if (!input) return false;
      const titleOnly = Object.keys(input).length === 1 && input.title !== undefined;
      const state = input.stateId ? states.find((s) => s.id === input.stateId) : undefined;
      mutateAsync({ issue, input, state }).then(
        () =>
          titleOnly
            ? toast.success(LINEAR_MESSAGES.successTitle, {
                description: LINEAR_MESSAGES.titleUpdated,
              })
            : toast.success(LINEAR_MESSAGES.updatedTitle, { description: LINEAR_MESSAGES.updated }),
        () =>
          titleOnly
            ? toast.error(LINEAR_MESSAGES.errorTitle, {
                description: LINEAR_MESSAGES.titleUpdateFailed,
              })
            : toast.error(LINEAR_MESSAGES.updateFailedTitle, {
                description: LINEAR_MESSAGES.updateFailed,
              }),
      );
      return true;
    },
    [mutateAsync],
  );

  return { setDone, save, isUpdating: isPending };
}
