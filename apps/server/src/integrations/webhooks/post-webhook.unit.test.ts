/**
 * A webhook receiver's answer is only logged: the sender reads its first 64 KiB and closes the
 * connection, so a receiver answering without end cannot hold the delivery (nor the server's
 * memory) until the time-out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndlessAnswer, type EndlessAnswer } from '../../../test/endless-answer.ts';
import {
  assertWebhookUrl,
  postWebhook,
  WEBHOOK_ANSWER_CAP,
  WEBHOOK_URL_RULES,
} from './post-webhook.ts';

let receiver: EndlessAnswer;
beforeAll(async () => {
  receiver = await startEndlessAnswer();
  receiver.release();
});
afterAll(() => receiver?.close());

describe('postWebhook', () => {
  it('reads a 2xx answer up to the cap, then closes the connection', async () => {
    const attempt = await postWebhook(
      `${receiver.url}/hook`,
      '{}',
      {},
      { allowPrivateHosts: true },
    );
    expect(attempt).toEqual({ ok: true, statusCode: 200, error: null });
    await receiver.closedByClient;
    // What the sockets buffer on loopback comes on top of the cap; an endless read never ends.
    expect(receiver.sent).toBeGreaterThan(WEBHOOK_ANSWER_CAP);
    expect(receiver.sent).toBeLessThan(32 * 1024 * 1024);
  });

  it('refuses a name when any address it resolves to is not global', async () => {
    const resolveHost = async () => ['8.8.8.8', '64:ff9b::a9fe:a9fe'];
    const url = new URL('https://hooks.example.test/in');
    await expect(assertWebhookUrl(url, { allowPrivateHosts: false, resolveHost })).rejects.toThrow(
      expect.objectContaining({ status: 400, details: WEBHOOK_URL_RULES.private }),
    );
    const global = async () => ['8.8.8.8', '2606:4700::1111'];
    await expect(
      assertWebhookUrl(url, { allowPrivateHosts: false, resolveHost: global }),
    ).resolves.toBe('8.8.8.8');
  });

  it('refuses an IPv6 form of a loopback address without connecting', async () => {
    for (const host of ['[::7f00:1]', '[::127.0.0.1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::1]']) {
      const attempt = await postWebhook(
        `https://${host}/hook`,
        '{}',
        {},
        {
          allowPrivateHosts: false,
        },
      );
      expect(attempt, host).toEqual({
        ok: false,
        statusCode: null,
        error: WEBHOOK_URL_RULES.private,
      });
    }
  });
});
