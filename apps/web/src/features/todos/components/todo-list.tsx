/**
 * "My to-dos" of the to-do screen: pending to-dos, then completed ones apart, in the documented
 * order; 'Loading to-dos...', 'No to-dos yet' / 'Add a to-do to get started'; title edit in place,
 * the star, completion with 'Saved', deletion with a 5 s undo. Every change shows at once and is
 * rolled back when the server refuses it; changes from other tabs and from the pipeline's action
 * items arrive through the realtime layer's refresh of the list.
 */
import { sortTodos, TODO_MESSAGES, type Todo } from '@summy/core';
import { CircleAlert, ListTodo, RotateCw } from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useTodos } from '../api/get-todos';
import { useTodoRows } from '../hooks/use-todo-rows';
import { AddTodoButton } from './add-todo-button';
import { TodoItem, type TodoItemProps } from './todo-item';

/** The user's to-dos: pending, then completed. */
export function TodoList() {
  const todos = useTodos();
  const { pendingDeletes, itemProps } = useTodoRows();

  const { isError, errorUpdatedAt } = todos;
  useEffect(() => {
    if (isError) toast.error(TODO_MESSAGES.errorTitle, { description: TODO_MESSAGES.loadFailed });
  }, [isError, errorUpdatedAt]);

  if (todos.isPending) return <LoadingState />;
  if (todos.isError && !todos.data) {
    return (
      <Frame>
        <EmptyState
          icon={CircleAlert}
          title={TODO_MESSAGES.loadFailed}
          description="Check your connection, then try again."
          action={
            <Button variant="outline" onClick={() => void todos.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          }
        />
      </Frame>
    );
  }

  const visible = sortTodos(todos.data.filter((t) => !pendingDeletes.has(t.id)));
  if (visible.length === 0) {
    return (
      <Frame>
        <EmptyState
          icon={ListTodo}
          title={TODO_MESSAGES.emptyTitle}
          description={TODO_MESSAGES.emptyDescription}
          action={<AddTodoButton variant="outline" />}
        />
      </Frame>
    );
  }

  const pendingTodos = visible.filter((t) => !t.completed);
  const completedTodos = visible.filter((t) => t.completed);
  return (
    <div className="flex flex-col gap-8">
      <Section title={`Pending (${pendingTodos.length})`}>
        {pendingTodos.length === 0 ? (
          <p className="rounded-xl border border-dashed px-4 py-5 text-center text-sm text-muted-foreground">
            All caught up.
          </p>
        ) : (
          <TodoRows todos={pendingTodos} itemProps={itemProps} label="Pending to-dos" />
        )}
      </Section>
      {completedTodos.length > 0 && (
        <Section title={`Completed (${completedTodos.length})`}>
          <TodoRows todos={completedTodos} itemProps={itemProps} label="Completed to-dos" />
        </Section>
      )}
    </div>
  );
}

function TodoRows({
  todos,
  itemProps,
  label,
}: {
  todos: Todo[];
  itemProps: (todo: Todo) => TodoItemProps;
  label: string;
}) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {todos.map((todo) => (
        <TodoItem key={todo.id} {...itemProps(todo)} />
      ))}
    </ul>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-sm font-semibold text-muted-foreground">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The dashed frame of the list's loading, empty and error states. */
function Frame({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-dashed bg-card/50">{children}</div>;
}

function LoadingState() {
  return (
    <Frame>
      <div
        role="status"
        className="flex flex-col items-center justify-center gap-3 px-6 py-16 text-center"
      >
        <Spinner className="size-5" aria-hidden="true" role={undefined} />
        <p className="text-sm text-muted-foreground">{TODO_MESSAGES.loading}</p>
      </div>
    </Frame>
  );
}
