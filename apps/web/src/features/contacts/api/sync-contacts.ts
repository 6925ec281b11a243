/**
 * `POST /api/contacts/sync`: queues a sync of the contacts now, besides the every-30-minutes one.
 * Answers 202 with `queued: false` when a sync is already waiting.
 */
import { contactSyncAnswerSchema, type ContactSyncAnswer } from '@summy/core';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Asks for a sync. @throws ApiRequestError (404 without Google on the server). */
export function syncContacts(): Promise<ContactSyncAnswer> {
  return apiFetch('/contacts/sync', contactSyncAnswerSchema, { method: 'POST' });
}

/** Mutation of 'Sync now'. */
export function useSyncContacts() {
  return useMutation({ mutationFn: syncContacts });
}
