/**
 * What the Linear feature keeps in localStorage, under the person's keys of lib/user-storage.ts
 * (cleared at sign-out): the page to come back to after Linear's OAuth, and the team 'Send to
 * Linear' creates issues in. Storage that is blocked or full only loses the convenience.
 */
import { USER_STORAGE_KEYS } from '@/lib/user-storage';

/**
 * `value` when it is a same-site path ('/todos?x=1'), else null: never another origin, a
 * protocol-relative '//host' or a backslash trick, so a crafted return URL cannot send the person
 * elsewhere after sign-in to Linear.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  return value;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Blocked storage: the value is simply not remembered.
  }
}

/** Remembers the page the OAuth flow started from (path, search and hash). */
export function saveLinearReturnTo(path: string): void {
  write(USER_STORAGE_KEYS.linearReturnTo, safeReturnPath(path));
}

/** The remembered page, or null; a stored value that is not a same-site path is ignored. */
export function readLinearReturnTo(): string | null {
  return safeReturnPath(read(USER_STORAGE_KEYS.linearReturnTo));
}

/** Forgets the remembered page once the flow has come back to it. */
export function clearLinearReturnTo(): void {
  write(USER_STORAGE_KEYS.linearReturnTo, null);
}

/** The team 'Send to Linear' uses, or null before one was chosen. */
export function readLinearTeamId(): string | null {
  return read(USER_STORAGE_KEYS.linearTeamId);
}

/** Remembers the team (null forgets it, so the next send asks again). */
export function saveLinearTeamId(teamId: string | null): void {
  write(USER_STORAGE_KEYS.linearTeamId, teamId);
}
