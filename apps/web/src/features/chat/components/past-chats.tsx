/**
 * The Past chats list (grouped under Today, Last week, Previous 30 days and Past by creation date;
 * each chat a button showing its title; empty state 'No past chats yet' / 'Start a conversation
 * with Summy to see it here'). A chat opens in the panel with its messages and the meetings it was
 * about.
 */
import { chatDisplayTitle, groupByDate, type Chat } from '@summy/core';
import { MessageSquare, MessagesSquare } from 'lucide-react';
import { useMemo } from 'react';
import { EmptyState } from '@/components/empty-state';
import { cn } from '@/lib/utils';
import { useChats } from '../api/get-chats';
import { useChat, useChatPanel } from '../hooks/use-chat';
import { createChatContextStore } from '../utils/context-store';
import { shortDate } from '../utils/short-date';

const contextStore = createChatContextStore();

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading chats" className="flex flex-col gap-6">
      {[3, 2].map((rows, group) => (
        <div key={group} className="flex flex-col gap-2">
          <div className="h-3.5 w-24 animate-pulse rounded bg-muted" />
          <div className="flex flex-col gap-1 rounded-xl border p-1.5">
            {Array.from({ length: rows }, (_, i) => (
              <div key={i} className="flex h-11 items-center gap-3 px-3">
                <div className="size-4 animate-pulse rounded bg-muted" />
                <div
                  className="h-3.5 animate-pulse rounded bg-muted"
                  style={{ width: `${[55, 70, 40][i % 3]}%` }}
                />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The grouped list, a skeleton while it loads, or the empty state. */
export function PastChats() {
  const chats = useChats();
  const { openChat } = useChat();
  const { state } = useChatPanel();
  const openId = state.mode !== 'closed' ? state.chatId : null;
  const groups = useMemo(
    () => groupByDate(chats.data ?? [], (chat: Chat) => chat.createdAt),
    [chats.data],
  );

  if (chats.isPending) return <ListSkeleton />;
  if (groups.length === 0) {
    return (
      <div className="rounded-xl border border-dashed">
        <EmptyState
          icon={MessagesSquare}
          title="No past chats yet"
          description="Start a conversation with Summy to see it here"
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-7">
      {groups.map(({ group, items }) => (
        <section key={group} aria-labelledby={`chats-${group}`} className="flex flex-col gap-2">
          <h2
            id={`chats-${group}`}
            className="px-1 text-xs font-medium tracking-wide text-muted-foreground uppercase"
          >
            {group}
          </h2>
          <ul className="flex flex-col divide-y overflow-hidden rounded-xl border bg-card">
            {items.map((chat) => {
              const title = chatDisplayTitle(chat.title, chat.latestMessage);
              const current = chat.id === openId;
              return (
                <li key={chat.id}>
                  <button
                    type="button"
                    aria-current={current ? 'true' : undefined}
                    onClick={() =>
                      openChat({
                        chatId: chat.id,
                        title: chat.title,
                        meetingIds: contextStore.get(chat.id) ?? chat.contextMeetingIds,
                      })
                    }
                    className={cn(
                      'flex w-full cursor-pointer items-center gap-3 px-4 py-3 text-left text-sm transition-colors outline-none',
                      'hover:bg-accent/60 focus-visible:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-inset',
                      current && 'bg-brand-soft/60 hover:bg-brand-soft/80',
                    )}
                  >
                    <MessageSquare
                      className={cn(
                        'size-4 shrink-0 text-muted-foreground',
                        current && 'text-brand-soft-foreground',
                      )}
                      aria-hidden="true"
                    />
                    <span className="min-w-0 flex-1 truncate font-medium">{title}</span>
                    <time
                      dateTime={chat.createdAt}
                      className="shrink-0 text-xs text-muted-foreground tabular-nums"
                    >
                      {shortDate(chat.createdAt)}
                    </time>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
