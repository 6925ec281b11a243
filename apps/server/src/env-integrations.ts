/**
 * The URLs of the OAuth integrations (Google, Linear) in the settings (`loadEnv`): the vendors'
 * own hosts, or every one of them on a stand-in's origin (GOOGLE_BASE_URL, LINEAR_BASE_URL: the
 * loopback fakes of @summy/fakes).
 */

/** Google client and endpoint URLs (no trailing slashes). */
export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /** OAuth 2.0 authorization endpoint (the account picker). */
  authorizationUrl: string;
  /** OAuth 2.0 token endpoint (authorization_code and refresh_token grants). */
  tokenUrl: string;
  /** OpenID Connect userinfo endpoint. */
  userInfoUrl: string;
  /** Token revocation endpoint. */
  revokeUrl: string;
  /** Root of Calendar v3 (`{calendarApiUrl}/calendars/{id}/events`). */
  calendarApiUrl: string;
  /** Root of People v1 (`{peopleApiUrl}/people/me/connections`). */
  peopleApiUrl: string;
}

/** Linear OAuth client and endpoint URLs (no trailing slashes). */
export interface LinearSettings {
  clientId: string;
  clientSecret: string;
  /** OAuth 2.0 authorization page (`https://linear.app/oauth/authorize`). */
  authorizeUrl: string;
  /** OAuth 2.0 token endpoint: authorization_code and refresh_token grants (refresh tokens rotate). */
  tokenUrl: string;
  /** Token revocation endpoint. */
  revokeUrl: string;
  /** The GraphQL API (`https://api.linear.app/graphql`). */
  graphqlUrl: string;
}

/** Linear's URLs, or every one of them on `baseUrl`'s origin with Linear's paths (as the fake serves them). */
export function linearUrls(
  baseUrl: string | undefined,
): Omit<LinearSettings, 'clientId' | 'clientSecret'> {
  const b = baseUrl?.replace(/\/+$/, '');
  return {
    authorizeUrl: `${b ?? 'https://linear.app'}/oauth/authorize`,
    tokenUrl: `${b ?? 'https://api.linear.app'}/oauth/token`,
    revokeUrl: `${b ?? 'https://api.linear.app'}/oauth/revoke`,
    graphqlUrl: `${b ?? 'https://api.linear.app'}/graphql`,
  };
}

/**
 * Google's URLs, or every one of them on `baseUrl`'s origin with Google's paths (the fake's
 * README lists the mapping).
 */
export function googleUrls(
  baseUrl: string | undefined,
): Omit<GoogleSettings, 'clientId' | 'clientSecret'> {
  const b = baseUrl?.replace(/\/+$/, '');
  return {
    authorizationUrl: `${b ?? 'https://accounts.google.com'}/o/oauth2/v2/auth`,
    tokenUrl: `${b ?? 'https://oauth2.googleapis.com'}/token`,
    userInfoUrl: `${b ?? 'https://openidconnect.googleapis.com'}/v1/userinfo`,
    revokeUrl: `${b ?? 'https://oauth2.googleapis.com'}/revoke`,
    calendarApiUrl: `${b ?? 'https://www.googleapis.com'}/calendar/v3`,
    peopleApiUrl: `${b ?? 'https://people.googleapis.com'}/v1`,
  };
}
