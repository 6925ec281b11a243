/** `GET /api/admin/users`: every user with role, usage and state (administrators only). */
import { adminUserListSchema, type AdminUser } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Query key of every administration answer; each answer's key starts with it. */
export const adminQueryKey = ['admin'] as const;
/** Query key of the users list. */
export const adminUsersQueryKey = [...adminQueryKey, 'users'] as const;

/** Fetches the users, oldest account first. Throws `ApiRequestError` (403 for non-administrators). */
export async function getAdminUsers(signal?: AbortSignal): Promise<AdminUser[]> {
  return (await apiFetch('/admin/users', adminUserListSchema, { signal })).users;
}

/** Query options of the users list. */
export function getAdminUsersQueryOptions() {
  return queryOptions({
    queryKey: adminUsersQueryKey,
    queryFn: ({ signal }) => getAdminUsers(signal),
  });
}

/** The users list. */
export function useAdminUsers() {
  return useQuery(getAdminUsersQueryOptions());
}
