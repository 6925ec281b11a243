/**
 * The attacks of the abuse bench, in order: password guessing, oversized bodies, stale signed
 * URLs, NUL bytes, absurd numbers, security headers and event-stream floods. Each answers its
 * record (what the server answered, how fast, RSS before and after).
 */
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { loadQmsumMeetings } from '../../apps/server/test/qmsum.ts';
import { percentile } from '../api/stats.ts';
import type { AttackResult, Seen } from './harness.ts';
import {
  JFK_WAV,
  MB,
  PASSWORD,
  attack,
  base,
  json,
  nextClient,
  origin,
  send,
  signUp,
  statuses,
  streamBody,
} from './harness.ts';

/** Runs every attack as the signed-in attacker (`cookie`) against the victim's account. */
export async function runAttacks(victimEmail: string, cookie: string): Promise<AttackResult[]> {
  const results: AttackResult[] = [];

  results.push(
    await attack('1. 60 wrong passwords for one account, then the right one', async () => {
      const seen: Seen[] = [];
      for (let i = 0; i < 60; i++) {
        seen.push(
          await send('POST', '/api/auth/sign-in/email', {
            body: json({ email: victimEmail, password: `wrong-${i}` }),
            headers: { 'x-forwarded-for': nextClient() },
          }),
        );
      }
      const right = await send('POST', '/api/auth/sign-in/email', {
        body: json({ email: victimEmail, password: PASSWORD }),
        headers: { 'x-forwarded-for': nextClient() },
      });
      const first429 = seen.findIndex((s) => s.status === 429);
      return {
        outcome: `${statuses(seen)}; first 429 at attempt ${first429 + 1} (Retry-After ${
          seen[first429]?.headers['retry-after'] ?? 'none'
        }); then the right password: ${right.status}`,
        times: [...seen, right].map((s) => s.ms),
      };
    }),
  );

  results.push(
    await attack('1. 60 wrong passwords from one address over 60 accounts', async () => {
      const address = nextClient();
      const seen: Seen[] = [];
      for (let i = 0; i < 60; i++) {
        seen.push(
          await send('POST', '/api/auth/sign-in/email', {
            body: json({ email: `guess-${i}@example.com`, password: 'wrong-password' }),
            headers: { 'x-forwarded-for': address },
          }),
        );
      }
      const first429 = seen.findIndex((s) => s.status === 429);
      return {
        outcome: `${statuses(seen)}; first 429 at attempt ${first429 + 1}`,
        times: seen.map((s) => s.ms),
      };
    }),
  );

  results.push(
    await attack(
      '1. Account enumeration: sign-up and sign-in of known vs unknown e-mail',
      async () => {
        // Not the victim: its guessed-at account is rightly refused for 15 minutes, any route.
        await signUp('Existing', 'existing@example.com');
        const existing = await send('POST', '/api/auth/sign-up/email', {
          body: json({ name: 'X', email: 'existing@example.com', password: PASSWORD }),
          headers: { 'x-forwarded-for': nextClient() },
        });
        const fresh = await send('POST', '/api/auth/sign-up/email', {
          body: json({ name: 'X', email: 'fresh@example.com', password: PASSWORD }),
          headers: { 'x-forwarded-for': nextClient() },
        });
        // Known accounts, each tried once (so no per-account limit), against unknown e-mails.
        for (let i = 0; i < 10; i++) await signUp('Known', `known-${i}@example.com`);
        const known: number[] = [];
        const unknown: number[] = [];
        for (let i = 0; i < 10; i++) {
          known.push(
            (
              await send('POST', '/api/auth/sign-in/email', {
                body: json({ email: `known-${i}@example.com`, password: 'wrong-password' }),
                headers: { 'x-forwarded-for': nextClient() },
              })
            ).ms,
          );
          unknown.push(
            (
              await send('POST', '/api/auth/sign-in/email', {
                body: json({ email: `nobody-${i}@example.com`, password: 'wrong-password' }),
                headers: { 'x-forwarded-for': nextClient() },
              })
            ).ms,
          );
        }
        const med = (xs: number[]) =>
          percentile(
            [...xs].sort((a, b) => a - b),
            50,
          );
        const shape = (s: Seen) =>
          `${s.status} ${s.body.replace(/"(id|token)":"[^"]*"/g, '"$1":…')}`;
        return {
          outcome: `sign-up existing: ${shape(existing)} | new: ${shape(fresh)}; wrong sign-in median known ${med(
            known,
          ).toFixed(0)} ms vs unknown ${med(unknown).toFixed(0)} ms`,
          times: [existing.ms, fresh.ms, ...known, ...unknown],
        };
      },
    ),
  );

  results.push(
    await attack('2. 100 MB JSON body to /api/auth/sign-in/email, unauthenticated', async () => {
      const declared = await streamBody('/api/auth/sign-in/email', 100 * MB, 100 * MB, {
        'x-forwarded-for': nextClient(),
      });
      const chunked = await streamBody('/api/auth/sign-in/email', null, 100 * MB, {
        'x-forwarded-for': nextClient(),
      });
      return {
        outcome: `declared length: ${declared.status} after ${(declared.sentBytes / MB).toFixed(
          1,
        )} MB sent; chunked: ${chunked.status} after ${(chunked.sentBytes / MB).toFixed(1)} MB sent`,
        times: [declared.ms, chunked.ms],
      };
    }),
  );

  const qmsum = loadQmsumMeetings();
  const longTranscript = (bytes: number) => {
    let out = '';
    while (out.length < bytes) for (const m of qmsum) out += m.transcript + '\n\n';
    return out.slice(0, bytes);
  };
  results.push(
    await attack('2. 50 MB and 23 MB transcripts to POST /api/meetings', async () => {
      const seen: { status: number; ms: number; sentBytes: number }[] = [];
      for (const size of [50 * MB, 23 * MB]) {
        const body = Buffer.from(json({ title: 'Huge', transcript: longTranscript(size) }));
        seen.push(await streamBody('/api/meetings', body.length, body.length, { cookie }, body));
      }
      const chat = await send('POST', '/api/chat', {
        cookie,
        body: json({ content: 'What was decided about the remote control?' }),
      });
      return {
        outcome: `${seen
          .map((s) => `${s.status} after ${(s.sentBytes / MB).toFixed(1)} MB sent`)
          .join(', ')}; then a chat question: ${chat.status}`,
        times: [...seen, chat].map((s) => s.ms),
      };
    }),
  );

  results.push(
    await attack('2. 5 MB user name on sign-up', async () => {
      const body = Buffer.from(
        json({ name: 'n'.repeat(5 * MB), email: 'bigname@example.com', password: PASSWORD }),
      );
      const seen = await streamBody(
        '/api/auth/sign-up/email',
        body.length,
        body.length,
        { 'x-forwarded-for': nextClient() },
        body,
      );
      return { outcome: `${seen.status} ${seen.body}`, times: [seen.ms] };
    }),
  );

  results.push(
    await attack('3. Delete a meeting, then its old signed URL', async () => {
      const wav = await readFile(JFK_WAV);
      const form = new FormData();
      form.set('file', new Blob([wav], { type: 'audio/wav' }), 'jfk.wav');
      const t0 = performance.now();
      const up = await fetch(`${base}/api/meetings/upload`, {
        method: 'POST',
        headers: { cookie, origin },
        body: form,
      });
      const upMs = performance.now() - t0;
      const { meetingId: id } = (await up.json()) as { meetingId: string };
      const url = await send('GET', `/api/meetings/${id}/audio-url`, { cookie });
      const signed = new URL((JSON.parse(url.text) as { url: string }).url, base);
      const before = await send('GET', signed.pathname + signed.search);
      const del = await send('DELETE', `/api/meetings/${id}`, { cookie });
      const after = await send('GET', signed.pathname + signed.search);
      return {
        outcome: `upload ${up.status}; signed URL before delete ${before.status}; delete ${del.status}; signed URL after ${after.status}`,
        times: [upMs, url.ms, before.ms, del.ms, after.ms],
      };
    }),
  );

  results.push(
    await attack(
      '4. Eleven 9.9 MB HTML chunks at 1..11 and 999,999, stop with 1e300 ms',
      async () => {
        const rec = await send('POST', '/api/meetings', {
          cookie,
          body: json({ title: 'Recording', isRecording: true }),
        });
        const meetingId = (JSON.parse(rec.text) as { id: string }).id;
        const html = Buffer.alloc(9.9 * MB, '<p>not audio</p>');
        html.write('<!doctype html><html><body>', 0);
        const seen: Seen[] = [];
        for (const index of [...Array.from({ length: 11 }, (_, i) => i + 1), 999_999]) {
          seen.push(
            await send('POST', `/api/meetings/${meetingId}/audio?index=${index}`, {
              cookie,
              body: html,
              headers: { 'content-type': 'audio/webm;codecs=opus' },
            }),
          );
        }
        const stop = await send('POST', `/api/meetings/${meetingId}/stop`, {
          cookie,
          body: '{"durationMs":1e300}',
        });
        return {
          outcome: `chunks: ${statuses(seen)}; stop: ${stop.status} (${stop.body.length} chars) ${stop.body.slice(0, 80)}`,
          times: [...seen, stop].map((s) => s.ms),
        };
      },
    ),
  );

  results.push(
    await attack('5. NUL bytes in q, chat, title, transcript, to-do title', async () => {
      const nul = 'a\u0000b';
      const seen = [
        await send('GET', `/api/meetings?q=${encodeURIComponent(nul)}`, { cookie }),
        await send('POST', '/api/chat', { cookie, body: json({ content: nul }) }),
        await send('POST', '/api/meetings', { cookie, body: json({ title: nul }) }),
        await send('POST', '/api/meetings', {
          cookie,
          body: json({ title: 'T', transcript: `Speaker 1: ${nul}` }),
        }),
        await send('POST', '/api/todos', { cookie, body: json({ title: nul }) }),
      ];
      return {
        outcome: seen.map((s) => s.status).join(', ') + ` (q, chat, title, transcript, to-do)`,
        times: seen.map((s) => s.ms),
      };
    }),
  );

  results.push(
    await attack('6. duration 1e308 and date 0001-01-01', async () => {
      const seen = [
        await send('POST', '/api/meetings', { cookie, body: '{"title":"D","duration":1e308}' }),
        await send('POST', '/api/meetings', {
          cookie,
          body: json({ title: 'D', date: '0001-01-01T00:00:00.000Z' }),
        }),
      ];
      return { outcome: seen.map((s) => s.status).join(', '), times: seen.map((s) => s.ms) };
    }),
  );

  results.push(
    await attack('8. Security headers of the web app and the API', async () => {
      const page = await send('GET', '/');
      const api = await send('GET', '/api/health');
      const names = [
        'content-security-policy',
        'x-frame-options',
        'x-content-type-options',
        'referrer-policy',
      ];
      const has = (s: Seen) => names.filter((n) => s.headers[n]).length;
      const csp = page.headers['content-security-policy'] ?? '';
      return {
        outcome: `/ has ${has(page)}/4 and /api/health ${has(api)}/4 headers; frame-ancestors 'none': ${csp.includes(
          "frame-ancestors 'none'",
        )}; inline scripts allowed: ${/script-src[^;]*unsafe-inline/.test(csp)}`,
        times: [page.ms, api.ms],
      };
    }),
  );

  results.push(
    await attack('9. 300 event streams for one user, then a GET', async () => {
      const controllers: AbortController[] = [];
      let closedByServer = 0;
      const opened = await Promise.all(
        Array.from({ length: 300 }, async () => {
          const ac = new AbortController();
          controllers.push(ac);
          try {
            const res = await fetch(`${base}/api/events`, {
              headers: { cookie },
              signal: ac.signal,
            });
            void (async () => {
              try {
                for await (const piece of res.body!) void piece;
                closedByServer += 1;
              } catch {
                // aborted by us at the end
              }
            })();
            return res.status;
          } catch {
            return 0;
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 1000));
      const get = await send('GET', '/api/meetings?limit=100', { cookie });
      for (const ac of controllers) ac.abort();
      return {
        outcome: `${statuses(opened.map((status) => ({ status })))}; ${closedByServer} closed by the server; GET /api/meetings then ${get.status} in ${get.ms.toFixed(0)} ms`,
        times: [get.ms],
      };
    }),
  );
  return results;
}
