/**
 * The contacts list: a search box, 'Sync now' with the running sync's steps, and the people synced
 * from Google with photo or coloured initials and an 'Organisation' marker. The app layer says
 * whether Google is configured and connected and gives the connect action (features do not
 * import each other).
 */
import {
  CALENDAR_MESSAGES,
  CONTACT_LIMITS,
  contactSyncPhaseLabel,
  GOOGLE_MESSAGES,
  type Contact,
} from '@summy/core';
import { RefreshCw, Search, Settings2, UserPlus, Users, X } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PersonAvatar } from '@/components/attendee-avatars';
import { EmptyState, type EmptyStateProps } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { flattenContacts, useContacts } from '../api/get-contacts';
import { useContactsSync, type ContactsSyncProgress } from '../hooks/use-contacts-sync';

/** Whether the server has Google and the user has a usable Google account. */
export type ContactsConnection =
  'loading' | 'not-configured' | 'not-connected' | 'reconnect' | 'connected';

/** Props of {@link ContactsScreen}. */
export interface ContactsScreenProps {
  connection: ContactsConnection;
  /** Opens the Google account popup (the google-accounts feature's add-account action). */
  onConnect: () => void;
  isConnecting: boolean;
}

/** Pause after the last key before the search asks the server (ms). */
const SEARCH_DEBOUNCE_MS = 250;

/** The Contacts page body for every connection state. */
export function ContactsScreen({ connection, onConnect, isConnecting }: ContactsScreenProps) {
  if (connection === 'loading') return <ContactRowsSkeleton />;
  if (connection === 'not-configured') return <NotConfigured />;
  if (connection === 'not-connected' || connection === 'reconnect') {
    const reconnect = connection === 'reconnect';
    return (
      <Notice
        icon={reconnect ? RefreshCw : UserPlus}
        title={reconnect ? GOOGLE_MESSAGES.reconnect : 'Connect Google to see your contacts'}
        description={
          reconnect
            ? 'Google no longer accepts Summy’s access. Connect the account again to keep your contacts up to date.'
            : `Summy reads your colleagues from your calendar and your Google address book, every ${CONTACT_LIMITS.syncIntervalMinutes} minutes.`
        }
        action={
          <Button onClick={onConnect} disabled={isConnecting}>
            {isConnecting ? 'Connecting...' : reconnect ? 'Reconnect Google' : 'Connect Google'}
          </Button>
        }
      />
    );
  }
  return <ConnectedContacts />;
}

/**
 * The search box's text. `?q=` fills it: search everywhere links a contact as /contacts?q={email},
 * and a new `?q=` replaces what was typed.
 */
function useLinkedSearch() {
  const [params] = useSearchParams();
  const linked = params.get('q') ?? '';
  const [search, setSearch] = useState(linked);
  const [seenLinked, setSeenLinked] = useState(linked);
  if (linked !== seenLinked) {
    setSeenLinked(linked);
    setSearch(linked);
  }
  return [search, setSearch] as const;
}

function ConnectedContacts() {
  const [search, setSearch] = useLinkedSearch();
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const contacts = useContacts(q);
  const { syncNow, syncing, progress } = useContactsSync();

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <ContactSearchBox search={search} onSearchChange={setSearch} />
        <Button
          variant="outline"
          onClick={syncNow}
          disabled={syncing}
          title="Sync contacts from Google now"
          className="max-sm:px-2.5"
        >
          {syncing ? <Spinner className="text-current" aria-hidden="true" /> : <RefreshCw />}
          {/* Phones keep the row to the search box and the icon; the name stays for screen readers. */}
          <span className="max-sm:sr-only">{syncing ? 'Syncing...' : 'Sync now'}</span>
        </Button>
      </div>
      <SyncProgress progress={progress} />
      <ContactList contacts={contacts} q={q} />
    </div>
  );
}

/** The search box, with a clear button while it has text; Escape clears it too. */
function ContactSearchBox({
  search,
  onSearchChange,
}: {
  search: string;
  onSearchChange: (search: string) => void;
}) {
  return (
    <div className="relative min-w-0 flex-1 basis-56">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={search}
        onChange={(e) => onSearchChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && search) {
            e.preventDefault();
            onSearchChange('');
          }
        }}
        placeholder="Search by name or e-mail"
        aria-label="Search contacts"
        maxLength={200}
        className="pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {search && (
        <button
          type="button"
          onClick={() => onSearchChange('')}
          aria-label="Clear search"
          className="absolute top-1/2 right-2 flex size-6 -translate-y-1/2 cursor-pointer items-center justify-center rounded text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

/**
 * The contacts found for `q` (all of them when empty), with Show more for the next page; or the
 * skeleton while loading, the failure with Try again, or why the list is empty.
 */
function ContactList({ contacts, q }: { contacts: ReturnType<typeof useContacts>; q: string }) {
  const list = flattenContacts(contacts.data);
  if (contacts.isPending) return <ContactRowsSkeleton />;
  if (contacts.isError && list.length === 0)
    return (
      <Notice
        icon={Users}
        title="Failed to load contacts"
        description={contacts.error.message}
        action={
          <Button variant="outline" onClick={() => void contacts.refetch()}>
            Try again
          </Button>
        }
      />
    );
  if (list.length === 0)
    return q ? (
      <Notice
        icon={Search}
        title="No contacts found"
        description={`Nobody's name or e-mail contains “${q}”.`}
      />
    ) : (
      <Notice
        icon={Users}
        title="No contacts yet"
        description={`Your Google address book and the colleagues you meet sync here every ${CONTACT_LIMITS.syncIntervalMinutes} minutes, or now with Sync now.`}
      />
    );
  return (
    <>
      <ul
        aria-label="Contacts"
        aria-busy={contacts.isFetching}
        className="divide-y overflow-hidden rounded-xl border bg-card"
      >
        {list.map((contact) => (
          <ContactRow key={contact.id} contact={contact} />
        ))}
      </ul>
      {contacts.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          onClick={() => void contacts.fetchNextPage()}
          disabled={contacts.isFetchingNextPage}
        >
          {contacts.isFetchingNextPage && <Spinner className="text-current" aria-hidden="true" />}
          Show more
        </Button>
      )}
    </>
  );
}

/**
 * The running sync's step under the toolbar, with a bar for counted steps; an empty live region
 * otherwise, so screen readers hear each step as it comes.
 */
function SyncProgress({ progress }: { progress: ContactsSyncProgress | null }) {
  const share = progress && progress.total > 0 ? progress.done / progress.total : null;
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {progress && (
        <div className="flex flex-col gap-1.5 rounded-lg border bg-card px-3 py-2 text-xs text-muted-foreground">
          <span>{contactSyncPhaseLabel(progress)}</span>
          {share !== null && (
            <span aria-hidden="true" className="h-1 overflow-hidden rounded-full bg-muted">
              <span
                className="block h-full rounded-full bg-primary transition-[width]"
                style={{ width: `${Math.round(share * 100)}%` }}
              />
            </span>
          )}
        </div>
      )}
    </div>
  );
}

function ContactRow({ contact }: { contact: Contact }) {
  const name = contact.displayName?.trim();
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <PersonAvatar person={{ email: contact.email, name, photoUrl: contact.photoUrl }} />
      <div className="flex min-w-0 flex-1 flex-col">
        <span
          className={
            name ? 'truncate text-sm font-medium' : 'truncate text-sm italic text-muted-foreground'
          }
        >
          {name || 'No name'}
        </span>
        <a
          href={`mailto:${contact.email}`}
          className="truncate rounded-sm text-xs text-muted-foreground underline-offset-2 outline-none hover:text-foreground hover:underline focus-visible:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {contact.email}
        </a>
      </div>
      {contact.isOrganizationContact && (
        <span className="shrink-0 rounded-full border border-brand/20 bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-soft-foreground">
          Organisation
        </span>
      )}
    </li>
  );
}

function ContactRowsSkeleton() {
  return (
    <ul aria-hidden="true" className="divide-y overflow-hidden rounded-xl border bg-card">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="flex items-center gap-3 px-4 py-3">
          <span className="size-8 shrink-0 animate-pulse rounded-full bg-muted" />
          <span className="flex flex-1 flex-col gap-1.5">
            <span className="h-3.5 w-40 max-w-full animate-pulse rounded bg-muted" />
            <span className="h-3 w-56 max-w-full animate-pulse rounded bg-muted/70" />
          </span>
        </li>
      ))}
    </ul>
  );
}

function Notice(props: EmptyStateProps) {
  return <EmptyState {...props} className="rounded-xl border border-dashed bg-card/50 py-16" />;
}

/**
 * The server has no Google OAuth client: says so plainly, instead of a button that would fail.
 * The settings are for the operator (the server logs them at start-up), not the person here.
 */
function NotConfigured() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card/50 px-6 py-16 text-center">
      <div className="flex size-11 items-center justify-center rounded-xl border bg-muted/60 text-muted-foreground">
        <Settings2 className="size-5" aria-hidden="true" />
      </div>
      <p className="text-sm font-medium">{CALENDAR_MESSAGES.notConfigured}</p>
      <p className="max-w-md text-sm text-balance text-muted-foreground">
        {GOOGLE_MESSAGES.notSetUp}
      </p>
    </div>
  );
}
