/**
 * The webhook sender, under the network rules it shares with the CalDAV client
 * (net/): http or https, and unless WEBHOOKS_ALLOW_PRIVATE_HOSTS is set only
 * https to a global address, so a URL a user types cannot reach the server's own network. The
 * host is resolved once, every address checked, and the POST connects to the very address checked
 * (no DNS rebinding). Redirects are not followed: a 3xx is a failed try, as the Standard Webhooks
 * spec treats any non-2xx. The answer is only logged, so only its first 64 KiB are read.
 */
import { ValidationError } from '../../errors/app-errors.ts';
import { checkOutboundUrl, type OutboundPolicy } from '../../net/outbound-url.ts';
import { fetchPinned } from '../../net/pinned-fetch.ts';

/** Network rules of the sender (`allowPrivateHosts`: WEBHOOKS_ALLOW_PRIVATE_HOSTS). */
export type WebhookPolicy = OutboundPolicy;

/** Per try, in ms: a receiver should answer at once and do its work afterwards. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Bytes of a receiver's answer kept in the delivery log's error. */
const ANSWER_EXCERPT = 200;

/** Bytes of a receiver's answer read at most; the connection is closed past them. */
export const WEBHOOK_ANSWER_CAP = 64 * 1024;

/** The refusal of an address, by rule. */
export const WEBHOOK_URL_RULES = {
  scheme: 'The webhook URL must be http or https',
  https: 'The webhook URL must be https (WEBHOOKS_ALLOW_PRIVATE_HOSTS allows plain http)',
  unresolved: 'The webhook URL’s host name does not resolve',
  private:
    'The webhook URL must have a public address, not a loopback, private or reserved one (WEBHOOKS_ALLOW_PRIVATE_HOSTS allows them)',
} as const;

/**
 * Checks a webhook URL against the policy and answers the address to connect to.
 * @returns the host's first address (its own for an IP literal)
 * @throws ValidationError 400 with one of {@link WEBHOOK_URL_RULES}
 */
export async function assertWebhookUrl(url: URL, policy: WebhookPolicy): Promise<string> {
  const checked = await checkOutboundUrl(url, policy);
  if (checked.refused) throw new ValidationError(WEBHOOK_URL_RULES[checked.refused]);
  return checked.address;
}

/** How one try ended: `ok` for a 2xx; `statusCode` null when no answer came. */
export interface WebhookAttempt {
  ok: boolean;
  statusCode: number | null;
  /** Why it failed ('HTTP 500: …', 'Timed out after 10 s', a refusal); null when `ok`. */
  error: string | null;
}

/**
 * POSTs `body` (JSON) with `headers` to `url`, after {@link assertWebhookUrl}, within
 * {@link WEBHOOK_TIMEOUT_MS}. Never throws: a refusal, a time-out or a lost connection is a
 * failed attempt.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  policy: WebhookPolicy,
): Promise<WebhookAttempt> {
  try {
    const target = new URL(url);
    const address = await assertWebhookUrl(target, policy);
    const { response: res } = await fetchPinned(
      target,
      {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'user-agent': 'Summy-Webhooks', ...headers },
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      address,
      WEBHOOK_ANSWER_CAP,
    );
    if (res.status >= 200 && res.status < 300)
      return { ok: true, statusCode: res.status, error: null };
    const text = (await res.text().catch(() => '')).trim().slice(0, ANSWER_EXCERPT);
    return {
      ok: false,
      statusCode: res.status,
      error: `HTTP ${res.status}${text ? `: ${text}` : ''}`,
    };
  } catch (err) {
    const e = err as Error;
    const error =
      e.name === 'TimeoutError'
        ? `Timed out after ${WEBHOOK_TIMEOUT_MS / 1000} s`
        : e instanceof ValidationError
          ? String(e.details)
          : describeNetworkError(e);
    return { ok: false, statusCode: null, error };
  }
}

// undici's "fetch failed" hides the cause (ECONNREFUSED, ENOTFOUND...).
function describeNetworkError(err: Error): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? err.message;
}
