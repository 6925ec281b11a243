/** How Summy signs in to Google: Better Auth's provider id and the scopes it asks for. */

/** Better Auth's provider id of Google accounts (`account.provider_id`). */
export const GOOGLE_PROVIDER_ID = 'google';

/** Google scopes requested at sign-in. */
export const GOOGLE_SCOPES = [
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/calendar',
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/contacts',
  'https://www.googleapis.com/auth/contacts.readonly',
  // The contacts sync's directory lookups (people:searchDirectoryPeople refuses
  // tokens without it).
  'https://www.googleapis.com/auth/directory.readonly',
  'https://www.googleapis.com/auth/userinfo.profile',
  'https://www.googleapis.com/auth/userinfo.email',
];
