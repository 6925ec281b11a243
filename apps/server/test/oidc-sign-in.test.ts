/**
 * Sign-in with an OpenID Connect provider, end to end against the loopback issuer of
 * @summy/fakes/oidc (a Keycloak-shaped issuer path): Better Auth's discovery, PKCE, nonce and ID
 * token verification, and Summy's gate (a verified e-mail of an allowed domain, SIGNUP) with the
 * refusals sent back to the sign-in screen.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '@summy/db';
import { startFakeOidc, type FakeOidc } from '@summy/fakes/oidc';
import type { RunningServer } from '../src/server.ts';
import { addInvite, removeInvite } from '../src/services/auth/signup-policy.ts';
import {
  OIDC_DOMAIN_NOT_ALLOWED_MESSAGE,
  OIDC_EMAIL_NOT_VERIFIED_MESSAGE,
} from '../src/services/auth/oidc.ts';
import { Client, signUp, startTestServer, TEST_ORIGIN } from './harness.ts';
import { fakeOidcEnv, signInWithOidc, type OidcOutcome } from './oidc.ts';

let fake: FakeOidc;
let server: RunningServer;

beforeAll(async () => {
  fake = await startFakeOidc({ issuerPath: '/realms/summy' });
  server = await startTestServer({ ...fakeOidcEnv(fake), OIDC_ALLOWED_DOMAINS: 'example.com' });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const usersNamed = (s: RunningServer, email: string) =>
  s.database.db.select().from(user).where(eq(user.email, email));

async function sessionUser(client: Client) {
  return (await client.get('/api/auth/get-session')).body?.user as
    { id: string; email: string } | null | undefined;
}

// The sign-in screen received the refusal with `code` and `message`, and no session exists.
async function expectRefused(outcome: OidcOutcome, code: string, message?: string) {
  expect(outcome.location.pathname).toBe('/login');
  expect(outcome.location.searchParams.get('error')).toBe(code);
  if (message) expect(outcome.location.searchParams.get('error_description')).toBe(message);
  expect(await sessionUser(outcome.client)).toBeFalsy();
}

describe('OpenID Connect sign-in', () => {
  it('is offered with its button label, and asks for a code with PKCE and a nonce', async () => {
    const anon = new Client(server.url);
    expect((await anon.get('/api/config')).body.oidc).toEqual({
      label: 'Continue with single sign-on',
    });
    const start = await anon.post('/api/auth/sign-in/social', {
      provider: 'oidc',
      callbackURL: '/',
    });
    const url = new URL(start.body.url);
    expect(url.origin + url.pathname).toBe(`${fake.issuer}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'summy',
      redirect_uri: `${TEST_ORIGIN}/api/auth/callback/oidc`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('nonce')).toBeTruthy();
  });

  it('creates the account on first sign-in, with the provider linked', async () => {
    const { client, location } = await signInWithOidc(server, fake, 'ada@example.com');
    expect(location.pathname).toBe('/');
    expect(location.search).toBe('');
    const me = await sessionUser(client);
    expect(me?.email).toBe('ada@example.com');
    const linked = await server.database.db
      .select()
      .from(account)
      .where(eq(account.userId, me!.id));
    expect(linked.map((a) => [a.providerId, a.accountId])).toEqual([['oidc', 'u-ada']]);
    // Signing in again finds the same account.
    const again = await signInWithOidc(server, fake, 'ada@example.com');
    expect((await sessionUser(again.client))?.id).toBe(me!.id);
  });

  it('links to the password account of the same verified e-mail', async () => {
    const email = `grace-${Date.now()}@example.com`;
    const password = new Client(server.url, email);
    expect(
      (
        await password.post('/api/auth/sign-up/email', {
          name: 'Grace',
          email,
          password: 'correct horse battery',
        })
      ).status,
    ).toBe(200);
    const [existing] = await usersNamed(server, email);
    fake.setUser({ sub: 'u-grace', email, emailVerified: true, name: 'Grace' });
    const { client, location } = await signInWithOidc(server, fake, email);
    expect(location.pathname).toBe('/');
    expect((await sessionUser(client))?.id).toBe(existing!.id);
    expect(await usersNamed(server, email)).toHaveLength(1);
  });

  it('refuses an e-mail the provider has not verified, new or of an existing account', async () => {
    const refused = await signInWithOidc(server, fake, 'eve@example.com');
    await expectRefused(refused, 'OIDC_EMAIL_NOT_VERIFIED', OIDC_EMAIL_NOT_VERIFIED_MESSAGE);
    expect(await usersNamed(server, 'eve@example.com')).toEqual([]);

    const email = `victim-${Date.now()}@example.com`;
    await new Client(server.url, email).post('/api/auth/sign-up/email', {
      name: 'Victim',
      email,
      password: 'correct horse battery',
    });
    fake.setUser({ sub: 'u-impostor', email, emailVerified: false, name: 'Impostor' });
    await expectRefused(await signInWithOidc(server, fake, email), 'account_not_linked');
    const [victim] = await usersNamed(server, email);
    const accounts = await server.database.db
      .select()
      .from(account)
      .where(eq(account.userId, victim!.id));
    expect(accounts.map((a) => a.providerId)).toEqual(['credential']);
  });

  it('refuses an e-mail outside OIDC_ALLOWED_DOMAINS', async () => {
    const refused = await signInWithOidc(server, fake, 'mal@elsewhere.test');
    await expectRefused(refused, 'OIDC_DOMAIN_NOT_ALLOWED', OIDC_DOMAIN_NOT_ALLOWED_MESSAGE);
    expect(await usersNamed(server, 'mal@elsewhere.test')).toEqual([]);
  });

  it('refuses a replayed ID token (its nonce is an earlier sign-in’s)', async () => {
    expect((await signInWithOidc(server, fake, 'ada@example.com')).location.pathname).toBe('/');
    fake.replayPreviousIdToken();
    const replayed = await signInWithOidc(server, fake, 'ada@example.com');
    await expectRefused(replayed, 'unable_to_get_user_info');
  });
});

describe('OpenID Connect sign-in with an issuer unreachable at start', () => {
  it('offers no button, and the provider is unknown; e-mail sign-in still works', async () => {
    const off = await startTestServer({
      ...fakeOidcEnv(fake),
      OIDC_ISSUER: 'http://127.0.0.1:9/gone',
    });
    try {
      const anon = new Client(off.url);
      expect((await anon.get('/api/config')).body.oidc).toBeNull();
      const start = await anon.post('/api/auth/sign-in/social', {
        provider: 'oidc',
        callbackURL: '/',
      });
      expect(start.status).toBeGreaterThanOrEqual(400);
      expect((await signUp(off, 'Still')).userId).toBeTruthy();
    } finally {
      await off.close();
    }
  });
});

describe('OpenID Connect sign-in under SIGNUP', () => {
  it('closed: refuses a new user, as password sign-up', async () => {
    const closed = await startTestServer({ ...fakeOidcEnv(fake), SIGNUP: 'closed' });
    try {
      fake.setUser({
        sub: 'u-new-closed',
        email: 'newcomer@example.com',
        emailVerified: true,
        name: 'N',
      });
      const refused = await signInWithOidc(closed, fake, 'newcomer@example.com');
      await expectRefused(refused, 'SIGNUP_CLOSED');
      expect(await usersNamed(closed, 'newcomer@example.com')).toEqual([]);
    } finally {
      await closed.close();
    }
  });

  it('invite: admits an invited address once, using the invitation up, and refuses the rest', async () => {
    const invite = await startTestServer({ ...fakeOidcEnv(fake), SIGNUP: 'invite' });
    try {
      await addInvite(invite.database.db, 'ada@example.com');
      const admitted = await signInWithOidc(invite, fake, 'ada@example.com');
      expect(admitted.location.pathname).toBe('/');
      expect((await sessionUser(admitted.client))?.email).toBe('ada@example.com');
      expect(await removeInvite(invite.database.db, 'ada@example.com')).toBe(false);
      fake.setUser({
        sub: 'u-uninvited',
        email: 'uninvited@example.com',
        emailVerified: true,
        name: 'U',
      });
      await expectRefused(
        await signInWithOidc(invite, fake, 'uninvited@example.com'),
        'SIGNUP_NOT_INVITED',
      );
    } finally {
      await invite.close();
    }
  });
});
