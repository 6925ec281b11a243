import { lazy, Suspense } from 'react';
import { Page } from '@/components/layouts/page';
import { AddTodoButton } from '@/features/todos/components/add-todo-button';
import { TodoList } from '@/features/todos/components/todo-list';

// The two integration sections load after the to-do list is shown (bench/web budget); each shows
// itself only when its integration is connected or has items.

/** Slot of the 'Linear Issues' section (features/linear). */
const LinearIssuesSection = lazy(() =>
  import('@/features/linear/components/linear-issues-section').then((m) => ({
    default: m.LinearIssuesSection,
  })),
);

/** Slot of the 'Apple Reminders' section (features/reminders). */
const RemindersSection = lazy(() =>
  import('@/features/reminders/components/reminders-section').then((m) => ({
    default: m.RemindersSection,
  })),
);

/**
 * /todos: 'My to-dos' as the sidebar calls it, the tab titled 'Tasks': the user's own to-dos with
 * 'Add to-do', then the Linear issues and the reminders, each from its own feature (features do not
 * import each other).
 */
export default function TodosRoute() {
  return (
    <Page
      heading="My to-dos"
      title="Tasks - Summy"
      description="Your own to-dos and the action items of your meetings."
      actions={<AddTodoButton />}
    >
      <TodoList />
      <Suspense>
        <LinearIssuesSection />
      </Suspense>
      <Suspense>
        <RemindersSection />
      </Suspense>
    </Page>
  );
}
