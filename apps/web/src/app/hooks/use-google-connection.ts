/**
 * Whether Google features can work for the signed-in person, composed from two features (the app
 * layer's job, as features do not import each other): the server's `GET /api/config`
 * (`googleEnabled`) and the linked accounts of google-accounts, plus its add-account popup as the
 * connect action.
 */
import { usePublicConfig } from '@/features/auth/api/get-public-config';
import { useGoogleAccounts } from '@/features/google-accounts/api/get-google-accounts';
import { useAddGoogleAccount } from '@/features/google-accounts/hooks/use-add-google-account';

/**
 * `loading` until known; `not-configured` without Google settings on the server; `not-connected`
 * without a linked account; `reconnect` when every linked account lost its tokens; else
 * `connected` (also when the account list fails: the feature's own answers tell then).
 */
export type GoogleConnection =
  'loading' | 'not-configured' | 'not-connected' | 'reconnect' | 'connected';

/** The Google connection state and the action that connects (or reconnects) an account. */
export function useGoogleConnection() {
  const config = usePublicConfig();
  const googleEnabled = config.data?.googleEnabled ?? (config.isError ? true : undefined);
  const accounts = useGoogleAccounts({ enabled: googleEnabled === true });
  const { addAccount, isAdding } = useAddGoogleAccount();
  let connection: GoogleConnection;
  if (googleEnabled === undefined) connection = 'loading';
  else if (!googleEnabled || accounts.data === null) connection = 'not-configured';
  else if (accounts.isPending) connection = 'loading';
  else if (!accounts.data) connection = 'connected';
  else if (accounts.data.length === 0) connection = 'not-connected';
  else if (accounts.data.every((a) => !a.connected)) connection = 'reconnect';
  else connection = 'connected';
  return { connection, connect: () => void addAccount(), isConnecting: isAdding };
}
