import {
  CalendarDays,
  House,
  ListTodo,
  MessagesSquare,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/utils';

interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Paths that count as this item; Home owns both / and /home. */
  matches: (pathname: string) => boolean;
}

const startsWith = (base: string) => (pathname: string) =>
  pathname === base || pathname.startsWith(`${base}/`);

/** The sidebar's links: Home, Calendar, My to-dos, Past chats; then Contacts. */
const ITEMS: NavItem[] = [
  // Home is active only when no meeting is selected, i.e. exactly on / or /home.
  {
    label: 'Home',
    to: '/',
    icon: House,
    matches: (pathname) => pathname === '/' || pathname === '/home',
  },
  { label: 'Calendar', to: '/calendar', icon: CalendarDays, matches: startsWith('/calendar') },
  { label: 'My to-dos', to: '/todos', icon: ListTodo, matches: startsWith('/todos') },
  { label: 'Past chats', to: '/chats', icon: MessagesSquare, matches: startsWith('/chats') },
  { label: 'Contacts', to: '/contacts', icon: UsersRound, matches: startsWith('/contacts') },
];

/** Shared look of the sidebar's rows (nav links and the Settings button). */
export const sidebarItemClass = cn(
  'flex h-8 w-full cursor-pointer items-center gap-2.5 rounded-md px-2 text-sm text-sidebar-foreground/80 transition-colors outline-none',
  'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50',
  '[&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground',
);

/** The sidebar's main navigation; the active row follows the route. */
export function SidebarNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main">
      <ul className="flex flex-col gap-0.5">
        {ITEMS.map(({ label, to, icon: Icon, matches }) => {
          const active = matches(pathname);
          return (
            <li key={to}>
              <Link
                to={to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  sidebarItemClass,
                  active &&
                    'bg-sidebar-accent font-medium text-sidebar-accent-foreground [&_svg]:text-sidebar-primary',
                )}
              >
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
