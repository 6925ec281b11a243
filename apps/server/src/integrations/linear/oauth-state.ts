/**
 * The OAuth `state` of the Linear popup (a random state, checked on return). The server draws 32
 * random bytes and hands the browser a short-lived, HMAC-signed, HttpOnly cookie that binds the
 * state to the Summy user and the return path. The callback's exchange is accepted only when its
 * `state` equals the cookie's, the signature holds, the cookie is not older than {@link
 * LINEAR_STATE_TTL_MS} and it belongs to the signed-in user: a code from another browser or another
 * user's flow (login CSRF) is refused. No table needed, and several Summy processes share the check
 * through AUTH_SECRET.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Name of the cookie; its path is /api/linear so no other route receives it. */
export const LINEAR_STATE_COOKIE = 'summy_linear_oauth';

/** How long a started connection may take, in ms: 10 minutes. */
export const LINEAR_STATE_TTL_MS = 10 * 60_000;

interface StatePayload {
  /** The state. */
  s: string;
  /** Summy user id. */
  u: string;
  /** Return path, when given. */
  r?: string;
  /** Expiry, ms since the epoch. */
  e: number;
}

const keyOf = (secret: string) =>
  createHmac('sha256', secret).update('summy linear oauth state v1').digest();

const sign = (secret: string, data: string) =>
  createHmac('sha256', keyOf(secret)).update(data).digest('base64url');

/**
 * A new random state and the signed cookie value that carries it.
 * @param secret AUTH_SECRET
 */
export function issueLinearState(
  secret: string,
  userId: string,
  returnTo: string | undefined,
  nowMs: number,
): { state: string; cookie: string } {
  const state = randomBytes(32).toString('base64url');
  const payload: StatePayload = {
    s: state,
    u: userId,
    ...(returnTo ? { r: returnTo } : {}),
    e: nowMs + LINEAR_STATE_TTL_MS,
  };
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { state, cookie: `${data}.${sign(secret, data)}` };
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Checks a callback's state against the cookie; answers the saved return path (or null) when it
 * holds, undefined when it does not (missing, forged, expired, another user's, another state).
 */
export function checkLinearState(
  secret: string,
  cookie: string | undefined,
  state: string,
  userId: string,
  nowMs: number,
): { returnTo: string | null } | undefined {
  if (!cookie) return undefined;
  const [data, mac, extra] = cookie.split('.');
  if (!data || !mac || extra !== undefined || !sameText(mac, sign(secret, data))) return undefined;
  let payload: StatePayload;
  try {
    payload = JSON.parse(Buffer.from(data, 'base64url').toString()) as StatePayload;
  } catch {
    return undefined;
  }
  if (typeof payload.e !== 'number' || payload.e < nowMs) return undefined;
  if (payload.u !== userId || typeof payload.s !== 'string' || !sameText(payload.s, state))
    return undefined;
  return { returnTo: typeof payload.r === 'string' ? payload.r : null };
}
