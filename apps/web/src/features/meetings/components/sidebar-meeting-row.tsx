import type { MeetingListItem } from '@summy/core';
import { formatDate, isSameDay, isSameYear } from '@/lib/date-format';
import { FileText, Loader2, MoreHorizontal, Trash2 } from 'lucide-react';
import { memo } from 'react';
import { NavLink } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { PendingUpload } from '@/lib/pending-uploads';
import { useMeetingProgress } from '@/lib/realtime';
import { cn } from '@/lib/utils';

/** Shown for a meeting whose title is empty (a row must never be blank). */
export const UNTITLED_MEETING = 'Untitled meeting';

/** The red dot that pulses beside a meeting being recorded. */
export function RecordingDot({ className }: { className?: string }) {
  return (
    <span className={cn('relative flex size-2.5 shrink-0', className)} aria-hidden="true">
      <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-500 opacity-60" />
      <span className="relative inline-flex size-2.5 rounded-full bg-red-500" />
    </span>
  );
}

/**
 * The sidebar row's icon: "a pulsing record icon while recording, a spinner while processing, a
 * document icon otherwise". The state is also given in words for screen readers.
 */
export function MeetingIcon({
  meeting,
}: {
  meeting: Pick<MeetingListItem, 'isRecording' | 'isProcessing'>;
}) {
  if (meeting.isRecording) {
    return (
      <span className="flex size-4 shrink-0 items-center justify-center">
        <RecordingDot />
        <span className="sr-only">Recording</span>
      </span>
    );
  }
  if (meeting.isProcessing) {
    return (
      <>
        <Loader2 className="size-4 shrink-0 animate-spin text-sidebar-primary" aria-hidden="true" />
        <span className="sr-only">Processing</span>
      </>
    );
  }
  return <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />;
}

/**
 * A short, muted date beside the title: the time for today, else the day and month (plus the year
 * when it is not this year), so the title keeps most of the 320 px.
 */
function shortDate(iso: string, now: Date): string {
  const date = new Date(iso);
  if (isSameDay(date, now)) return formatDate(date, 'h:mm a');
  if (isSameYear(date, now)) return formatDate(date, 'MMM d');
  return formatDate(date, 'MMM yyyy');
}

/** The live step of a processing meeting, e.g. 'Transcribing', once the server announced one. */
function ProgressLine({ meetingId }: { meetingId: string }) {
  const label = useMeetingProgress(meetingId);
  if (!label) return null;
  return (
    <span className="truncate text-xs font-normal text-muted-foreground" aria-live="polite">
      {label}...
    </span>
  );
}

/** Props of {@link SidebarMeetingRow}. */
export interface SidebarMeetingRowProps {
  meeting: MeetingListItem;
  /** The reference time for the short date (one per render of the list). */
  now: Date;
  /** Asks the list to confirm and delete this meeting. */
  onRequestDelete: (meeting: MeetingListItem) => void;
}

/**
 * A meeting of the sidebar: its icon, title, a muted date and, under the title of a processing
 * meeting, the live progress step. The row links to /meeting/{id} and is marked current when that
 * is the route. Its actions button appears on hover or keyboard focus (always on touch screens).
 */
export const SidebarMeetingRow = memo(function SidebarMeetingRow({
  meeting,
  now,
  onRequestDelete,
}: SidebarMeetingRowProps) {
  const title = meeting.title.trim() || UNTITLED_MEETING;
  return (
    <div className="group/row relative">
      <NavLink
        to={`/meeting/${meeting.id}`}
        className={({ isActive }) =>
          cn(
            'flex min-h-8 items-center gap-2.5 rounded-md py-1.5 pr-2 pl-2 text-sm text-sidebar-foreground/85 transition-colors outline-none',
            'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50',
            'group-focus-within/row:bg-sidebar-accent/60 group-hover/row:bg-sidebar-accent',
            isActive &&
              'bg-sidebar-accent font-medium text-sidebar-accent-foreground group-focus-within/row:bg-sidebar-accent',
          )
        }
      >
        <MeetingIcon meeting={meeting} />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate">{title}</span>
          {meeting.isProcessing && <ProgressLine meetingId={meeting.id} />}
        </span>
        <time
          dateTime={meeting.date}
          className={cn(
            'shrink-0 text-right text-xs whitespace-nowrap font-normal text-muted-foreground tabular-nums transition-opacity',
            // Also while the row's menu is open: focus is then in the menu, outside the row.
            'group-focus-within/row:opacity-0 group-hover/row:opacity-0 group-has-[[data-state=open]]/row:opacity-0 pointer-coarse:opacity-0',
          )}
        >
          {shortDate(meeting.date, now)}
        </time>
      </NavLink>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`Meeting actions: ${title}`}
          className={cn(
            'absolute top-1/2 right-1 flex size-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted-foreground outline-none',
            'opacity-0 transition-opacity group-focus-within/row:opacity-100 group-hover/row:opacity-100 pointer-coarse:opacity-100 data-[state=open]:opacity-100',
            'hover:bg-sidebar-border/60 hover:text-sidebar-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50 data-[state=open]:bg-sidebar-border/60',
          )}
        >
          <MoreHorizontal className="size-4" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-40">
          <DropdownMenuItem variant="destructive" onSelect={() => onRequestDelete(meeting)}>
            <Trash2 />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
});

/** Bytes as megabytes for the upload progress ('3.2 of 48 MB'); 1 MB = 1,048,576 bytes. */
function megabytes(bytes: number, decimals: number): string {
  return (bytes / (1024 * 1024)).toFixed(decimals);
}

/**
 * A placeholder meeting of an upload in flight: a spinner, the title, and the bytes sent
 * as text and as a thin progress bar.
 */
export const SidebarUploadRow = memo(function SidebarUploadRow({
  upload,
}: {
  upload: PendingUpload;
}) {
  const total = Math.max(upload.total, 0);
  const loaded = Math.min(Math.max(upload.loaded, 0), total);
  const percent = total > 0 ? Math.round((loaded / total) * 100) : 0;
  const sent = loaded >= total && total > 0;
  const totalText = megabytes(total, total >= 10 * 1024 * 1024 ? 0 : 1);
  const text = sent ? 'Processing...' : `${megabytes(loaded, 1)} of ${totalText} MB`;
  return (
    <div
      className="flex items-start gap-2.5 rounded-md px-2 py-1.5 text-sm text-sidebar-foreground/85"
      aria-busy="true"
    >
      <Loader2
        className="mt-0.5 size-4 shrink-0 animate-spin text-sidebar-primary"
        aria-hidden="true"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate">{upload.title || UNTITLED_MEETING}</span>
        <div
          role="progressbar"
          aria-label={`Uploading ${upload.title || UNTITLED_MEETING}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={text}
          className="h-1 overflow-hidden rounded-full bg-sidebar-accent"
        >
          <div
            className="h-full rounded-full bg-sidebar-primary transition-[width] duration-300"
            style={{ width: `${percent}%` }}
          />
        </div>
        <span className="text-xs text-muted-foreground tabular-nums">{text}</span>
      </div>
    </div>
  );
});
