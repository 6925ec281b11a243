/**
 * `GET`/`PUT /api/settings/notices` through the public API: nothing dismissed at first, a
 * dismissal kept once however often it is sent, kept after signing out and in again (it lives
 * with the user's settings, not in a browser), one user's dismissal never hiding another's
 * notice, the AI preferences left as they were, and an unknown notice refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticesSchema } from '@summy/core';
import type { RunningServer } from '../../server.ts';
import { Client, signUp, startTestServer } from '../../../test/harness.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
});
afterAll(() => server?.close());

describe('/api/settings/notices', () => {
  it('starts with nothing dismissed', async () => {
    const res = await alice.get('/api/settings/notices');
    expect(res.status).toBe(200);
    expect(noticesSchema.parse(res.body)).toEqual({ dismissed: [] });
  });

  it('keeps a dismissal once, after sign-out too, and for that user only', async () => {
    await alice.put('/api/settings/ai', { summaryTemplate: 'stand-up' });
    const first = await alice.put('/api/settings/notices', { dismiss: 'rough-transcription' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ dismissed: ['rough-transcription'] });
    const again = await alice.put('/api/settings/notices', { dismiss: 'rough-transcription' });
    expect(again.body).toEqual({ dismissed: ['rough-transcription'] });

    // A new session of the same person (as on another device, or after signing out).
    const later = new Client(server.url, alice.email, alice.origin);
    const signIn = await later.post('/api/auth/sign-in/email', {
      email: alice.email,
      password: 'correct horse battery',
    });
    expect(signIn.status).toBe(200);
    expect((await later.get('/api/settings/notices')).body).toEqual({
      dismissed: ['rough-transcription'],
    });

    expect((await bob.get('/api/settings/notices')).body).toEqual({ dismissed: [] });
    expect((await alice.get('/api/settings/ai')).body.preferences.summaryTemplate).toBe('stand-up');
  });

  it('answers 400 for an unknown notice or a malformed body', async () => {
    for (const body of [{ dismiss: 'everything' }, {}, { dismiss: 'rough-transcription', x: 1 }]) {
      const res = await bob.put('/api/settings/notices', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('Invalid request');
    }
    expect((await bob.get('/api/settings/notices')).body).toEqual({ dismissed: [] });
  });

  it('needs a session', async () => {
    const anonymous = new Client(server.url, 'nobody@example.com', alice.origin);
    expect((await anonymous.get('/api/settings/notices')).status).toBe(401);
  });
});
