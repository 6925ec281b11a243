/**
 * Queues the durable `contacts.sync` job: for one user on connect and on request, and for every
 * connected user from the 30-minute schedule.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { CONTACT_LIMITS } from '@summy/core';
import { account, type Database } from '@summy/db';
import { GOOGLE_PROVIDER_ID } from '../../integrations/google/settings.ts';
import type { Jobs } from '../../jobs/boss.ts';
import { CONTACTS_SYNC } from '../../jobs/payloads.ts';

/** Cron of the fan-out: minutes 0 and 30 of every hour, UTC. */
export const CONTACTS_SYNC_CRON = `*/${CONTACT_LIMITS.syncIntervalMinutes} * * * *`;

/**
 * Queues a sync of the user's contacts. The queue's 'stately' policy keyed by user keeps one
 * waiting job per user: while one waits, this queues nothing.
 * @returns whether a job was queued
 */
export async function enqueueContactsSync(jobs: Jobs, userId: string): Promise<boolean> {
  const id = await jobs.send(
    CONTACTS_SYNC.name,
    { userId },
    {
      singletonKey: userId,
    },
  );
  return id !== null;
}

/**
 * Asks for a sync of the user's contacts (`POST /api/contacts/sync`): queues one, or joins the
 * one already waiting. Answers the id of the sync that does it, which its events carry: a new
 * job's, else the waiting one's (or, when that one started meanwhile, the running one's, which
 * started after the request and so reads everything the person asked for).
 * @returns `queued` (false: one was waiting) and `syncId`
 * @throws Error when no job is queued and none can be found (the queue refused the job)
 */
export async function requestContactsSync(
  jobs: Jobs,
  userId: string,
): Promise<{ queued: boolean; syncId: string }> {
  const id = await jobs.send(CONTACTS_SYNC.name, { userId }, { singletonKey: userId });
  if (id !== null) return { queued: true, syncId: id };
  const mine = await jobs.boss.findJobs(CONTACTS_SYNC.name, { key: userId });
  const next =
    mine.find((j) => j.state === 'created' || j.state === 'retry') ??
    mine.find((j) => j.state === 'active');
  if (!next) throw new Error('The contacts sync could not be queued; try again in a moment.');
  return { queued: false, syncId: next.id };
}

/**
 * Queues a sync for every user with a Google account that holds a refresh token; users without
 * one are skipped here, and the job skips them again if their tokens went meanwhile.
 * @returns how many syncs were queued
 */
export async function enqueueContactsSyncForAll(db: Database, jobs: Jobs): Promise<number> {
  const users = await db
    .selectDistinct({ userId: account.userId })
    .from(account)
    .where(and(eq(account.providerId, GOOGLE_PROVIDER_ID), isNotNull(account.refreshToken)));
  let queued = 0;
  for (const { userId } of users) if (await enqueueContactsSync(jobs, userId)) queued++;
  return queued;
}
