/**
 * Connecting a user to Linear (7 "Issue-tracker OAuth"): the status, the authorize URL with its
 * checked random state, the code exchange, and disconnecting (revoke, then forget). The tokens stay
 * on the server (docs/decisions/024).
 */
import {
  POPUP_RETURN_PAGES,
  type LinearStatus,
  type LinearTokenAnswer,
  type LinearUser,
} from '@summy/core';
import type { Database } from '@summy/db';
import { AppError } from '../../errors/app-errors.ts';
import {
  LinearInvalidStateError,
  LinearNotConnectedError,
} from '../../integrations/linear/errors.ts';
import { log } from '../../log.ts';
import { checkLinearState, issueLinearState } from '../../integrations/linear/oauth-state.ts';
import {
  deleteLinearTokens,
  hasLinearTokens,
  readLinearTokens,
  storeLinearTokens,
  withLinearToken,
  type LinearDeps,
} from '../../integrations/linear/tokens.ts';

/** How long the viewer read for the status is reused, in ms (the integration cache, 5 min). */
const VIEWER_CACHE_MS = 5 * 60_000;
const viewers = new Map<string, { viewer: LinearUser; atMs: number }>();

const nowOf = (deps: Pick<LinearDeps, 'now'>) => (deps.now ?? (() => new Date()))();

/** Where Linear sends the popup back to: the web app's callback page, `/linear/callback`. */
export const linearRedirectUri = (publicUrl: string) => `${publicUrl}${POPUP_RETURN_PAGES.linear}`;

/**
 * The user's Linear viewer, from a 5-minute cache or Linear (through the throttle).
 * @throws LinearNotConnectedError, LinearRateLimitError, LinearApiError
 */
export async function linearViewer(deps: LinearDeps, userId: string): Promise<LinearUser> {
  const cached = viewers.get(userId);
  const nowMs = nowOf(deps).getTime();
  if (cached && nowMs - cached.atMs < VIEWER_CACHE_MS) return cached.viewer;
  const viewer = await withLinearToken(deps, userId, (token) => deps.client.viewer(token));
  viewers.set(userId, { viewer, atMs: nowMs });
  return viewer;
}

/**
 * `GET /api/linear/status`: configured (the server has Linear settings), connected (tokens are
 * stored and were not refused) and the viewer when Linear answered. A rate limit or an outage
 * leaves `connected` true without a viewer: the tokens are still there.
 * @param deps undefined when Linear is not configured
 */
export async function getLinearStatus(
  deps: LinearDeps | undefined,
  db: Database,
  userId: string,
): Promise<LinearStatus> {
  if (!deps) return { connected: false, configured: false };
  if (!(await hasLinearTokens(db, userId))) return { connected: false, configured: true };
  try {
    return { connected: true, configured: true, viewer: await linearViewer(deps, userId) };
  } catch (err) {
    if (err instanceof LinearNotConnectedError) return { connected: false, configured: true };
    if (!(err instanceof AppError)) throw err;
    log.warn({ err, userId }, '[linear] status without viewer');
    return { connected: true, configured: true };
  }
}

/**
 * `GET /api/linear/authorize-url`: Linear's authorize page with a fresh random state, and the
 * signed cookie value the route sets (the state, the user, `returnTo`, 10 minutes).
 */
export function createLinearAuthorizeUrl(
  deps: LinearDeps,
  userId: string,
  returnTo: string | undefined,
): { url: string; state: string; cookie: string } {
  const { state, cookie } = issueLinearState(deps.secret, userId, returnTo, nowOf(deps).getTime());
  return { url: deps.client.authorizeUrl(state, linearRedirectUri(deps.publicUrl)), state, cookie };
}

/**
 * `POST /api/linear/token`: checks the state against the cookie, exchanges the code and stores
 * the tokens encrypted (replacing earlier ones).
 * @throws LinearInvalidStateError when the state does not match a live cookie of this user
 * @throws LinearApiError when Linear refuses the code ('Linear API error: 400 - ...')
 */
export async function connectLinear(
  deps: LinearDeps,
  userId: string,
  input: { code: string; state: string; cookie: string | undefined },
): Promise<LinearTokenAnswer> {
  const checked = checkLinearState(
    deps.secret,
    input.cookie,
    input.state,
    userId,
    nowOf(deps).getTime(),
  );
  if (!checked) throw new LinearInvalidStateError();
  const tokens = await deps.client.exchangeCode(input.code, linearRedirectUri(deps.publicUrl));
  await storeLinearTokens(deps, userId, tokens);
  viewers.delete(userId);
  return { connected: true, ...(checked.returnTo ? { returnTo: checked.returnTo } : {}) };
}

/**
 * `DELETE /api/linear`: revokes the tokens at Linear (best effort: an unreachable Linear does not
 * keep them) and removes them. Answers alike when nothing was stored.
 */
export async function disconnectLinear(
  deps: Pick<LinearDeps, 'db' | 'auth' | 'client'>,
  userId: string,
): Promise<void> {
  const tokens = await readLinearTokens(deps, userId);
  viewers.delete(userId);
  if (!tokens) return;
  await deleteLinearTokens(deps.db, userId);
  const revoked = await deps.client.revoke(tokens.accessToken, 'access_token');
  if (tokens.refreshToken) await deps.client.revoke(tokens.refreshToken, 'refresh_token');
  if (!revoked) log.warn({ userId }, '[linear] revoking the token failed; removed anyway');
}
