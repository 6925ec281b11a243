import { eq } from 'drizzle-orm';
import type { RecordingPreferences } from '@summy/core';
import { userSettings, type Database } from '@summy/db';

/**
 * `GET /api/settings/recording`: the user's recording preferences, from
 * `user_settings.live_transcript` (on without a settings row, as the column's default).
 */
export async function getRecordingPreferences(
  deps: { db: Database },
  userId: string,
): Promise<RecordingPreferences> {
  const [row] = await deps.db
    .select({ liveTranscript: userSettings.liveTranscript })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return { liveTranscript: row?.liveTranscript ?? true };
}
