import { groupMeetingsByDate, type DateGroup, type MeetingListItem } from '@summy/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CircleAlert, Loader2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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

/**
 * The sidebar's meetings: upload placeholders on top, then the meetings grouped under Today, Last
 * week, Previous 30 days and Past (meetings being recorded are in the banner instead), or the empty
 * state 'No meetings yet'. The list is the scroll container: its rows are virtualized, and older
 * pages of the keyset-paged list load as the end comes near, so thousands of meetings scroll
 * smoothly. The selected row follows the route; deleting asks first ('Delete meeting?') and leaves
 * the page of the deleted meeting.
 */
export function MeetingsList() {
  const {
    data,
    isPending,
    isError,
    refetch,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    dataUpdatedAt,
  } = useInfiniteMeetings();
  const uploads = usePendingUploads();
  const navigate = useNavigate();
  const selectedId = useMatch('/meeting/:meetingId')?.params.meetingId ?? null;

  const meetings = useMemo(() => flattenMeetingPages(data), [data]);
  // Grouping is by calendar day relative to when the list was read; refetches on focus and after
  // every realtime change keep that current enough without a clock timer.
  const now = useMemo(() => new Date(dataUpdatedAt || Date.now()), [dataUpdatedAt]);
  const rows = useMemo(
    () => buildRows(uploads, meetings, hasNextPage, now),
    [uploads, meetings, hasNextPage, now],
  );

  const scrollRef = useRef<HTMLDivElement>(null);
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
  const virtualRows = virtualizer.getVirtualItems();
  const lastRendered = virtualRows.at(-1)?.index ?? -1;

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

  // Delete: the dialog keeps the last target while it animates closed.
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

  let body;
  if (isPending) {
    body = (
      <div role="status" aria-label="Loading meetings">
        <ListSkeleton />
      </div>
    );
  } else if (isError && !data) {
    // A failed older page keeps what is loaded (TanStack marks the whole query as errored then);
    // only a list with nothing to show becomes an error message.
    body = (
      <div className="mx-2 flex flex-col items-start gap-2 rounded-lg border border-dashed px-3 py-3 text-sm">
        <p className="flex items-center gap-2 text-muted-foreground">
          <CircleAlert className="size-4" aria-hidden="true" />
          Couldn't load meetings
        </p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (meetings.length === 0 && uploads.length === 0) {
    body = (
      <div className="mx-2 flex flex-col items-center gap-1 rounded-lg border border-dashed border-sidebar-border px-4 py-6 text-center">
        <p className="text-sm font-medium">No meetings yet</p>
        <p className="text-xs text-balance text-muted-foreground">
          Start recording to create your first meeting
        </p>
      </div>
    );
  } else {
    body = (
      <ul
        aria-label="Meetings"
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualRows.map((virtualRow) => {
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
              {row.kind === 'upload' && <SidebarUploadRow upload={row.upload} />}
              {row.kind === 'header' && (
                <h3
                  className={cn(
                    'px-2 pb-1.5 text-xs font-medium text-muted-foreground',
                    row.first ? 'pt-1' : 'pt-4',
                  )}
                >
                  {row.group}
                </h3>
              )}
              {row.kind === 'meeting' && (
                <SidebarMeetingRow
                  meeting={row.meeting}
                  now={now}
                  onRequestDelete={requestDelete}
                />
              )}
              {row.kind === 'more' && (
                <div className="flex h-10 items-center justify-center gap-2 text-xs text-muted-foreground">
                  {isFetchNextPageError ? (
                    <>
                      Couldn't load older meetings
                      <Button variant="ghost" size="sm" onClick={() => void fetchNextPage()}>
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
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div
      ref={scrollRef}
      data-testid="sidebar-meetings-scroll"
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-1 pt-0.5"
    >
      {body}
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Delete meeting?"
        description={
          <>
            "{target?.title.trim() || UNTITLED_MEETING}" and its action items will be deleted. This
            cannot be undone.
          </>
        }
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (target) deleteMeeting.mutate(target.id);
        }}
      />
    </div>
  );
}
