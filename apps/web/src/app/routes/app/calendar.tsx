import { useGoogleConnection } from '../../hooks/use-google-connection';
import { CalendarScreen } from '@/features/calendar/components/calendar-screen';
import { useGoogleAccounts } from '@/features/google-accounts/api/get-google-accounts';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /calendar: the week view, titled 'Coming up' in the tab as documented. The app layer composes
 * it: the Google connection (server settings and linked accounts) with the google-accounts
 * feature's Add-account popup as the calendar's connect action, and the linked accounts' order
 * (primary first) so each account keeps one event colour.
 */
export default function CalendarRoute() {
  useDocumentTitle('Coming up - Summy');
  const { connection, connect, isConnecting } = useGoogleConnection();
  // The same cached query the connection reads; only enabled once Google is known to be there.
  const accounts = useGoogleAccounts({
    enabled: connection !== 'not-configured' && connection !== 'loading',
  });
  const accountOrder = accounts.data
    ? [...accounts.data].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary)).map((a) => a.id)
    : undefined;

  return (
    <CalendarScreen
      connection={connection}
      onConnect={connect}
      isConnecting={isConnecting}
      accountOrder={accountOrder}
    />
  );
}
