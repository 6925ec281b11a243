/** `DELETE /api/voices/{id}`: the user removes a voice profile and its clip. */
import { and, eq } from 'drizzle-orm';
import { voiceProfiles } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { NotFoundError } from '../../errors/app-errors.ts';
import { linkContacts } from './record-voice-profiles.ts';

/**
 * Deletes one of the user's voice profiles (its meetings' contributions go with it), then its clip,
 * and clears the contact's `voice_id`. The meetings keep the names the user gave; only the voice
 * is forgotten, so nothing is suggested from it again.
 * @throws NotFoundError when the profile does not exist or belongs to another user
 */
export async function deleteVoiceProfile(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  userId: string,
  id: string,
): Promise<void> {
  const [gone] = await deps.database.db
    .delete(voiceProfiles)
    .where(and(eq(voiceProfiles.id, id), eq(voiceProfiles.userId, userId)))
    .returning({ sampleKey: voiceProfiles.sampleKey });
  if (!gone) throw new NotFoundError('Voice profile');
  await linkContacts(deps.database.db, userId);
  // A failed delete is left to the leftover sweep: no profile names the object any more.
  if (gone.sampleKey) await deps.storage.delete(gone.sampleKey).catch(() => undefined);
}
