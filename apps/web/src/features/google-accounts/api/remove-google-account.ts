/**
 * `DELETE /api/google/accounts/{id}`: removes a linked account. Its meetings keep their data and
 * are flagged `calendar_account_removed` with `calendar_account_email`; the answer counts them. The
 * sign-in account answers 409 (it cannot be removed).
 */
import { googleAccountRemovedSchema, type GoogleAccount } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { googleQueryKey } from './get-google-accounts';

/** Removes the account; answers how many meetings were flagged. Throws `ApiRequestError`. */
export async function removeGoogleAccount(accountId: string): Promise<number> {
  const { preservedMeetings } = await apiFetch(
    `/google/accounts/${encodeURIComponent(accountId)}`,
    googleAccountRemovedSchema,
    { method: 'DELETE' },
  );
  return preservedMeetings;
}

/** Mutation that removes an account, then reloads every Google query (primary may have moved). */
export function useRemoveGoogleAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: GoogleAccount) => removeGoogleAccount(account.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: googleQueryKey }),
  });
}
