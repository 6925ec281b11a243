/**
 * 'Shared with me' in the sidebar: the meetings other accounts of this server let the person
 * read, each with who shared it, linking to /meeting/{id} (which shows them read-only). Drawn
 * only when something is shared; folds away with its heading button. docs/product.md#share-links.
 */
import type { SharedWithMeItem } from '@summy/core';
import { ChevronRight, Users } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import { useSharedWithMe } from '../api/get-shared-with-me';

/** The section, or nothing while loading, on failure, or with nothing shared. */
export function SharedWithMeList() {
  const shared = useSharedWithMe();
  const [open, setOpen] = useState(true);
  if (!shared.data || shared.data.length === 0) return null;
  return (
    <section aria-labelledby="shared-with-me-heading" className="flex flex-col gap-0.5">
      <h2 id="shared-with-me-heading">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="shared-with-me-list"
          onClick={() => setOpen(!open)}
          className="flex h-7 w-full cursor-pointer items-center gap-1.5 rounded-md px-2 text-xs font-medium text-muted-foreground outline-none hover:text-sidebar-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50"
        >
          <ChevronRight
            aria-hidden="true"
            className={cn('size-3.5 transition-transform', open && 'rotate-90')}
          />
          Shared with me
          <span className="ml-auto tabular-nums">{shared.data.length}</span>
        </button>
      </h2>
      {open && (
        <ul id="shared-with-me-list" className="flex max-h-36 flex-col gap-0.5 overflow-y-auto">
          {shared.data.map((meeting) => (
            <li key={meeting.id}>
              <SharedRow meeting={meeting} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SharedRow({ meeting }: { meeting: SharedWithMeItem }) {
  const title = meeting.title.trim() || 'Untitled meeting';
  const owner = meeting.owner.name || meeting.owner.email;
  return (
    <NavLink
      to={`/meeting/${meeting.id}`}
      className={({ isActive }) =>
        cn(
          'flex min-h-8 items-center gap-2.5 rounded-md px-2 py-1 text-sm text-sidebar-foreground/85 transition-colors outline-none',
          'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50',
          isActive && 'bg-sidebar-accent font-medium text-sidebar-accent-foreground',
        )
      }
    >
      <Users className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate">{title}</span>
        <span className="truncate text-xs font-normal text-muted-foreground">from {owner}</span>
      </span>
    </NavLink>
  );
}
