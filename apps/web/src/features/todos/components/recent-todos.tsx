import { Circle, Star } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DashboardCard,
  DashboardEmpty,
  DashboardError,
  DashboardLoading,
} from '@/components/dashboard-card';
import { useTodos } from '../api/get-todos';
import { recentIncompleteTodos } from '../utils/recent-todos';

/** The dashboard's to-do texts. */
export const RECENT_TODOS_MESSAGES = {
  loading: 'Loading tasks...',
  emptyTitle: 'No tasks yet',
  emptyDescription: 'Tasks from your meetings will appear here',
  /** The to-do screen's words for an empty title (kept here so Home does not load that screen). */
  untitled: 'Untitled to-do',
} as const;

/**
 * The Home dashboard's 'Recent to-dos': the 4 newest incomplete to-dos, each a link to /todos
 * (starred ones marked, the source meeting named), 'View all' to /todos, 'Loading tasks...', and
 * 'No tasks yet' / 'Tasks from your meetings will appear here'. Reads the to-do screen's own query,
 * so both stay in step.
 */
export function RecentTodos() {
  const { data, isPending, isError, refetch } = useTodos();
  const todos = useMemo(() => recentIncompleteTodos(data ?? []), [data]);

  let body: ReactNode;
  if (isPending) {
    body = <DashboardLoading label={RECENT_TODOS_MESSAGES.loading} />;
  } else if (isError) {
    body = <DashboardError title="Couldn't load tasks" onRetry={() => void refetch()} />;
  } else if (todos.length === 0) {
    body = (
      <DashboardEmpty
        title={RECENT_TODOS_MESSAGES.emptyTitle}
        description={RECENT_TODOS_MESSAGES.emptyDescription}
      />
    );
  } else {
    body = (
      <ul className="-mx-1 flex flex-col gap-0.5">
        {todos.map((todo) => (
          <li key={todo.id}>
            <Link
              to="/todos"
              className="flex min-w-0 items-start gap-3 rounded-lg px-3 py-2.5 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="truncate text-sm font-medium">
                  {todo.title.trim() || RECENT_TODOS_MESSAGES.untitled}
                </span>
                {todo.meetingTitle && (
                  <span className="truncate text-xs text-muted-foreground">
                    From {todo.meetingTitle}
                  </span>
                )}
              </span>
              {todo.priority && (
                <Star
                  className="mt-0.5 size-4 shrink-0 fill-amber-400 text-amber-500"
                  aria-label="Starred"
                />
              )}
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <DashboardCard title="Recent to-dos" viewAllTo="/todos" viewAllLabel="View all to-dos">
      {body}
    </DashboardCard>
  );
}
