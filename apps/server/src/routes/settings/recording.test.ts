/**
 * `GET`/`PUT /api/settings/recording` through the public API: live text on without a settings
 * row, turned off and on again and kept, with the other settings in the same row untouched, for
 * that user only; a malformed body refused in plain words with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingPreferencesSchema } from '@summy/core';
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

describe('/api/settings/recording', () => {
  it('shows live text by default', async () => {
    const res = await alice.get('/api/settings/recording');
    expect(res.status).toBe(200);
    expect(recordingPreferencesSchema.parse(res.body)).toEqual({ liveTranscript: true });
  });

  it('keeps live text off once turned off, for that user only', async () => {
    // A settings row that already exists (another setting stored first) is updated, not doubled.
    await alice.put('/api/settings/notices', { dismiss: 'rough-transcription' });
    const off = await alice.put('/api/settings/recording', { liveTranscript: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ liveTranscript: false });
    expect((await alice.get('/api/settings/recording')).body).toEqual({ liveTranscript: false });
    expect((await alice.get('/api/settings/notices')).body).toEqual({
      dismissed: ['rough-transcription'],
    });
    expect((await bob.get('/api/settings/recording')).body).toEqual({ liveTranscript: true });

    const on = await alice.put('/api/settings/recording', { liveTranscript: true });
    expect(on.body).toEqual({ liveTranscript: true });
    expect((await alice.get('/api/settings/recording')).body).toEqual({ liveTranscript: true });
  });

  it('answers 400 for a malformed body and changes nothing', async () => {
    await bob.put('/api/settings/recording', { liveTranscript: false });
    for (const body of [{}, { liveTranscript: 'no' }, { liveTranscript: false, other: 1 }, []]) {
      const res = await bob.put('/api/settings/recording', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('Invalid request');
      expect(res.body.details.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect((await bob.get('/api/settings/recording')).body).toEqual({ liveTranscript: false });
  });

  it('needs a session', async () => {
    const anonymous = new Client(server.url, 'nobody@example.com', alice.origin);
    expect((await anonymous.get('/api/settings/recording')).status).toBe(401);
    expect((await anonymous.put('/api/settings/recording', { liveTranscript: false })).status).toBe(
      401,
    );
  });
});
