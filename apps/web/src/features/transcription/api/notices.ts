/**
 * `GET`/`PUT /api/settings/notices`: the notices the signed-in person dismissed for good. Kept on
 * the server with their settings, so a dismissal holds on every device and after sign-out (the
 * query cache is cleared at sign-out, so the next person reads their own).
 */
import { noticesSchema, type NoticeId, type Notices } from '@summy/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Query key of the dismissed notices. */
export const noticesQueryKey = ['settings', 'notices'] as const;

/** Fetches the dismissed notices. Throws `ApiRequestError`. */
export function getNotices(signal?: AbortSignal): Promise<Notices> {
  return apiFetch('/settings/notices', noticesSchema, { signal });
}

/** Dismisses `notice` for good; answers the dismissed notices. Throws `ApiRequestError`. */
export function dismissNotice(notice: NoticeId): Promise<Notices> {
  return apiFetch('/settings/notices', noticesSchema, {
    method: 'PUT',
    json: { dismiss: notice },
  });
}

/**
 * Whether the person dismissed `notice`: `undefined` until the server answered (show nothing
 * yet, rather than a notice that vanishes a moment later), then true or false.
 */
export function useNoticeDismissed(notice: NoticeId): boolean | undefined {
  const query = useQuery({
    queryKey: noticesQueryKey,
    queryFn: ({ signal }) => getNotices(signal),
    staleTime: Infinity,
  });
  return query.data?.dismissed.includes(notice);
}

/**
 * Mutation dismissing a notice, `mutate(id)`: hidden at once in every view; if the server could
 * not save it, the next read of the list shows it again.
 */
export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissNotice,
    onMutate: (notice) => {
      const previous = queryClient.getQueryData<Notices>(noticesQueryKey);
      const dismissed = previous?.dismissed ?? [];
      if (!dismissed.includes(notice)) {
        queryClient.setQueryData<Notices>(noticesQueryKey, { dismissed: [...dismissed, notice] });
      }
    },
    onSuccess: (answer) => queryClient.setQueryData(noticesQueryKey, answer),
    onError: () => void queryClient.invalidateQueries({ queryKey: noticesQueryKey }),
  });
}
