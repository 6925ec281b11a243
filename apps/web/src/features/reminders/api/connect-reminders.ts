/**
 * `POST /api/integrations/apple-reminders`: checks the credentials against the CalDAV server and
 * stores them encrypted. Answers 401 'Authentication failed' when the server refuses them, 400
 * 'Missing credentials' when one is empty.
 */
import {
  remindersConnectAnswerSchema,
  type RemindersConnectAnswer,
  type RemindersConnectBody,
} from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { remindersQueryKey } from './get-reminders-status';

/** Connects; `containerId` is the CalDAV server URL. @throws ApiRequestError */
export function connectReminders(body: RemindersConnectBody): Promise<RemindersConnectAnswer> {
  return apiFetch('/integrations/apple-reminders', remindersConnectAnswerSchema, {
    method: 'POST',
    json: body,
  });
}

/** Mutation of the connect dialog; reloads every reminders query once connected. */
export function useConnectReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectReminders,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersQueryKey }),
  });
}
