/**
 * The meeting's actions menu: 'Share' (when the app layer hands a Share dialog), 'Export as' one of the export formats (a download), 'Unlink calendar
 * event' (only when linked) and 'Delete Meeting', each
 * with a confirm dialog (Enter confirms, Escape cancels); notices 'Calendar event unlinked',
 * 'Failed to unlink event: Please try again' and 'Meeting deleted' (docs/product.md#meeting-view).
 * Unlinking goes through `DELETE /api/meetings/:id/calendar-event`, which clears every calendar
 * field of the meeting (docs/decisions/022-calendar-fetch-and-event-links.md).
 */
import {
  CALENDAR_MESSAGES,
  EXPORT_FORMAT_INFO,
  EXPORT_FORMATS,
  type ExportFormat,
} from '@summy/core';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Ellipsis, Share2, Trash, Unlink } from 'lucide-react';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useDeleteMeeting } from '@/features/meetings/api/delete-meeting';
import { downloadMeetingExport } from '@/features/meetings/api/export-meeting';
import { meetingQueryKey } from '@/features/meetings/api/get-meeting';
import { useUnlinkCalendarEvent } from '@/features/meetings/api/unlink-calendar-event';

/** Downloads the meeting's file; a refusal shows as a toast in the server's words. */
function exportMeeting(meetingId: string, format: ExportFormat): void {
  downloadMeetingExport(meetingId, format).catch((error: unknown) => {
    const failed = error instanceof ApiRequestError ? error : null;
    toast.error(failed?.message ?? 'Export failed', { description: failed?.details });
  });
}

/** Props of {@link MeetingActionsMenu}. */
export interface MeetingActionsMenuProps {
  meetingId: string;
  meetingTitle: string;
  /** Title of the linked calendar event, or null when none is linked (hides 'Unlink'). */
  calendarEventTitle: string | null;
  /** True when a calendar event is linked, even one without a title. */
  linked: boolean;
  /** The Share dialog; without it the menu has no 'Share'. */
  shareDialog?: ShareDialogSlot;
}

/** Draws the Share dialog of a meeting, open or closed (composed by the app layer). */
export type ShareDialogSlot = (props: {
  meetingId: string;
  meetingTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => ReactNode;

/** The dialog an item of the menu asks to open. */
type Confirming = 'delete' | 'unlink' | 'share';

/** The '...' button and its items; the two actions that need a confirmation call `onConfirm`. */
function ActionsDropdown({
  meetingId,
  linked,
  canShare,
  triggerRef,
  onConfirm,
}: {
  meetingId: string;
  linked: boolean;
  canShare: boolean;
  triggerRef: RefObject<HTMLButtonElement | null>;
  onConfirm: (action: Confirming) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          ref={triggerRef}
          variant="ghost"
          size="icon-sm"
          aria-label="Meeting actions"
          className="-mt-1 -mr-2 shrink-0 text-muted-foreground"
        >
          <Ellipsis className="size-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        {canShare && (
          <>
            <DropdownMenuItem onSelect={() => onConfirm('share')}>
              <Share2 />
              Share
            </DropdownMenuItem>
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuLabel>Export as</DropdownMenuLabel>
        {EXPORT_FORMATS.map((format) => (
          <DropdownMenuItem key={format} onSelect={() => exportMeeting(meetingId, format)}>
            <Download />
            {EXPORT_FORMAT_INFO[format].label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        {linked && (
          <>
            <DropdownMenuItem onSelect={() => onConfirm('unlink')}>
              <Unlink />
              Unlink calendar event
            </DropdownMenuItem>
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuItem variant="destructive" onSelect={() => onConfirm('delete')}>
          <Trash className="text-destructive" />
          Delete Meeting
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Unlinking the calendar event and deleting the meeting (which leaves its page), with notices. */
function useMeetingActions(meetingId: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unlinkEvent = useUnlinkCalendarEvent(meetingId);
  const remove = useDeleteMeeting({
    onDeleted: (id) => {
      navigate('/', { replace: true });
      queryClient.removeQueries({ queryKey: meetingQueryKey(id) });
    },
  });
  return {
    unlink: () => {
      unlinkEvent.mutate(undefined, {
        onSuccess: () => toast.success(CALENDAR_MESSAGES.unlinked),
        onError: () => toast.error(CALENDAR_MESSAGES.unlinkFailed),
      });
    },
    remove: () => remove.mutate(meetingId),
  };
}

/** The '...' button of the meeting header: the exports and two confirmed actions. */
export function MeetingActionsMenu({
  meetingId,
  meetingTitle,
  calendarEventTitle,
  linked,
  shareDialog,
}: MeetingActionsMenuProps) {
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  // The confirmations open from the menu's items; closed, they give the focus back to '...'.
  const trigger = useRef<HTMLButtonElement>(null);
  const actions = useMeetingActions(meetingId);

  return (
    <>
      <ActionsDropdown
        meetingId={meetingId}
        linked={linked}
        canShare={Boolean(shareDialog)}
        triggerRef={trigger}
        onConfirm={setConfirming}
      />

      {shareDialog?.({
        meetingId,
        meetingTitle,
        open: confirming === 'share',
        onOpenChange: (open) => !open && setConfirming(null),
      })}
      <ConfirmDialog
        open={confirming === 'unlink'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Unlink calendar event?"
        description={
          calendarEventTitle
            ? `This meeting will no longer be linked to "${calendarEventTitle}". The event itself is not changed.`
            : 'This meeting will no longer be linked to its calendar event. The event itself is not changed.'
        }
        confirmLabel="Unlink"
        onConfirm={actions.unlink}
        returnFocusTo={trigger}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete this meeting?"
        description={`"${meetingTitle}" will be deleted with its recording, transcript, summary and action items. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={actions.remove}
        returnFocusTo={trigger}
      />
    </>
  );
}
