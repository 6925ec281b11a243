import { sql } from 'drizzle-orm';
import type { DismissNoticeInput, Notices } from '@summy/core';
import { userSettings, type Database } from '@summy/db';
import { getNotices } from './get-notices.ts';

/**
 * `PUT /api/settings/notices`: records that the user dismissed a notice, in
 * `user_settings.dismissed_notices` (the row is made when missing), and answers as
 * {@link getNotices}. One statement that adds the id only when absent, so dismissing twice, or
 * from two tabs at once, keeps it once. The id is checked by the body's schema.
 */
export async function dismissNotice(
  deps: { db: Database },
  userId: string,
  input: DismissNoticeInput,
): Promise<Notices> {
  await deps.db
    .insert(userSettings)
    .values({ userId, dismissedNotices: [input.dismiss] })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: {
        dismissedNotices: sql`CASE WHEN ${input.dismiss} = ANY(${userSettings.dismissedNotices})
          THEN ${userSettings.dismissedNotices}
          ELSE array_append(${userSettings.dismissedNotices}, ${input.dismiss}::text) END`,
        updatedAt: new Date(),
      },
    });
  return getNotices(deps, userId);
}
