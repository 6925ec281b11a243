/**
 * A meeting another account of this server shared with the person, in the app at
 * /meeting/{id}: its date and title, who shared it and 'View only', 'Ask about this meeting',
 * then the parts the owner sees (never their My notes). Nothing on it changes the meeting.
 * docs/product.md#share-links.
 */
import type { ViewedMeeting } from '@summy/core';
import { Eye, MessageCircleQuestion } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SharedMeetingBody } from './shared-meeting-view';

/** Props of {@link ViewedMeetingView}. */
export interface ViewedMeetingViewProps {
  meeting: ViewedMeeting;
  /** Opens the Meeting Assistant about this meeting. */
  onAsk: () => void;
}

/** The read-only meeting page of a viewer. */
export function ViewedMeetingView({ meeting, onAsk }: ViewedMeetingViewProps) {
  const owner = meeting.owner.name || meeting.owner.email;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8 md:px-10">
      <SharedMeetingBody
        meeting={meeting}
        aside={
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Eye className="size-4" aria-hidden="true" />
              <span>
                Shared with you by <span className="font-medium text-foreground">{owner}</span> ·
                View only
              </span>
            </p>
            <Button variant="outline" size="sm" onClick={onAsk}>
              <MessageCircleQuestion />
              Ask about this meeting
            </Button>
          </div>
        }
      />
    </div>
  );
}
