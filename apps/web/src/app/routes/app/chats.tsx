import { MessagesSquare } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/layouts/page';

/** /chats: past chats, newest first. No chat exists yet, so the spec's empty state shows. */
export default function ChatsRoute() {
  return (
    <Page heading="Past chats" title="Past chats - Summy">
      <div className="rounded-xl border border-dashed">
        <EmptyState
          icon={MessagesSquare}
          title="No past chats yet"
          description="Start a conversation with Summy to see it here"
        />
      </div>
    </Page>
  );
}
