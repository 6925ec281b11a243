/**
 * Contacts offered as names in the meeting view's rename-speaker dialog, as the app layer composes
 * them: the contacts feature's list searched for what the person typed (its first page), shown with
 * the meetings feature's name chips. Nothing where the server has no Google configured (no
 * contacts), while loading, or on a failed lookup: typing a name always works. Loaded lazily by
 * the meeting route, with the dialog.
 */
import { usePublicConfig } from '@/features/auth/api/get-public-config';
import { flattenContacts, useContacts } from '@/features/contacts/api/get-contacts';
import { NameChips } from '@/features/meetings/components/meeting-view/rename-speaker-dialog';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** How long typing must pause before contacts are looked up, ms. */
const LOOKUP_DELAY_MS = 200;

/** Props of {@link MeetingContactNames}. */
export interface MeetingContactNamesProps {
  /** What the person typed; empty: the first contacts by name. */
  query: string;
  onPick: (name: string) => void;
}

/** The contacts chips, or nothing without Google on the server. */
export default function MeetingContactNames(props: MeetingContactNamesProps) {
  const googleEnabled = usePublicConfig().data?.googleEnabled ?? false;
  if (!googleEnabled) return null;
  return <ContactChips {...props} />;
}

function ContactChips({ query, onPick }: MeetingContactNamesProps) {
  const contacts = useContacts(useDebouncedValue(query, LOOKUP_DELAY_MS));
  const names = [
    ...new Set(
      flattenContacts(contacts.data)
        .map((c) => c.displayName?.trim())
        .filter((name): name is string => Boolean(name)),
    ),
  ];
  return <NameChips title="Contacts" names={names.slice(0, 8)} onPick={onPick} />;
}
