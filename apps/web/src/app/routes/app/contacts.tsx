import { Page } from '@/components/layouts/page';
import { useGoogleConnection } from '../../hooks/use-google-connection';
import { ContactsScreen } from '@/features/contacts/components/contacts-screen';

/**
 * /contacts: the people synced from Google, with the Google connection and connect action from the
 * app layer.
 */
export default function ContactsRoute() {
  const { connection, connect, isConnecting } = useGoogleConnection();
  return (
    <Page
      heading="Contacts"
      title="Contacts - Summy"
      description="People from your calendar and your Google address book."
    >
      <ContactsScreen connection={connection} onConnect={connect} isConnecting={isConnecting} />
    </Page>
  );
}
