import { CircleAlert, FileText, Loader2, Search, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { flattenMeetingPages, useInfiniteMeetings } from '../api/get-meetings';
import { MeetingRow } from './meeting-row';

/** Rows per page of the /meetings screen: a screenful and a half, so scrolling rarely waits. */
export const ALL_MEETINGS_PAGE_SIZE = 50;

/** Quiet time after the last key before the search is sent, ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Start loading the next page this far (px) before the end of the list comes into view. */
const PREFETCH_MARGIN_PX = 600;

/**
 * Loads the next page when `target` comes near the viewport, whichever element scrolls (the
 * main layout's pane or the window). Falls back to the button alone without IntersectionObserver.
 */
function useLoadMoreWhenNear(
  target: RefObject<HTMLElement | null>,
  enabled: boolean,
  loadMore: () => void,
) {
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: `${PREFETCH_MARGIN_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, enabled, loadMore]);
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading meetings" className="flex flex-col gap-2">
      {[68, 52, 74, 60, 48].map((width) => (
        <div key={width} className="flex h-14 items-center gap-3 px-3" aria-hidden="true">
          <div className="size-4 animate-pulse rounded bg-muted" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-3 animate-pulse rounded bg-muted" style={{ width: `${width}%` }} />
            <div className="h-2.5 w-1/3 animate-pulse rounded bg-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The search box's text, and the settled search (trimmed, debounced) that the URL's `?q=` keeps. */
function useSearchInUrl() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  // The URL follows the settled search (replace: typing must not stack history entries).
  useEffect(() => {
    if ((params.get('q') ?? '') === search) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (search) next.set('q', search);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [search, params, setParams]);

  return { text, setText, search };
}

/** The meetings matching `search`, page by page, with the next page loaded as `endRef` nears. */
function usePagedMeetings(search: string) {
  const query = useInfiniteMeetings(ALL_MEETINGS_PAGE_SIZE, search);
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const meetings = useMemo(() => flattenMeetingPages(data), [data]);
  // Dates read relative to when the list was fetched; nothing renders before the first fetch.
  const now = useMemo(() => new Date(query.dataUpdatedAt), [query.dataUpdatedAt]);

  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const loadMore = useCallback(() => {
    if (canLoadMore) void fetchNextPage();
  }, [canLoadMore, fetchNextPage]);
  const endRef = useRef<HTMLDivElement>(null);
  useLoadMoreWhenNear(endRef, canLoadMore, loadMore);

  return { list: { query, meetings, now, loadMore }, endRef };
}

/** What {@link usePagedMeetings} gives the list to draw (its end's ref apart). */
type PagedMeetings = ReturnType<typeof usePagedMeetings>['list'];

/** The list and the ref its end is drawn with. */
interface ListProps {
  list: PagedMeetings;
  endRef: RefObject<HTMLDivElement | null>;
}

/** The search field, with a spinner while a search is on its way or a button clearing it. */
function SearchField({
  text,
  onText,
  searching,
}: {
  text: string;
  onText: (text: string) => void;
  searching: boolean;
}) {
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label="Search meetings"
        placeholder="Search by title or transcript words..."
        value={text}
        onChange={(event) => onText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text) {
            event.preventDefault();
            onText('');
          }
        }}
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {searching ? (
        <Loader2
          className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
          aria-label="Searching"
        />
      ) : (
        text && (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Clear search"
            className="absolute top-1/2 right-0.5 -translate-y-1/2"
            onClick={() => onText('')}
          >
            <X aria-hidden="true" />
          </Button>
        )
      )}
    </div>
  );
}

/** Below the last row: a failed page's retry, the next page loading, or 'Load more meetings'. */
function ListEnd({ list, endRef }: ListProps) {
  const { isFetchNextPageError, isFetchingNextPage, hasNextPage, fetchNextPage } = list.query;
  return (
    <div ref={endRef} className="flex min-h-10 items-center justify-center pt-2">
      {isFetchNextPageError ? (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          Couldn't load older meetings
          <Button variant="ghost" size="sm" onClick={() => void fetchNextPage()}>
            Try again
          </Button>
        </p>
      ) : isFetchingNextPage ? (
        <p className="flex items-center gap-2 text-xs text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Loading older meetings
        </p>
      ) : hasNextPage ? (
        <Button variant="outline" size="sm" onClick={list.loadMore}>
          Load more meetings
        </Button>
      ) : null}
    </div>
  );
}

/** The loaded rows, then the list's end. */
function MeetingRows({ list, endRef, search }: ListProps & { search: string }) {
  return (
    <>
      <ul aria-label={search ? `Meetings matching ${search}` : 'All meetings'}>
        {list.meetings.map((meeting) => (
          // content-visibility skips layout and paint of rows far off screen, so thousands of
          // loaded rows stay cheap without a virtual list inside the page's own scroller; the
          // intrinsic size keeps skipped rows their height, so the list's end stays far away.
          <li
            key={meeting.id}
            className="border-b [contain-intrinsic-size:auto_62px] [content-visibility:auto] last:border-b-0"
          >
            <MeetingRow meeting={meeting} now={list.now} />
          </li>
        ))}
      </ul>
      <ListEnd list={list} endRef={endRef} />
    </>
  );
}

/** The card's content: loading, a failure, no meetings (none at all, or none matching), or rows. */
function ListBody({ list, endRef, search }: ListProps & { search: string }) {
  const { isPending, isError, data, refetch } = list.query;
  if (isPending) return <ListSkeleton />;
  if (isError && !data) {
    return (
      <EmptyState
        icon={CircleAlert}
        title="Couldn't load meetings"
        description="Check your connection and try again."
        action={
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (list.meetings.length === 0) {
    return search ? (
      <EmptyState
        icon={Search}
        title="No meetings found"
        description={`No meeting title or transcript holds "${search}".`}
      />
    ) : (
      <EmptyState
        icon={FileText}
        title="No meetings yet"
        description="Start recording to create your first meeting"
      />
    );
  }
  return <MeetingRows list={list} endRef={endRef} search={search} />;
}

/**
 * The /meetings screen: every meeting, newest first, each with its date, duration, participants and
 * processing state, searchable by title and transcript words (the server's full-text index). Pages
 * of 50 load as the end of the list comes near (keyset paging, so 10,000 meetings cost the same per
 * page); a 'Load more' button does the same by keyboard. The search is kept in the URL (`?q=`), so
 * Back returns to it.
 */
export function AllMeetings() {
  const { text, setText, search } = useSearchInUrl();
  const { list, endRef } = usePagedMeetings(search);
  const { isFetching, isFetchingNextPage } = list.query;
  const searching = text.trim() !== search || (isFetching && !isFetchingNextPage && !!search);

  return (
    <div className="flex flex-col gap-4">
      <SearchField text={text} onText={setText} searching={searching} />
      <div className="rounded-xl border bg-card p-1">
        <ListBody list={list} endRef={endRef} search={search} />
      </div>
    </div>
  );
}
