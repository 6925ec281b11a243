import { useGoogleTokenRefresh } from '../hooks/use-google-token-refresh';

/**
 * Renders nothing; runs the background Google token refresh while mounted. Mount it inside the
 * signed-in layout so signing out stops it.
 */
export function GoogleTokenRefresh() {
  useGoogleTokenRefresh();
  return null;
}
