import type { RecordingPreferences } from '@summy/core';
import { userSettings, type Database } from '@summy/db';

/**
 * `PUT /api/settings/recording`: stores the user's recording preferences in
 * `user_settings.live_transcript`, making the row when missing (one upsert, so two tabs saving at
 * once cannot both insert), and answers what was stored. The body is checked by its schema.
 */
export async function updateRecordingPreferences(
  deps: { db: Database },
  userId: string,
  input: RecordingPreferences,
): Promise<RecordingPreferences> {
  const [row] = await deps.db
    .insert(userSettings)
    .values({ userId, liveTranscript: input.liveTranscript })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { liveTranscript: input.liveTranscript, updatedAt: new Date() },
    })
    .returning({ liveTranscript: userSettings.liveTranscript });
  return { liveTranscript: row!.liveTranscript };
}
