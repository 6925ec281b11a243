/** `GET /api/admin/signup`: the sign-up mode in force and whether Settings or SIGNUP set it. */
import { signupSettingSchema, type SignupSetting } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminQueryKey } from './get-admin-users';

/** Query key of the sign-up mode. */
export const signupModeQueryKey = [...adminQueryKey, 'signup'] as const;

/** Fetches the sign-up mode. Throws `ApiRequestError`. */
export function getSignupMode(signal?: AbortSignal): Promise<SignupSetting> {
  return apiFetch('/admin/signup', signupSettingSchema, { signal });
}

/** Query options of the sign-up mode. */
export function getSignupModeQueryOptions() {
  return queryOptions({
    queryKey: signupModeQueryKey,
    queryFn: ({ signal }) => getSignupMode(signal),
  });
}

/** The sign-up mode. */
export function useSignupMode() {
  return useQuery(getSignupModeQueryOptions());
}
