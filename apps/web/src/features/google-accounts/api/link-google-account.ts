/**
 * Better Auth's `POST /api/auth/link-social` for Google: answers the consent URL the popup opens
 * (docs/decisions/017; notes/integrations.md "Linking in a popup"). Google sends the popup back
 * through `/api/auth/callback/google`, which links the account and lands on `/auth/callback`.
 */
import { POPUP_RETURN_PAGES } from '@summy/core';
import { authClient } from '@/lib/auth-client';

/** Calendar and contacts, so an e-mail-and-password user can link Google for both. */
export const GOOGLE_LINK_SCOPES = [
  'https://www.googleapis.com/auth/calendar',
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/contacts',
  'https://www.googleapis.com/auth/contacts.readonly',
];

/** The popup's landing page, `/auth/callback`; both outcomes land there. */
export const GOOGLE_CALLBACK_PATH = POPUP_RETURN_PAGES.google;

/**
 * Starts linking a Google account and answers the consent URL to open. Throws an `Error` carrying
 * Better Auth's message when the server refuses (e.g. Google not configured).
 */
export async function getGoogleLinkUrl(): Promise<string> {
  const { data, error } = await authClient.linkSocial({
    provider: 'google',
    scopes: GOOGLE_LINK_SCOPES,
    callbackURL: GOOGLE_CALLBACK_PATH,
    errorCallbackURL: GOOGLE_CALLBACK_PATH,
    disableRedirect: true,
  });
  if (error || !data?.url) throw new Error(error?.message || 'No consent URL');
  return data.url;
}
