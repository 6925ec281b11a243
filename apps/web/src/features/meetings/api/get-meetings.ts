/**
 * `GET /api/meetings?limit&cursor`: the signed-in person's meetings, date descending, in keyset
 * pages (`nextCursor` fetches the next one). Fetcher, query options and hooks live together so
 * every caller shares one cache key.
 */
import { meetingListSchema, type MeetingList, type MeetingListItem } from '@summy/core';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Parameters of the meeting list. */
export interface GetMeetingsParams {
  /** Page size, 1 to 1000; the sidebar asks for 100. */
  limit?: number;
  /** `nextCursor` of the previous page; absent for the first page. */
  cursor?: string | null;
}

/** Rows per page of the sidebar's list. */
export const MEETINGS_PAGE_SIZE = 100;

/**
 * Fetches one page of meetings.
 * @throws ApiRequestError when the server refuses (401 without a session, 400 for a bad cursor)
 */
export function getMeetings(
  { limit = MEETINGS_PAGE_SIZE, cursor }: GetMeetingsParams = {},
  signal?: AbortSignal,
): Promise<MeetingList> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return apiFetch(`/meetings?${query.toString()}`, meetingListSchema, { signal });
}

/** Query key root of every meeting list (single pages and the infinite list), for invalidation. */
export const meetingsQueryKey = ['meetings', 'list'] as const;

/** Query key root of the infinite (all pages) meeting lists. */
export const meetingsInfiniteQueryKey = [...meetingsQueryKey, 'infinite'] as const;

/** Query options for one page of meetings. */
export function getMeetingsQueryOptions(params: GetMeetingsParams = {}) {
  const { limit = MEETINGS_PAGE_SIZE, cursor = null } = params;
  return queryOptions({
    queryKey: [...meetingsQueryKey, { limit, cursor }] as const,
    queryFn: ({ signal }) => getMeetings({ limit, cursor }, signal),
  });
}

/** One page of meetings. */
export function useMeetings(params: GetMeetingsParams = {}) {
  return useQuery(getMeetingsQueryOptions(params));
}

/**
 * Query options for the whole meeting list, page after page. A refetch (after a realtime change)
 * re-reads every loaded page in turn, recomputing cursors from the fresh answers.
 */
export function getMeetingsInfiniteQueryOptions(limit: number = MEETINGS_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: [...meetingsInfiniteQueryKey, { limit }] as const,
    queryFn: ({ pageParam, signal }) => getMeetings({ limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/** The meeting list as an infinite query; call `fetchNextPage()` to load older meetings. */
export function useInfiniteMeetings(limit: number = MEETINGS_PAGE_SIZE) {
  return useInfiniteQuery(getMeetingsInfiniteQueryOptions(limit));
}

/**
 * The loaded pages as one list, date descending. A meeting that moved between pages while they
 * were being re-read (its date changed) could appear twice; the first occurrence wins.
 */
export function flattenMeetingPages(
  data: Pick<InfiniteData<MeetingList>, 'pages'> | undefined,
): MeetingListItem[] {
  if (!data) return [];
  const seen = new Set<string>();
  const items: MeetingListItem[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
