import { CircleAlert, FileText, Loader2, Mic } from 'lucide-react';
import type { MeetingListItem } from '@summy/core';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useMeetings } from '../api/get-meetings';

/** Spec 000: a pulsing record icon while recording, a spinner while processing, a document otherwise. */
function MeetingIcon({ meeting }: { meeting: MeetingListItem }) {
  if (meeting.isRecording) {
    return <Mic className="size-4 shrink-0 animate-pulse text-red-500" aria-label="Recording" />;
  }
  if (meeting.isProcessing) {
    return (
      <Loader2
        className="size-4 shrink-0 animate-spin text-muted-foreground"
        aria-label="Processing"
      />
    );
  }
  return <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />;
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
 * The sidebar's meetings: a plain list of titles linking to /meeting/{id}, or the spec's empty
 * state. The selected meeting follows the route through NavLink.
 */
export function MeetingsList() {
  const { data, isPending, isError, refetch } = useMeetings({ limit: 100 });

  if (isPending) {
    return (
      <div role="status" aria-label="Loading meetings">
        <ListSkeleton />
      </div>
    );
  }

  if (isError) {
    return (
      <div className="mx-2 flex flex-col items-start gap-2 rounded-lg border border-dashed px-3 py-3 text-sm">
        <p className="flex items-center gap-2 text-muted-foreground">
          <CircleAlert className="size-4" aria-hidden="true" />
          Couldn't load meetings
        </p>
        <Button variant="outline" size="sm" onClick={() => refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  if (data.items.length === 0) {
    return (
      <div className="mx-2 flex flex-col items-center gap-1 rounded-lg border border-dashed border-sidebar-border px-4 py-6 text-center">
        <p className="text-sm font-medium">No meetings yet</p>
        <p className="text-xs text-balance text-muted-foreground">
          Start recording to create your first meeting
        </p>
      </div>
    );
  }

  return (
    <ul className="flex flex-col gap-0.5 px-2">
      {data.items.map((meeting) => (
        <li key={meeting.id}>
          <NavLink
            to={`/meeting/${meeting.id}`}
            className={({ isActive }) =>
              cn(
                'flex h-8 items-center gap-2.5 rounded-md px-2 text-sm text-sidebar-foreground/85 transition-colors outline-none',
                'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50',
                isActive && 'bg-sidebar-accent font-medium text-sidebar-accent-foreground',
              )
            }
          >
            <MeetingIcon meeting={meeting} />
            <span className="truncate">{meeting.title || 'Untitled meeting'}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
