/**
 * The webhook sender's network rules, the CalDAV client's (integrations/caldav): http or https,
 * and unless WEBHOOKS_ALLOW_PRIVATE_HOSTS is set only https to a public address, so a URL a user
 * types cannot reach the server's own network. The host is resolved once, every address checked,
 * and the POST connects to the very address checked (pinned-fetch.ts: no DNS rebinding). Redirects
 * are not followed: a 3xx is a failed try, as the Standard Webhooks spec treats any non-2xx.
 */
import { ValidationError } from '../../errors/app-errors.ts';
import { isPrivateAddress } from '../caldav/client.ts';
import {
  addressesOf,
  fetchPinned,
  systemResolveHost,
  type ResolveHost,
} from '../caldav/pinned-fetch.ts';

/** Network rules of the sender. */
export interface WebhookPolicy {
  /** Allow loopback and private addresses and plain http (WEBHOOKS_ALLOW_PRIVATE_HOSTS). */
  allowPrivateHosts: boolean;
  /** Resolves host names (default: the system's). */
  resolveHost?: ResolveHost;
}

/** Per try, in ms: a receiver should answer at once and do its work afterwards. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Bytes of a receiver's answer kept in the delivery log's error. */
const ANSWER_EXCERPT = 200;

/** The refusal of an address, by rule. */
export const WEBHOOK_URL_RULES = {
  scheme: 'The webhook URL must be http or https',
  https: 'The webhook URL must be https (WEBHOOKS_ALLOW_PRIVATE_HOSTS allows plain http)',
  unresolved: 'The webhook URL’s host name does not resolve',
  private:
    'The webhook URL must have a public address (WEBHOOKS_ALLOW_PRIVATE_HOSTS allows loopback and private ones)',
} as const;

/**
 * Checks a webhook URL against the policy and answers the address to connect to.
 * @returns the host's first address (its own for an IP literal)
 * @throws ValidationError 400 with one of {@link WEBHOOK_URL_RULES}
 */
export async function assertWebhookUrl(url: URL, policy: WebhookPolicy): Promise<string> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ValidationError(WEBHOOK_URL_RULES.scheme);
  }
  if (!policy.allowPrivateHosts && url.protocol !== 'https:') {
    throw new ValidationError(WEBHOOK_URL_RULES.https);
  }
  let addresses: string[] = [];
  try {
    addresses = await addressesOf(url, policy.resolveHost ?? systemResolveHost);
  } catch {
    // answered below
  }
  if (addresses.length === 0) throw new ValidationError(WEBHOOK_URL_RULES.unresolved);
  if (!policy.allowPrivateHosts && addresses.some(isPrivateAddress)) {
    throw new ValidationError(WEBHOOK_URL_RULES.private);
  }
  return addresses[0]!;
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
    const res = await fetchPinned(
      target,
      {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'user-agent': 'Summy-Webhooks', ...headers },
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      address,
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
