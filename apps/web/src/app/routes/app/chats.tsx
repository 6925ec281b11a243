import { Page } from '@/components/layouts/page';
import { PastChats } from '@/features/chat/components/past-chats';

/**
 * /chats: past chats, newest first, grouped by creation date; a chat reopens in the Meeting
 * Assistant panel.
 */
export default function ChatsRoute() {
  return (
    <Page heading="Past chats" title="Past chats - Summy">
      <PastChats />
    </Page>
  );
}
