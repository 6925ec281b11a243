import { OAuthPopupCallback } from '@/features/auth/components/oauth-popup-callback';

/** /auth/callback: the Google popup's landing page. */
export default function AuthCallbackRoute() {
  return <OAuthPopupCallback />;
}
