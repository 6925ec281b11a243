/**
 * The meeting page of a meeting another account shared with the person: the shares feature's
 * read-only view, with 'Ask about this meeting' opening the Meeting Assistant about it; the
 * meeting view's not-found state when it is not shared with them either.
 */
import type { ReactNode } from 'react';
import { MeetingSkeleton } from '@/features/meetings/components/meeting-view/meeting-view-states';
import { useChat } from '@/features/chat/hooks/use-chat';
import { useViewedMeeting } from '@/features/shares/api/get-viewed-meeting';
import { ViewedMeetingView } from '@/features/shares/components/viewed-meeting-view';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Props of {@link ViewedMeeting}. */
export interface ViewedMeetingProps {
  meetingId: string;
  /** What to draw when the meeting is not shared with the person. */
  notFound: ReactNode;
}

/** The shared meeting, a skeleton while it loads, or `notFound`. */
export default function ViewedMeeting({ meetingId, notFound }: ViewedMeetingProps) {
  const query = useViewedMeeting(meetingId);
  const { openChat } = useChat();
  useDocumentTitle(query.data ? `${query.data.title} - Summy` : 'Meeting - Summy');
  if (query.isPending) return <MeetingSkeleton />;
  if (query.isError) return notFound;
  return (
    <ViewedMeetingView
      meeting={query.data}
      onAsk={() => openChat({ meetingIds: [meetingId], preferredMode: 'sidebar' })}
    />
  );
}
