/**
 * A loopback fake of Google for tests, e2e, benchmarks and local trials: one HTTP server on
 * 127.0.0.1 speaking the wire formats of Google's OAuth 2.0 / OpenID Connect, Calendar API v3
 * `events.list` and People API v1. One origin serves every path, so a single base URL
 * (`GOOGLE_BASE_URL`) can stand for all of Google's hosts:
 *
 * | path | Google's original |
 * | --- | --- |
 * | GET /.well-known/openid-configuration | accounts.google.com (discovery) |
 * | GET /oauth2/v3/certs | www.googleapis.com (JWKS) |
 * | GET, POST /o/oauth2/v2/auth | accounts.google.com (authorize; account picker) |
 * | POST /token | oauth2.googleapis.com |
 * | GET /v1/userinfo (also /oauth2/v3/userinfo) | openidconnect.googleapis.com |
 * | POST /revoke | oauth2.googleapis.com |
 * | GET /calendar/v3/calendars/{calendarId}/events | www.googleapis.com |
 * | GET /v1/people/me/connections | people.googleapis.com |
 * | GET /v1/people:searchContacts | people.googleapis.com |
 * | GET /v1/people:searchDirectoryPeople | people.googleapis.com |
 * | GET /fake/photos/{id}.svg | (the fake's own avatars, for `picture` and `photos[].url`) |
 */
import { Hono } from 'hono';
import { serveOnLoopback } from '../serve-hono.ts';
import { apiError, type AccountData, type FakeGoogleState } from './api.ts';
import { registerCalendarRoutes } from './calendar-routes.ts';
import type { StoredEvent } from './calendar.ts';
import { OAuthState, type FakeGoogleClient } from './oauth.ts';
import { registerOAuthRoutes } from './oauth-routes.ts';
import { registerPeopleRoutes } from './people-routes.ts';
import { buildSeed } from './seed.ts';
import type { FakeCalendarEvent, FakeGoogleAccount, FakePerson } from './types.ts';

/** The client the fake registers unless told otherwise (what `npm run fake:google` prints). */
export const DEFAULT_FAKE_GOOGLE_CLIENT: FakeGoogleClient = {
  clientId: 'summy-local.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-summy-local-fake-secret',
};

/** Options of {@link startFakeGoogle}. */
export interface FakeGoogleOptions {
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** The fake's clock: token expiry, and the day the seed's week is built around. Default: real time. */
  now?: () => Date;
  /** Access-token lifetime in seconds (`expires_in`); Google's is 3599. */
  accessTokenLifetimeSeconds?: number;
  /** Registered OAuth clients; default {@link DEFAULT_FAKE_GOOGLE_CLIENT}. */
  clients?: FakeGoogleClient[];
}

/** One request the fake answered, for tests to assert on. */
export interface FakeGoogleRequest {
  method: string;
  path: string;
  /** Query parameters; repeated ones (`sources`) keep every value. */
  query: Record<string, string[]>;
  status: number;
}

/** A running fake with its test controls. */
export interface FakeGoogle {
  /** Origin, no trailing slash: `http://127.0.0.1:PORT`. It is also the OIDC issuer. */
  url: string;
  port: number;
  /** The registered clients (the first is the default one). */
  clients: FakeGoogleClient[];
  /** The signable accounts, in picker order. */
  accounts: FakeGoogleAccount[];
  /** Every request answered so far, oldest first. */
  requests: FakeGoogleRequest[];
  /** Revokes the grant behind a refresh or access token; false when unknown or already dead. */
  revokeToken(token: string): boolean;
  /** Makes every live access token expire now (of one account when `email` is given). */
  expireAccessTokens(email?: string): void;
  /** Makes every sync token issued so far answer 410, as when Google drops them. */
  invalidateSyncTokens(): void;
  /** Adds (or replaces, by id) an event on an account's primary calendar. */
  addEvent(email: string, event: FakeCalendarEvent): void;
  /** Adds a contact (`people/me/connections`, `searchContacts`) for an account. */
  addContact(email: string, person: FakePerson): void;
  /** Adds a profile to a Workspace domain's directory (`searchDirectoryPeople`). */
  addDirectoryPerson(domain: string, person: FakePerson): void;
  close(): Promise<void>;
}

/**
 * Starts the fake on 127.0.0.1 with the seed built around `now()` (see seed.ts).
 * @throws when the port is taken
 */
export async function startFakeGoogle(options: FakeGoogleOptions = {}): Promise<FakeGoogle> {
  const now = options.now ?? (() => new Date());
  const lifetime = options.accessTokenLifetimeSeconds ?? 3599;
  const clients = options.clients ?? [DEFAULT_FAKE_GOOGLE_CLIENT];
  const oauth = await OAuthState.create();
  const requests: FakeGoogleRequest[] = [];
  const data = new Map<string, AccountData>();
  const directories = new Map<string, FakePerson[]>();
  const syncTokens = new Map<string, { email: string; version: number }>();
  const state: FakeGoogleState = {
    now,
    lifetime,
    clients,
    oauth,
    data,
    directories,
    syncTokens,
    version: 0,
    origin: '',
  };

  const stored = (event: FakeCalendarEvent, order: number): StoredEvent => {
    state.version += 1;
    const stamp = new Date(now().getTime()).toISOString().replace(/\.\d{3}Z$/, '.000Z');
    return { event: { created: stamp, updated: stamp, ...event }, order, version: state.version };
  };

  const app = new Hono();
  app.use(async (c, next) => {
    await next();
    const url = new URL(c.req.url);
    const query: Record<string, string[]> = {};
    for (const [k, v] of url.searchParams) (query[k] ??= []).push(v);
    requests.push({ method: c.req.method, path: url.pathname, query, status: c.res.status });
  });
  registerOAuthRoutes(app, state);
  registerCalendarRoutes(app, state);
  registerPeopleRoutes(app, state);

  app.notFound((c) => apiError(c, 404, 'Not Found', 'notFound'));

  const server = await serveOnLoopback(app.fetch, options.port ?? 0);
  const { port } = server;
  const origin = server.url;
  state.origin = origin;

  const seed = buildSeed(now(), origin);
  for (const account of seed.accounts) {
    const s = seed.byEmail.get(account.email)!;
    data.set(account.email, {
      account,
      events: s.events.map((e, i) => stored(e, i)),
      contacts: [...s.contacts],
    });
  }
  for (const [domain, people] of seed.directories) directories.set(domain, [...people]);
  const dataOf = (email: string) => {
    const d = data.get(email);
    if (!d) throw new Error(`No seeded Google account ${email}`);
    return d;
  };

  return {
    url: origin,
    port,
    clients,
    accounts: seed.accounts,
    requests,
    revokeToken: (token) => oauth.revoke(token, now().getTime()),
    expireAccessTokens(email) {
      const sub = email ? dataOf(email).account.sub : undefined;
      for (const grant of oauth.accessTokens.values()) {
        if (!sub || grant.sub === sub) grant.expiresAt = now().getTime();
      }
    },
    invalidateSyncTokens: () => syncTokens.clear(),
    addEvent(email, event) {
      const { events } = dataOf(email);
      const at = events.findIndex((e) => e.event.id === event.id);
      const { created: _created, updated: _updated, ...fresh } = event;
      const old = at >= 0 ? events[at]! : undefined;
      if (old) events[at] = stored({ ...fresh, created: old.event.created! }, old.order);
      else events.push(stored(event, events.length));
    },
    addContact: (email, person) => void dataOf(email).contacts.push(person),
    addDirectoryPerson(domain, person) {
      const list = directories.get(domain) ?? [];
      list.push(person);
      directories.set(domain, list);
    },
    close: () => server.close(),
  };
}
