/**
 * Contract suite of the Linear client against the loopback Linear fake: OAuth (authorize URL, code
 * exchange, rotation on refresh, invalid_grant, revoke), Summy's documents (real validation by
 * graphql-js over Linear's schema inside the fake), and Linear's rate-limit answers turned into
 * Summy's messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FAKE_LINEAR_CLIENT, startFakeLinear, type FakeLinear } from '@summy/fakes/linear';
import { isLinearIssueDone, LINEAR_SCOPES, pickCompletionState } from '@summy/core';
import { linearUrls } from '../../env.ts';
import { LinearApiError, LinearRateLimitError } from './errors.ts';
import { consentAtFake } from '../../../test/linear.ts';
import { LinearClient, retryAfterSeconds, type LinearTokenSet } from './client.ts';

const REDIRECT = 'http://127.0.0.1:3000/linear/callback';

let fake: FakeLinear;
let client: LinearClient;

beforeAll(async () => {
  fake = await startFakeLinear();
  client = new LinearClient({ ...DEFAULT_FAKE_LINEAR_CLIENT, ...linearUrls(fake.url) });
});
afterAll(async () => {
  await fake?.close();
});

async function connect(userId = 'usr_ada'): Promise<LinearTokenSet> {
  const { code, state } = await consentAtFake(client.authorizeUrl('st-1', REDIRECT), userId);
  expect(state).toBe('st-1');
  return client.exchangeCode(code, REDIRECT);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('Linear OAuth', () => {
  it("builds Linear's authorize URL with the documented scopes, redirect, response type and state", () => {
    const url = new URL(client.authorizeUrl('random-state', REDIRECT));
    expect(url.origin + url.pathname).toBe(`${fake.url}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: DEFAULT_FAKE_LINEAR_CLIENT.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'read,write,issues:create,timeSchedule:write',
      state: 'random-state',
    });
    expect(
      new LinearClient({ ...DEFAULT_FAKE_LINEAR_CLIENT, ...linearUrls(undefined) }).authorizeUrl(
        's',
        REDIRECT,
      ),
    ).toMatch(/^https:\/\/linear\.app\/oauth\/authorize\?/);
  });

  it('exchanges a code once for an expiring access token and a refresh token', async () => {
    const { code } = await consentAtFake(client.authorizeUrl('s', REDIRECT), 'usr_ada');
    const before = Date.now();
    const tokens = await client.exchangeCode(code, REDIRECT);
    expect(tokens.accessToken).toMatch(/^lin_oauth_/);
    expect(tokens.refreshToken).toMatch(/^lin_refresh_/);
    expect(tokens.scopes).toEqual([...LINEAR_SCOPES]);
    // About 24 hours (Linear since April 2026).
    const lifetime = tokens.expiresAt!.getTime() - before;
    expect(lifetime).toBeGreaterThan(23 * 3_600_000);
    expect(lifetime).toBeLessThanOrEqual(24 * 3_600_000);
    const reused = await rejection(client.exchangeCode(code, REDIRECT));
    expect(reused).toBeInstanceOf(LinearApiError);
    expect((reused as LinearApiError).code).toBe('invalid_grant');
    expect((reused as LinearApiError).message).toMatch(/^Linear API error: 400 - /);
  });

  it('refuses a code for another redirect URI and a wrong client secret', async () => {
    const { code } = await consentAtFake(client.authorizeUrl('s', REDIRECT), 'usr_ada');
    const wrongRedirect = await rejection(client.exchangeCode(code, 'http://evil.test/cb'));
    expect((wrongRedirect as LinearApiError).code).toBe('invalid_grant');
    const bad = new LinearClient({
      ...DEFAULT_FAKE_LINEAR_CLIENT,
      clientSecret: 'wrong',
      ...linearUrls(fake.url),
    });
    const { code: other } = await consentAtFake(bad.authorizeUrl('s', REDIRECT), 'usr_ada');
    const err = (await rejection(bad.exchangeCode(other, REDIRECT))) as LinearApiError;
    expect([err.linearStatus, err.code]).toEqual([401, 'invalid_client']);
  });

  it('rotates the refresh token: the new one works, the spent one answers invalid_grant', async () => {
    const first = await connect();
    const second = await client.refresh(first.refreshToken!);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect((await client.viewer(second.accessToken)).id).toBe('usr_ada');
    const spent = (await rejection(client.refresh(first.refreshToken!))) as LinearApiError;
    expect(spent.code).toBe('invalid_grant');
    const third = await client.refresh(second.refreshToken!);
    expect((await client.viewer(third.accessToken)).email).toBe('ada@linear.test');
  });

  it('revoking ends the grant: access and refresh tokens stop working', async () => {
    const tokens = await connect();
    expect(await client.revoke(tokens.accessToken, 'access_token')).toBe(true);
    const refused = (await rejection(client.viewer(tokens.accessToken))) as LinearApiError;
    expect(refused.unauthenticated).toBe(true);
    expect(refused.message).toBe(
      'Linear API error: 401 - Authentication required, not authenticated',
    );
    expect(((await rejection(client.refresh(tokens.refreshToken!))) as LinearApiError).code).toBe(
      'invalid_grant',
    );
  });

  it('an expired access token reads as unauthenticated', async () => {
    const tokens = await connect('usr_grace');
    fake.expireAccessTokens('usr_grace');
    const err = (await rejection(client.teams(tokens.accessToken))) as LinearApiError;
    expect(err.unauthenticated).toBe(true);
  });
});

describe("Summy's Linear documents against the fake", () => {
  let token: string;
  beforeAll(async () => {
    token = (await connect()).accessToken;
  });

  it('reads the viewer, the teams and a team’s workflow states', async () => {
    expect(await client.viewer(token)).toEqual({
      id: 'usr_ada',
      name: 'Ada Lovelace',
      email: 'ada@linear.test',
    });
    expect(await client.teams(token)).toEqual(
      expect.arrayContaining([
        { id: 'team_eng', name: 'Engineering', key: 'ENG' },
        { id: 'team_des', name: 'Design', key: 'DES' },
      ]),
    );
    const states = await client.workflowStates(token, 'team_des');
    expect(states.map((s) => s.type).sort()).toEqual(
      ['backlog', 'canceled', 'completed', 'started', 'unstarted'].sort(),
    );
    expect(pickCompletionState(states, true)?.name).toBe('Shipped');
    expect(pickCompletionState(states, false)?.type).toBe('unstarted');
  });

  it("lists only the viewer's open assigned issues, newest update first, in the documented shape", async () => {
    const issues = await client.assignedIssues(token);
    expect(issues.map((i) => i.identifier)).toEqual(
      [...issues].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).map((i) => i.identifier),
    );
    expect(issues.every((i) => i.assignee?.id === 'usr_ada' && !isLinearIssueDone(i))).toBe(true);
    expect(issues.map((i) => i.identifier)).not.toContain('ENG-3'); // completed
    expect(issues.map((i) => i.identifier)).not.toContain('ENG-4'); // Grace's
    const eng1 = issues.find((i) => i.identifier === 'ENG-1')!;
    expect(eng1).toMatchObject({
      title: 'Fix the login redirect loop',
      priority: 2,
      state: { name: 'Todo', type: 'unstarted' },
      team: { id: 'team_eng', name: 'Engineering', key: 'ENG' },
      url: `${fake.url}/summy-fake/issue/ENG-1`,
    });
    expect(eng1.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('updates title, due date and state; completing stamps completedAt, reopening clears it', async () => {
    const issue = await client.issueUpdate(token, 'iss_eng_2', {
      title: 'Write the onboarding guide (v2)',
      dueDate: '2030-01-31',
    });
    expect([issue.title, issue.dueDate]).toEqual(['Write the onboarding guide (v2)', '2030-01-31']);
    const states = await client.workflowStates(token, 'team_eng');
    const done = await client.issueUpdate(token, 'iss_eng_2', {
      stateId: pickCompletionState(states, true)!.id,
    });
    expect(done.state.name).toBe('Done');
    expect(isLinearIssueDone(done)).toBe(true);
    const [linked] = await client.linkedIssues(token, ['iss_eng_2']);
    expect(linked!.completedAt).not.toBeNull();
    const reopened = await client.issueUpdate(token, 'iss_eng_2', {
      stateId: pickCompletionState(states, false)!.id,
      dueDate: null,
    });
    expect([reopened.state.type, reopened.dueDate]).toEqual(['unstarted', null]);
    expect((await client.linkedIssues(token, ['iss_eng_2']))[0]!.completedAt).toBeNull();
  });

  it('creates an issue assigned to the viewer and finds it by id, completed ones too', async () => {
    const created = await client.issueCreate(token, {
      title: 'Send the recap',
      description: 'From the meeting',
      teamId: 'team_eng',
      assigneeId: 'usr_ada',
      priority: 2,
    });
    expect(created).toMatchObject({
      title: 'Send the recap',
      assignee: { id: 'usr_ada' },
      state: { type: 'unstarted' },
      priority: 2,
    });
    expect(created.identifier).toMatch(/^ENG-\d+$/);
    const found = await client.linkedIssues(token, [created.id, 'iss_eng_3', 'iss_missing']);
    expect(found.map((i) => i.id).sort()).toEqual([created.id, 'iss_eng_3'].sort());
    expect(found.find((i) => i.id === 'iss_eng_3')!.completedAt).not.toBeNull();
  });

  it('answers Linear errors: unknown ids as errors with data, invalid documents as HTTP 400', async () => {
    const missing = (await rejection(
      client.issueUpdate(token, 'iss_nope', { title: 'x' }),
    )) as LinearApiError;
    expect(missing.message).toBe('Linear API error: 200 - Entity not found: Issue');
    const answer = await client.graphql(token, 'query { viewer { id } }');
    expect(answer).toEqual({ data: { viewer: { id: 'usr_ada' } } });
    const invalid = (await rejection(
      client.graphql(token, 'query { viewer { id password } }'),
    )) as LinearApiError;
    expect(invalid.linearStatus).toBe(400);
    expect(invalid.message).toMatch(/^Linear API error: 400 - Cannot query field "password"/);
    expect(invalid.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe("Linear's rate limits", () => {
  let token: string;
  beforeAll(async () => {
    token = (await connect()).accessToken;
  });

  it('RATELIMITED over HTTP 400 waits until the exhausted reset', async () => {
    fake.rateLimitNext(1, { status: 400, resetInMs: 42_000 });
    const err = await rejection(client.viewer(token));
    expect(err).toBeInstanceOf(LinearRateLimitError);
    expect((err as LinearRateLimitError).retryAfterSeconds).toBeGreaterThanOrEqual(41);
    expect((err as LinearRateLimitError).retryAfterSeconds).toBeLessThanOrEqual(42);
    expect((err as Error).message).toMatch(
      /^Rate limit exceeded\. Please try again in 4[12] seconds\.$/,
    );
    // The next request is served again.
    expect((await client.viewer(token)).id).toBe('usr_ada');
  });

  it('HTTP 429 with Retry-After uses it', async () => {
    fake.rateLimitNext(1, { status: 429, retryAfterSeconds: 7 });
    const err = (await rejection(client.teams(token))) as LinearRateLimitError;
    expect(err.status).toBe(429);
    expect(err.message).toBe('Rate limit exceeded. Please try again in 7 seconds.');
  });

  it('defaults to 60 seconds without a usable reset', () => {
    const now = Date.now();
    expect(retryAfterSeconds(new Headers(), now)).toBe(60);
    expect(
      retryAfterSeconds(
        new Headers({
          'x-ratelimit-requests-remaining': '0',
          'x-ratelimit-requests-reset': String(now - 5),
        }),
        now,
      ),
    ).toBe(60);
    // A budget with requests left does not count, the exhausted one does.
    expect(
      retryAfterSeconds(
        new Headers({
          'x-ratelimit-requests-remaining': '12',
          'x-ratelimit-requests-reset': String(now + 90_000),
          'x-ratelimit-complexity-remaining': '0',
          'x-ratelimit-complexity-reset': String(now + 3_000),
        }),
        now,
      ),
    ).toBe(3);
  });

  it('a Linear that does not answer reads as status 0', async () => {
    const gone = new LinearClient({
      ...DEFAULT_FAKE_LINEAR_CLIENT,
      ...linearUrls('http://127.0.0.1:9'),
    });
    const err = (await rejection(gone.viewer(token))) as LinearApiError;
    expect(err.linearStatus).toBe(0);
    expect(err.message).toMatch(/^Linear API error: 0 - /);
  });
});
