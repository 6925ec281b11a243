import { Page } from '@/components/layouts/page';

/** /todos: 'My to-dos' as the sidebar calls it; the spec names the tab 'Tasks'. */
export default function TodosRoute() {
  return <Page heading="My to-dos" title="Tasks - Summy" />;
}
