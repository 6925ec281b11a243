/**
 * Every user as Settings > Administration lists them: name, e-mail, role, created, last seen,
 * meetings and bytes stored.
 */
import { asc, sql } from 'drizzle-orm';
import type { AdminUser } from '@summy/core';
import { user, type Database } from '@summy/db';
import type { Storage } from '../../storage/types.ts';
import { readStorageUsage } from './storage-usage.ts';

/**
 * The users, oldest account first. `lastSeenAt` is the latest of their sessions' renewals (Better
 * Auth renews a session at most once a day of use, so it is exact to the day) and their API keys'
 * last use (to the minute); ended sessions leave no trace, so it may be null.
 */
export async function listUsers(db: Database, storage: Storage): Promise<AdminUser[]> {
  const [rows, usage] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        createdAt: user.createdAt,
        disabledAt: user.disabledAt,
        // Correlated on "user".id spelled out: Drizzle leaves column names unqualified here.
        meetings: sql<number>`(select count(*) from meetings m where m.user_id = "user".id)::int`,
        lastSession: sql<
          string | null
        >`(select max(s.updated_at) from session s where s.user_id = "user".id)`,
        lastKeyUse: sql<
          string | null
        >`(select max(k.last_used_at) from api_keys k where k.user_id = "user".id)`,
      })
      .from(user)
      .orderBy(asc(user.createdAt)),
    readStorageUsage(storage),
  ]);
  return rows.map(({ lastSession, lastKeyUse, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    lastSeenAt: latest(lastSession, lastKeyUse),
    storageBytes: usage.byUser.get(row.id) ?? 0,
  }));
}

/** The later of two timestamps as PostgreSQL writes them, as ISO 8601; null when both are. */
function latest(...values: (string | null)[]): string | null {
  const times = values.filter((v): v is string => v !== null).map((v) => new Date(v).getTime());
  return times.length > 0 ? new Date(Math.max(...times)).toISOString() : null;
}
