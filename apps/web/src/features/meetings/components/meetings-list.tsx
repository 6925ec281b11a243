import { groupMeetingsByDate, type DateGroup, type MeetingListItem } from '@summy/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CircleAlert, Loader2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { usePendingUploads, type PendingUpload } from '@/lib/pending-uploads';
import { cn } from '@/lib/utils';
import { useDeleteMeeting } from '../api/delete-meeting';
import { flattenMeetingPages, useInfiniteMeetings } from '../api/get-meetings';
import { SidebarMeetingRow, SidebarUploadRow, UNTITLED_MEETING } from './sidebar-meeting-row';

/** One row of the virtual list: placeholders, group headings and meetings are all rows. */
type Row =
  | { kind: 'upload'; key: string; upload: PendingUpload }
  | { kind: 'header'; key: string; group: DateGroup; first: boolean }
  | { kind: 'meeting'; key: string; meeting: MeetingListItem }
  | { kind: 'more'; key: string };

/** First guesses of row heights in px; each row is then measured as it renders. */
const ESTIMATED_HEIGHT: Record<Row['kind'], number> = {
  upload: 60,
  header: 36,
  meeting: 34,
  more: 40,
};

/** Rows kept rendered beyond each edge of the viewport, so fast scrolling shows no gaps. */
const OVERSCAN = 12;

/** Load the next page once the last rendered row is this close to the end of what is loaded. */
const PREFETCH_ROWS = 40;

function buildRows(
  uploads: readonly PendingUpload[],
  meetings: readonly MeetingListItem[],
  hasMore: boolean,
  now: Date,
): Row[] {
  const rows: Row[] = uploads.map((upload) => ({ kind: 'upload', key: upload.id, upload }));
  groupMeetingsByDate(meetings, now).forEach(({ group, items }, index) => {
    rows.push({
      kind: 'header',
      key: `group:${group}`,
      group,
      first: index === 0 && rows.length === 0,
    });
    for (const meeting of items) rows.push({ kind: 'meeting', key: meeting.id, meeting });
  });
  if (hasMore) rows.push({ kind: 'more', key: 'more' });
  return rows;
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-1 px-2" aria-hidden="true">
      {[72, 56, 80, 64].map((width) => (
        <div key={width} className="flex h-8 items-center gap-2.5 px-2">
          <div className="size-4 animate-pulse rounded bg-sidebar-accent" />
          <div
            className="h-3 animate-pulse rounded bg-sidebar-accent"
            style={{ width: `${width}%` }}
          />
        </div>
      ))}
    </div>
  );
}

/** The sidebar's rows (uploads, group headings, meetings, the list's end) and the query behind them. */
function useMeetingRows() {
  const query = useInfiniteMeetings();
  const uploads = usePendingUploads();
  const { data, hasNextPage, dataUpdatedAt } = query;
  const meetings = useMemo(() => flattenMeetingPages(data), [data]);
  // Grouping is by calendar day relative to when the list was read; refetches on focus and after
  // every realtime change keep that current enough without a clock timer. The clock is read only
  // until the first fetch lands, and memoized on it, so renders stay alike.
  // eslint-disable-next-line react-hooks/purity
  const now = useMemo(() => new Date(dataUpdatedAt || Date.now()), [dataUpdatedAt]);
  const rows = useMemo(
    () => buildRows(uploads, meetings, hasNextPage, now),
    [uploads, meetings, hasNextPage, now],
  );
  return { query, empty: meetings.length === 0 && uploads.length === 0, now, rows };
}

type MeetingsQuery = ReturnType<typeof useInfiniteMeetings>;

/**
 * The virtualizer of `rows` inside `scrollRef`: it loads the next page as the end comes near and
 * brings the selected meeting's row into view once.
 */
function useVirtualRows(
  rows: Row[],
  scrollRef: RefObject<HTMLDivElement | null>,
  query: MeetingsQuery,
  selectedId: string | null,
) {
  // The app does not run React Compiler; this lint only warns that it would skip this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => ESTIMATED_HEIGHT[rows[index]?.kind ?? 'meeting'],
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: OVERSCAN,
    paddingEnd: 12,
  });
  const lastRendered = virtualizer.getVirtualItems().at(-1)?.index ?? -1;

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    if (lastRendered >= rows.length - PREFETCH_ROWS) void fetchNextPage();
  }, [
    lastRendered,
    rows.length,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  ]);

  // Selection follows the route: when the route selects a loaded meeting that is off screen
  // (opened from elsewhere, e.g. a new recording), bring its row into view once.
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!selectedId || scrolledFor.current === selectedId) return;
    const index = rows.findIndex((row) => row.kind === 'meeting' && row.meeting.id === selectedId);
    if (index < 0) return;
    scrolledFor.current = selectedId;
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selectedId, rows, virtualizer]);

  return virtualizer;
}

/** Deleting a meeting: the confirmation's state, and leaving the page of the deleted meeting. */
function useMeetingRemoval(selectedId: string | null) {
  const navigate = useNavigate();
  // The dialog keeps the last target while it animates closed.
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [target, setTarget] = useState<MeetingListItem | null>(null);
  // Read when a delete finishes, which may be after the person moved on to another meeting.
  const selectedRef = useRef(selectedId);
  useEffect(() => {
    selectedRef.current = selectedId;
  }, [selectedId]);
  const deleteMeeting = useDeleteMeeting({
    onDeleted: (meetingId) => {
      if (selectedRef.current === meetingId) void navigate('/', { replace: true });
    },
  });
  const requestDelete = useCallback((meeting: MeetingListItem) => {
    setTarget(meeting);
    setConfirmOpen(true);
  }, []);
  const confirmDelete = () => {
    if (target) deleteMeeting.mutate(target.id);
  };
  return { confirmOpen, setConfirmOpen, target, requestDelete, confirmDelete };
}

/** 'Delete meeting?', naming the meeting asked about. */
function DeleteMeetingDialog({ removal }: { removal: ReturnType<typeof useMeetingRemoval> }) {
  return (
    <ConfirmDialog
      open={removal.confirmOpen}
      onOpenChange={removal.setConfirmOpen}
      title="Delete meeting?"
      description={
        <>
          "{removal.target?.title.trim() || UNTITLED_MEETING}" and its action items will be deleted.
          This cannot be undone.
        </>
      }
      confirmLabel="Delete"
      destructive
      onConfirm={removal.confirmDelete}
    />
  );
}

/** Nothing loaded and the first page failed: the reason and a retry. */
function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-2 flex flex-col items-start gap-2 rounded-lg border border-dashed px-3 py-3 text-sm">
      <p className="flex items-center gap-2 text-muted-foreground">
        <CircleAlert className="size-4" aria-hidden="true" />
        Couldn't load meetings
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The empty state of a person with no meetings and no uploads. */
function NoMeetings() {
  return (
    <div className="mx-2 flex flex-col items-center gap-1 rounded-lg border border-dashed border-sidebar-border px-4 py-6 text-center">
      <p className="text-sm font-medium">No meetings yet</p>
      <p className="text-xs text-balance text-muted-foreground">
        Start recording to create your first meeting
      </p>
    </div>
  );
}

/** What every row may need beside its own data. */
interface RowContext {
  now: Date;
  onRequestDelete: (meeting: MeetingListItem) => void;
  /** True when the next page failed: the last row offers to try again. */
  moreFailed: boolean;
  onRetryMore: () => void;
}

/** One row's content, by its kind. */
function RowContent({ row, context }: { row: Row; context: RowContext }) {
  switch (row.kind) {
    case 'upload':
      return <SidebarUploadRow upload={row.upload} />;
    case 'header':
      return (
        <h3
          className={cn(
            'px-2 pb-1.5 text-xs font-medium text-muted-foreground',
            row.first ? 'pt-1' : 'pt-4',
          )}
        >
          {row.group}
        </h3>
      );
    case 'meeting':
      return (
        <SidebarMeetingRow
          meeting={row.meeting}
          now={context.now}
          onRequestDelete={context.onRequestDelete}
        />
      );
    case 'more':
      return (
        <div className="flex h-10 items-center justify-center gap-2 text-xs text-muted-foreground">
          {context.moreFailed ? (
            <>
              Couldn't load older meetings
              <Button variant="ghost" size="sm" onClick={context.onRetryMore}>
                Try again
              </Button>
            </>
          ) : (
            <>
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              Loading older meetings
            </>
          )}
        </div>
      );
  }
}

/** The rows the virtualizer has in view, each placed at its measured offset. */
function VirtualRowList({
  rows,
  virtualizer,
  context,
}: {
  rows: Row[];
  virtualizer: ReturnType<typeof useVirtualRows>;
  context: RowContext;
}) {
  return (
    <ul
      aria-label="Meetings"
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((virtualRow) => {
        const row = rows[virtualRow.index];
        if (!row) return null;
        return (
          <li
            key={virtualRow.key}
            data-index={virtualRow.index}
            data-row-kind={row.kind}
            ref={virtualizer.measureElement}
            className="absolute top-0 left-0 w-full px-2 pb-0.5"
            style={{ transform: `translateY(${virtualRow.start}px)` }}
          >
            <RowContent row={row} context={context} />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The sidebar's meetings: upload placeholders on top, then the meetings grouped under Today, Last
 * week, Previous 30 days and Past (meetings being recorded are in the banner instead), or the empty
 * state 'No meetings yet'. The list is the scroll container: its rows are virtualized, and older
 * pages of the keyset-paged list load as the end comes near, so thousands of meetings scroll
 * smoothly. The selected row follows the route; deleting asks first ('Delete meeting?') and leaves
 * the page of the deleted meeting.
 */
export function MeetingsList() {
  const selectedId = useMatch('/meeting/:meetingId')?.params.meetingId ?? null;
  const { query, empty, now, rows } = useMeetingRows();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualRows(rows, scrollRef, query, selectedId);
  const removal = useMeetingRemoval(selectedId);

  let body;
  if (query.isPending) {
    body = (
      <div role="status" aria-label="Loading meetings">
        <ListSkeleton />
      </div>
    );
  } else if (query.isError && !query.data) {
    // A failed older page keeps what is loaded (TanStack marks the whole query as errored then);
    // only a list with nothing to show becomes an error message.
    body = <LoadError onRetry={() => void query.refetch()} />;
  } else if (empty) {
    body = <NoMeetings />;
  } else {
    const context: RowContext = {
      now,
      onRequestDelete: removal.requestDelete,
      moreFailed: query.isFetchNextPageError,
      onRetryMore: () => void query.fetchNextPage(),
    };
    body = <VirtualRowList rows={rows} virtualizer={virtualizer} context={context} />;
  }

  return (
    <div
      ref={scrollRef}
      data-testid="sidebar-meetings-scroll"
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-1 pt-0.5"
    >
      {body}
      <DeleteMeetingDialog removal={removal} />
    </div>
  );
}
