/**
 * `POST /api/google/accounts/{id}/primary`: makes a linked account the primary one. Answers the
 * updated list.
 */
import { googleAccountSchema, type GoogleAccount } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { googleAccountsQueryKey } from './get-google-accounts';

const accountListSchema = googleAccountSchema.array();

/** Sets the primary account. Throws `ApiRequestError` (404 for an unknown account). */
export function setPrimaryGoogleAccount(accountId: string): Promise<GoogleAccount[]> {
  return apiFetch(`/google/accounts/${encodeURIComponent(accountId)}/primary`, accountListSchema, {
    method: 'POST',
  });
}

/** Mutation that sets the primary account and puts the answered list in the cache. */
export function useSetPrimaryGoogleAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: GoogleAccount) => setPrimaryGoogleAccount(account.id),
    onSuccess: (accounts) => queryClient.setQueryData(googleAccountsQueryKey, accounts),
  });
}
