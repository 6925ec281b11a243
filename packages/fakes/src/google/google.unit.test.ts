/**
 * Contract of the Google fake: Google's wire formats, checked with a real OpenID Connect client
 * (openid-client) and jose against the fake's JWKS, then Calendar v3 and People v1 over fetch.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_EVENT_COUNT,
  DEFAULT_FAKE_GOOGLE_CLIENT,
  startFakeGoogle,
  type FakeGoogle,
} from './index.ts';

const { clientId, clientSecret } = DEFAULT_FAKE_GOOGLE_CLIENT;
const REDIRECT = 'http://127.0.0.1:9/callback';
const G = 'https://www.googleapis.com/auth/';
const ALL_SCOPES = `openid email profile ${G}calendar.readonly ${G}contacts.readonly ${G}directory.readonly`;
// A Wednesday: the seeded week runs Monday 2026-11-23 to Sunday 2026-11-29 (Berlin).
const TODAY = new Date('2026-11-25T10:00:00Z');

type Json = Record<string, any>;

/** Signs in as `email` (login_hint, no picker) and returns the token answer. */
async function signIn(
  fake: FakeGoogle,
  email: string,
  scope = ALL_SCOPES,
  extra: Record<string, string> = {},
): Promise<Json> {
  const auth = new URL(`${fake.url}/o/oauth2/v2/auth`);
  const params = {
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope,
    login_hint: email,
    access_type: 'offline',
    prompt: 'consent',
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) auth.searchParams.set(k, v);
  const res = await fetch(auth, { redirect: 'manual' });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const token = await exchangeCode(fake, code);
  expect(token.status).toBe(200);
  return (await token.json()) as Json;
}

/** POSTs an authorization_code grant with the default client's credentials in the body. */
function exchangeCode(fake: FakeGoogle, code: string, extra: Record<string, string> = {}) {
  return fetch(`${fake.url}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      client_secret: clientSecret,
      ...extra,
    }),
  });
}

async function get(
  fake: FakeGoogle,
  path: string,
  token: string,
  query: Record<string, string | string[]> = {},
) {
  const url = new URL(`${fake.url}${path}`);
  for (const [k, v] of Object.entries(query))
    for (const one of [v].flat()) url.searchParams.append(k, one);
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Json };
}

const events = (fake: FakeGoogle, token: string, query: Record<string, string>) =>
  get(fake, '/calendar/v3/calendars/primary/events', token, query);

describe('Google fake: OAuth 2.0 and OpenID Connect', () => {
  let fake: FakeGoogle;
  let config: oidc.Configuration;
  beforeAll(async () => {
    fake = await startFakeGoogle();
    config = await oidc.discovery(new URL(fake.url), clientId, clientSecret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
  });
  afterAll(() => fake.close());

  /** Runs the authorization-code flow with PKCE, nonce and state through openid-client. */
  async function codeFlow(loginHint: string) {
    const verifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: ALL_SCOPES,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      nonce,
      state,
      access_type: 'offline',
      prompt: 'consent',
      login_hint: loginHint,
    });
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const callback = new URL(res.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    expect(callback.searchParams.get('state')).toBe(state);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedNonce: nonce,
      expectedState: state,
    });
    return { tokens, nonce };
  }

  it('serves discovery whose issuer and endpoints are its own origin', async () => {
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(fake.url);
    expect(meta.token_endpoint).toBe(`${fake.url}/token`);
    expect(meta.userinfo_endpoint).toBe(`${fake.url}/v1/userinfo`);
    expect(meta.jwks_uri).toBe(`${fake.url}/oauth2/v3/certs`);
    expect(meta.revocation_endpoint).toBe(`${fake.url}/revoke`);
  });

  it('runs the code flow with PKCE: tokens, an RS256 id_token with the nonce, userinfo', async () => {
    const { tokens, nonce } = await codeFlow('ada@acme.test');
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(3599);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope).toContain(`${G}userinfo.email`);
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({
      iss: fake.url,
      aud: clientId,
      azp: clientId,
      sub: '104938294710928374651',
      email: 'ada@acme.test',
      email_verified: true,
      hd: 'acme.test',
      name: 'Ada Lovelace',
      nonce,
    });
    // The id_token verifies against the JWKS with jose too, independently of the client.
    const { protectedHeader } = await jwtVerify(
      tokens.id_token!,
      createRemoteJWKSet(new URL(`${fake.url}/oauth2/v3/certs`)),
      { issuer: fake.url, audience: clientId },
    );
    expect(protectedHeader.alg).toBe('RS256');
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ email: 'ada@acme.test', given_name: 'Ada', hd: 'acme.test' });
  });

  it('refreshes keeping the refresh token, and answers invalid_grant once it is revoked', async () => {
    const { tokens } = await codeFlow('ada.personal@example-mail.test');
    const refreshToken = tokens.refresh_token!;
    const refreshed = await oidc.refreshTokenGrant(config, refreshToken);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).toBeUndefined();
    expect(refreshed.claims()?.email).toBe('ada.personal@example-mail.test');
    expect(refreshed.claims()?.hd).toBeUndefined();
    await oidc.refreshTokenGrant(config, refreshToken); // the same token works again

    await oidc.tokenRevocation(config, refreshToken);
    const res = await fetch(`${fake.url}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
    // Revoking the grant also killed its access tokens.
    expect((await events(fake, refreshed.access_token, {})).status).toBe(401);
    await expect(oidc.refreshTokenGrant(config, 'unknown')).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('shows an account picker without login_hint; a click on an account redirects with code and state', async () => {
    const params = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid email',
      state: 's-1',
      nonce: 'n-1',
    });
    const page = await fetch(`${fake.url}/o/oauth2/v2/auth?${params}`);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    for (const a of fake.accounts) expect(html).toContain(`aria-label="${a.email}"`);
    // What the form posts when "grace@globex.test" is clicked.
    const chosen = await fetch(`${fake.url}/o/oauth2/v2/auth`, {
      method: 'POST',
      body: new URLSearchParams([...params, ['account', 'grace@globex.test']]),
      redirect: 'manual',
    });
    const callback = new URL(chosen.headers.get('location')!);
    expect(callback.searchParams.get('state')).toBe('s-1');
    const token = await fetch(`${fake.url}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: REDIRECT,
      }),
    });
    const body = (await token.json()) as Json;
    // Not offline: no refresh token.
    expect(body.refresh_token).toBeUndefined();
    const { payload } = await jwtVerify(
      body.id_token,
      createRemoteJWKSet(new URL(`${fake.url}/oauth2/v3/certs`)),
    );
    expect(payload).toMatchObject({ email: 'grace@globex.test', nonce: 'n-1' });

    const cancel = await fetch(`${fake.url}/o/oauth2/v2/auth`, {
      method: 'POST',
      body: new URLSearchParams([...params, ['account', 'cancel']]),
      redirect: 'manual',
    });
    expect(new URL(cancel.headers.get('location')!).searchParams.get('error')).toBe(
      'access_denied',
    );
  });

  it('rejects a reused code, a wrong PKCE verifier and a wrong client secret with OAuth error bodies', async () => {
    const authorize = async (extra: Record<string, string>) => {
      const q = new URLSearchParams({
        client_id: clientId,
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: 'openid',
        login_hint: 'ada@acme.test',
        ...extra,
      });
      const res = await fetch(`${fake.url}/o/oauth2/v2/auth?${q}`, { redirect: 'manual' });
      return new URL(res.headers.get('location')!).searchParams.get('code')!;
    };
    const exchange = (code: string, extra: Record<string, string> = {}) =>
      exchangeCode(fake, code, extra);

    const code = await authorize({});
    expect((await exchange(code)).status).toBe(200);
    const reused = await exchange(code);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });

    const pkce = await authorize({
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const wrong = await exchange(pkce, {
      code_verifier: 'not-the-verifier-not-the-verifier-not-the-verifier',
    });
    expect(await wrong.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid code verifier.',
    });
    const right = await exchange(
      await authorize({
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }),
      {
        code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', // RFC 7636 appendix B
      },
    );
    expect(right.status).toBe(200);

    const badSecret = await exchange(await authorize({}), { client_secret: 'nope' });
    expect(badSecret.status).toBe(401);
    expect(await badSecret.json()).toMatchObject({ error: 'invalid_client' });
  });
});

describe('Google fake: expired access tokens', () => {
  let fake: FakeGoogle;
  let clock = TODAY.getTime();
  beforeAll(async () => {
    fake = await startFakeGoogle({ now: () => new Date(clock), accessTokenLifetimeSeconds: 60 });
  });
  afterAll(() => fake.close());

  it('answers 401 UNAUTHENTICATED once the lifetime has passed, and after expireAccessTokens', async () => {
    const tokens = await signIn(fake, 'ada@acme.test');
    expect(tokens.expires_in).toBe(60);
    expect((await events(fake, tokens.access_token, {})).status).toBe(200);
    clock += 61_000;
    const expired = await events(fake, tokens.access_token, {});
    expect(expired.status).toBe(401);
    expect(expired.body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    expect(
      (await get(fake, '/v1/people/me/connections', tokens.access_token, { personFields: 'names' }))
        .status,
    ).toBe(401);
    expect((await get(fake, '/v1/userinfo', tokens.access_token)).body).toEqual({
      error: 'invalid_request',
      error_description: 'Invalid Credentials',
    });

    const again = await signIn(fake, 'ada@acme.test');
    fake.expireAccessTokens('ada@acme.test');
    expect((await events(fake, again.access_token, {})).status).toBe(401);
  });
});

describe('Google fake: Calendar v3 events.list', () => {
  let fake: FakeGoogle;
  let ada: string;
  let grace: string;
  const week = { timeMin: '2026-11-23T00:00:00+01:00', timeMax: '2026-11-30T00:00:00+01:00' };
  beforeAll(async () => {
    fake = await startFakeGoogle({ now: () => TODAY });
    ada = (await signIn(fake, 'ada@acme.test')).access_token;
    grace = (await signIn(fake, 'grace@globex.test')).access_token;
  });
  afterAll(() => fake.close());

  it('expands the weekly series into instances with recurringEventId, in start order', async () => {
    const { status, body } = await events(fake, ada, {
      ...week,
      singleEvents: 'true',
      orderBy: 'startTime',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      kind: 'calendar#events',
      timeZone: 'Europe/Berlin',
      accessRole: 'owner',
    });
    expect(body.nextSyncToken).toBeTruthy();
    const sync = body.items.find((e: Json) => e.summary === 'Weekly sync');
    expect(sync).toMatchObject({
      id: `${sync.recurringEventId}_20261123T090000Z`,
      start: { dateTime: '2026-11-23T10:00:00+01:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2026-11-23T10:30:00+01:00' },
      originalStartTime: { dateTime: '2026-11-23T09:00:00Z' },
    });
    expect(sync.recurrence).toBeUndefined();
    const starts = body.items.map((e: Json) =>
      Date.parse(e.start.dateTime ?? `${e.start.date}T00:00:00+01:00`),
    );
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    // Eight weeks of past instances; unexpanded, the series is one event with its rule.
    const past = await events(fake, ada, {
      timeMin: '2026-09-01T00:00:00Z',
      timeMax: week.timeMax,
      singleEvents: 'true',
      q: 'Weekly sync',
    });
    expect(past.body.items).toHaveLength(9);
    const master = await events(fake, ada, { ...week, q: 'Weekly sync' });
    expect(master.body.items).toHaveLength(1);
    expect(master.body.items[0]).toMatchObject({ recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO'] });
    expect(master.body.items[0].recurringEventId).toBeUndefined();
    expect((await events(fake, ada, { ...week, orderBy: 'startTime' })).status).toBe(400);
  });

  it('keeps all-day end dates exclusive, and marks self, declined, needsAction, rooms and groups', async () => {
    const { body } = await events(fake, ada, { ...week, singleEvents: 'true' });
    const byName = (name: string) => body.items.find((e: Json) => e.summary === name);
    expect(byName('Team offsite')).toMatchObject({
      start: { date: '2026-11-24' },
      end: { date: '2026-11-27' },
    });
    expect(byName('Founders day (holiday)')).toMatchObject({
      start: { date: '2026-11-25' },
      end: { date: '2026-11-26' },
    });
    const friday = await events(fake, ada, {
      timeMin: '2026-11-27T00:00:00+01:00',
      timeMax: '2026-11-28T00:00:00+01:00',
      singleEvents: 'true',
    });
    expect(friday.body.items.map((e: Json) => e.summary)).not.toContain('Team offsite');

    const declined = byName('Initech vendor review');
    expect(declined.attendees).toContainEqual(
      expect.objectContaining({ email: 'ada@acme.test', self: true, responseStatus: 'declined' }),
    );
    expect(declined.organizer.self).toBeUndefined();
    const kickoff = byName('Globex kickoff');
    expect(kickoff.attendees).toContainEqual(
      expect.objectContaining({ self: true, responseStatus: 'needsAction' }),
    );
    const design = byName('Design review');
    expect(design.organizer).toMatchObject({ email: 'ada@acme.test', self: true });
    expect(design.attendees).toContainEqual(
      expect.objectContaining({
        resource: true,
        email: expect.stringMatching(/@resource\.calendar\.google\.com$/),
      }),
    );
    expect(design.attendees).toContainEqual(
      expect.objectContaining({ email: 'eng-team@acme.test' }),
    );
    expect(byName('Focus time').attendees).toBeUndefined();
    const domains = new Set(
      body.items.flatMap((e: Json) => (e.attendees ?? []).map((a: Json) => a.email.split('@')[1])),
    );
    expect([...domains]).toEqual(
      expect.arrayContaining([
        'acme.test',
        'globex.test',
        'initech.test',
        'umbrella.test',
        'hooli.test',
      ]),
    );
  });

  it('searches summary, description, location and attendees with q, and renders timeZone', async () => {
    const globex = await events(fake, ada, { ...week, singleEvents: 'true', q: 'globex' });
    expect(globex.body.items.map((e: Json) => e.summary).sort()).toEqual([
      'Demo day',
      'Globex kickoff',
      'Weekly sync',
    ]);
    const place = await events(fake, ada, { ...week, q: 'lake house' });
    expect(place.body.items.map((e: Json) => e.summary)).toEqual(['Team offsite']);
    const tokyo = await events(fake, ada, {
      ...week,
      singleEvents: 'true',
      q: 'weekly',
      timeZone: 'Asia/Tokyo',
    });
    expect(tokyo.body.items[0].start.dateTime).toBe('2026-11-23T18:00:00+09:00');
  });

  it('pages past 2,500 events with pageToken, with nextSyncToken on the last page only', async () => {
    const range = {
      timeMin: '2026-01-01T00:00:00Z',
      timeMax: '2027-01-01T00:00:00Z',
      singleEvents: 'true',
      orderBy: 'startTime',
    };
    const first = await events(fake, grace, { ...range, maxResults: '2500' });
    expect(first.body.items).toHaveLength(2500);
    expect(first.body.nextPageToken).toBeTruthy();
    expect(first.body.nextSyncToken).toBeUndefined();
    const second = await events(fake, grace, {
      ...range,
      maxResults: '2500',
      pageToken: first.body.nextPageToken,
    });
    expect(second.body.items).toHaveLength(BULK_EVENT_COUNT - 2500);
    expect(second.body.nextPageToken).toBeUndefined();
    expect(second.body.nextSyncToken).toBeTruthy();
    const ids = new Set([...first.body.items, ...second.body.items].map((e: Json) => e.id));
    expect(ids.size).toBe(BULK_EVENT_COUNT);
    // Never more than 2,500 a page; the default page is 250.
    expect((await events(fake, grace, { ...range, maxResults: '9999' })).body.items).toHaveLength(
      2500,
    );
    expect((await events(fake, grace, range)).body.items).toHaveLength(250);
    expect(
      (await events(fake, grace, { ...range, q: 'room 42', maxResults: '2500' })).body.items,
    ).toHaveLength(BULK_EVENT_COUNT / 10);
    expect((await events(fake, grace, { ...range, pageToken: 'garbage' })).status).toBe(400);
  });

  it('syncs incrementally with nextSyncToken, and answers 410 to an unknown or dropped one', async () => {
    const full = await events(fake, ada, { singleEvents: 'true' });
    const token = full.body.nextSyncToken as string;
    fake.addEvent('ada@acme.test', {
      id: 'addedbytest01',
      summary: 'Added by the test',
      start: { dateTime: '2026-11-26T12:00:00Z' },
      end: { dateTime: '2026-11-26T13:00:00Z' },
    });
    const delta = await events(fake, ada, { syncToken: token, singleEvents: 'true' });
    expect(delta.body.items.map((e: Json) => e.id)).toEqual(['addedbytest01']);

    const bad = await events(fake, ada, { syncToken: 'not-a-token' });
    expect(bad.status).toBe(410);
    expect(bad.body.error).toMatchObject({ code: 410, errors: [{ reason: 'fullSyncRequired' }] });
    fake.invalidateSyncTokens();
    expect((await events(fake, ada, { syncToken: delta.body.nextSyncToken })).status).toBe(410);
  });

  it('logs requests with repeated query parameters', () => {
    const last = fake.requests.at(-1)!;
    expect(last).toMatchObject({
      method: 'GET',
      path: '/calendar/v3/calendars/primary/events',
      status: 410,
    });
    expect(last.query.syncToken).toHaveLength(1);
  });
});

describe('Google fake: People v1', () => {
  let fake: FakeGoogle;
  let ada: string;
  beforeAll(async () => {
    fake = await startFakeGoogle({ now: () => TODAY });
    ada = (await signIn(fake, 'ada@acme.test')).access_token;
  });
  afterAll(() => fake.close());

  it('pages people/me/connections and keeps only personFields', async () => {
    const q = {
      pageSize: '100',
      personFields: 'names,emailAddresses',
      sources: ['READ_SOURCE_TYPE_CONTACT', 'READ_SOURCE_TYPE_PROFILE'],
    };
    const first = await get(fake, '/v1/people/me/connections', ada, q);
    expect(first.status).toBe(200);
    expect(first.body.connections).toHaveLength(100);
    expect(first.body.totalPeople).toBe(130);
    const person = first.body.connections.find((p: Json) => p.names);
    expect(person.resourceName).toMatch(/^people\/c\d+$/);
    expect(person.names[0]).toMatchObject({
      metadata: { primary: true, source: { type: 'CONTACT' } },
      displayName: expect.any(String),
    });
    expect(person.photos).toBeUndefined();
    const second = await get(fake, '/v1/people/me/connections', ada, {
      ...q,
      pageToken: first.body.nextPageToken,
    });
    expect(second.body.connections).toHaveLength(30);
    expect(second.body.nextPageToken).toBeUndefined();
    expect(fake.requests.at(-1)!.query.sources).toEqual([
      'READ_SOURCE_TYPE_CONTACT',
      'READ_SOURCE_TYPE_PROFILE',
    ]);
    expect((await get(fake, '/v1/people/me/connections', ada, { pageSize: '100' })).status).toBe(
      400,
    );
  });

  it('answers searchContacts with results[].person, and {} when nothing matches', async () => {
    const found = await get(fake, '/v1/people:searchContacts', ada, {
      query: 'carol',
      pageSize: '30',
      readMask: 'names,emailAddresses,photos',
    });
    expect(found.body.results.length).toBeGreaterThan(0);
    for (const { person } of found.body.results) {
      expect(person.names[0].givenName ?? '').toBe('Carol');
    }
    const byEmail = await get(fake, '/v1/people:searchContacts', ada, {
      query: 'bob.smith@acme',
      readMask: 'emailAddresses',
    });
    expect(byEmail.body.results[0].person.emailAddresses[0].value).toBe('bob.smith@acme.test');
    expect(
      (await get(fake, '/v1/people:searchContacts', ada, { query: 'zzz', readMask: 'names' })).body,
    ).toEqual({});
  });

  it('pages searchDirectoryPeople over the Workspace domain, and needs directory.readonly', async () => {
    const q = {
      readMask: 'names,emailAddresses,photos',
      sources: 'DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE',
      pageSize: '25',
    };
    const pages: Json[] = [];
    let pageToken: string | undefined;
    do {
      const { body } = await get(fake, '/v1/people:searchDirectoryPeople', ada, {
        ...q,
        ...(pageToken ? { pageToken } : {}),
      });
      pages.push(body);
      pageToken = body.nextPageToken;
    } while (pageToken);
    expect(pages.map((p) => p.people.length)).toEqual([25, 25, 10]);
    expect(pages[0]!.totalSize).toBe(60);
    expect(pages[0]!.people[0]).toMatchObject({
      resourceName: expect.stringMatching(/^people\/1\d+$/),
      emailAddresses: [{ value: 'ada@acme.test' }],
    });
    const one = await get(fake, '/v1/people:searchDirectoryPeople', ada, {
      ...q,
      pageSize: '1',
      query: 'bob.smith@acme.test',
    });
    expect(one.body.people).toHaveLength(1);

    const noDirectory = (await signIn(fake, 'ada@acme.test', `openid ${G}contacts.readonly`))
      .access_token;
    const denied = await get(fake, '/v1/people:searchDirectoryPeople', noDirectory, q);
    expect(denied.status).toBe(403);
    expect(denied.body.error.status).toBe('PERMISSION_DENIED');
    const consumer = (await signIn(fake, 'ada.personal@example-mail.test')).access_token;
    expect((await get(fake, '/v1/people:searchDirectoryPeople', consumer, q)).body).toEqual({});
  });
});
