/**
 * When the signed-in screens show the offline state instead of the sign-in screen: only
 * when the session check failed without an answer about the session.
 */
import { describe, expect, it } from 'vitest';
import { isSessionUnreachable } from './session-unreachable';

describe('isSessionUnreachable', () => {
  it('is true when the check failed with no session known: offline or a server error', () => {
    expect(isSessionUnreachable(null, new TypeError('Failed to fetch'))).toBe(true);
    expect(isSessionUnreachable(null, { status: 502 })).toBe(true);
    expect(isSessionUnreachable(undefined, { status: 500 })).toBe(true);
  });

  it('is false for an answer about the session: nobody signed in, or 401', () => {
    expect(isSessionUnreachable(null, null)).toBe(false);
    expect(isSessionUnreachable(null, { status: 401 })).toBe(false);
  });

  it('is false while a session is known, whatever the last check did', () => {
    const session = { user: { id: 'u1' }, session: { id: 's1' } };
    expect(isSessionUnreachable(session, new TypeError('Failed to fetch'))).toBe(false);
    expect(isSessionUnreachable(session, { status: 500 })).toBe(false);
  });
});
