import { eq } from 'drizzle-orm';
import { NOTICE_IDS, type NoticeId, type Notices } from '@summy/core';
import { userSettings, type Database } from '@summy/db';

/** A stored id that is still one of {@link NOTICE_IDS} (a notice may be retired later). */
function isNoticeId(id: string): id is NoticeId {
  return (NOTICE_IDS as readonly string[]).includes(id);
}

/**
 * `GET /api/settings/notices`: the notices the user dismissed for good, from
 * `user_settings.dismissed_notices` (none without a settings row). Ids of notices this version
 * no longer has are left out.
 */
export async function getNotices(deps: { db: Database }, userId: string): Promise<Notices> {
  const [row] = await deps.db
    .select({ dismissed: userSettings.dismissedNotices })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return { dismissed: (row?.dismissed ?? []).filter(isNoticeId) };
}
