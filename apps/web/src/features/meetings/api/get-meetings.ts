/**
 * `GET /api/meetings?limit&cursor&search`: the signed-in person's meetings, date descending, in
 * keyset pages (`nextCursor` fetches the next one), optionally searched by title and transcript
 * words (the /meetings screen). Fetcher, query options and hooks live together so every caller
 * shares one cache key.
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
  /**
   * Title or transcript words (every word must be in the title or the transcript; stemmed, so
   * 'budgets' finds 'budget'); absent or blank lists every meeting.
   */
  search?: string;
}

/** Rows per page of the sidebar's list. */
export const MEETINGS_PAGE_SIZE = 100;

/**
 * Fetches one page of meetings.
 * @throws ApiRequestError when the server refuses (401 without a session, 400 for a bad cursor)
 */
export function getMeetings(
  { limit = MEETINGS_PAGE_SIZE, cursor, search }: GetMeetingsParams = {},
  signal?: AbortSignal,
): Promise<MeetingList> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  if (search?.trim()) query.set('search', search.trim());
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
 * Query options for the whole meeting list (or the meetings a search finds), page after page. A
 * refetch (after a realtime change) re-reads every loaded page in turn, recomputing cursors from
 * the fresh answers. Without a search the key is the one the sidebar has always used.
 */
export function getMeetingsInfiniteQueryOptions(limit: number = MEETINGS_PAGE_SIZE, search = '') {
  const text = search.trim();
  return infiniteQueryOptions({
    queryKey: [...meetingsInfiniteQueryKey, text ? { limit, search: text } : { limit }] as const,
    queryFn: ({ pageParam, signal }) =>
      getMeetings({ limit, cursor: pageParam, search: text }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/**
 * The meeting list as an infinite query; call `fetchNextPage()` to load older meetings. With
 * `search`, only the meetings it finds.
 */
export function useInfiniteMeetings(limit: number = MEETINGS_PAGE_SIZE, search = '') {
  return useInfiniteQuery(getMeetingsInfiniteQueryOptions(limit, search));
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
