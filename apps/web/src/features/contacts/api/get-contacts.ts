/**
 * `GET /api/contacts?q&cursor&limit`: the contacts synced from Google, by display name then e-mail,
 * in keyset pages, optionally only those whose name or e-mail contains `q`.
 */
import { CONTACT_LIMITS, contactListSchema, type Contact, type ContactList } from '@summy/core';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Query key root of every contacts list, for invalidation after a sync. */
export const contactsQueryKey = ['contacts', 'list'] as const;

/**
 * Fetches one page of contacts.
 * @throws ApiRequestError (404 when the server has no Google configured, 400 for a bad cursor)
 */
export function getContacts(
  { q, cursor }: { q?: string; cursor?: string | null },
  signal?: AbortSignal,
): Promise<ContactList> {
  const query = new URLSearchParams({ limit: String(CONTACT_LIMITS.pageDefault) });
  if (q) query.set('q', q);
  if (cursor) query.set('cursor', cursor);
  return apiFetch(`/contacts?${query.toString()}`, contactListSchema, { signal });
}

/** Query options of the whole list for a search text (empty: every contact), page after page. */
export function getContactsInfiniteQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: [...contactsQueryKey, { q }] as const,
    queryFn: ({ pageParam, signal }) => getContacts({ q, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/**
 * The contacts matching `q`, as an infinite query; `refetchIntervalMs` re-reads the loaded pages
 * while a requested sync may still be adding rows.
 */
export function useContacts(q: string, options: { refetchIntervalMs?: number | false } = {}) {
  return useInfiniteQuery({
    ...getContactsInfiniteQueryOptions(q),
    refetchInterval: options.refetchIntervalMs ?? false,
    placeholderData: (previous) => previous,
  });
}

/** The loaded pages as one list; a contact re-read onto two pages shows once. */
export function flattenContacts(data: InfiniteData<ContactList> | undefined): Contact[] {
  const seen = new Set<string>();
  return (data?.pages ?? [])
    .flatMap((page) => page.contacts)
    .filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
}
