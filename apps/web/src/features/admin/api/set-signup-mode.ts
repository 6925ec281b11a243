/** `PUT /api/admin/signup`: stores the sign-up mode server-wide (it overrides SIGNUP). */
import { signupSettingSchema, type SignupModeValue, type SignupSetting } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { signupModeQueryKey } from './get-signup-mode';

/** Sets the mode; resolves with the mode now in force. Throws `ApiRequestError`. */
export function setSignupMode(mode: SignupModeValue): Promise<SignupSetting> {
  return apiFetch('/admin/signup', signupSettingSchema, { method: 'PUT', json: { mode } });
}

/** Mutation `mutate(mode)` of {@link setSignupMode}; keeps the answer as the mode. */
export function useSetSignupMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSignupMode,
    onSuccess: (setting) => queryClient.setQueryData(signupModeQueryKey, setting),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signupModeQueryKey }),
  });
}
