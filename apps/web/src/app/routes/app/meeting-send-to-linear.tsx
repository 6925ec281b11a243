/**
 * 'Send to Linear' on a meeting's action items as the app layer composes it: the Linear feature's
 * button, only where the server has Linear configured; after a send the meeting is read again so
 * its item shows the 'In Linear' link. Loaded lazily by the meeting route, so neither the checks
 * nor the button weigh on the meeting page's first JavaScript (bench/web budget).
 */
import { useQueryClient } from '@tanstack/react-query';
import { usePublicConfig } from '@/features/auth/api/get-public-config';
import {
  SendToLinearButton,
  type SendToLinearButtonProps,
} from '@/features/linear/components/send-to-linear-button';
import { meetingQueryKey } from '@/features/meetings/api/get-meeting';

/** Props of {@link MeetingSendToLinear}: the button's, plus the meeting the item belongs to. */
export interface MeetingSendToLinearProps extends Omit<SendToLinearButtonProps, 'onSent'> {
  meetingId: string;
}

/** The button, or nothing without Linear on the server (or while that is not yet known). */
export default function MeetingSendToLinear({ meetingId, ...props }: MeetingSendToLinearProps) {
  const queryClient = useQueryClient();
  const linearEnabled = usePublicConfig().data?.linearEnabled ?? false;
  if (!linearEnabled) return null;
  return (
    <SendToLinearButton
      {...props}
      onSent={() => void queryClient.invalidateQueries({ queryKey: meetingQueryKey(meetingId) })}
    />
  );
}
