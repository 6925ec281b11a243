/** `GET /api/voices/{id}/sample`: the clip of one of the user's voice profiles. */
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { voiceProfiles } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { NotFoundError } from '../../errors/app-errors.ts';

/**
 * The clip's bytes and size.
 * @throws NotFoundError when the profile is not the user's, has no clip, or the object is gone
 */
export async function readVoiceSample(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  userId: string,
  id: string,
): Promise<{ body: Readable; size: number; contentType: string }> {
  const [row] = await deps.database.db
    .select({ sampleKey: voiceProfiles.sampleKey })
    .from(voiceProfiles)
    .where(and(eq(voiceProfiles.id, id), eq(voiceProfiles.userId, userId)));
  const key = row?.sampleKey;
  const stat = key ? await deps.storage.stat(key) : undefined;
  if (!key || !stat) throw new NotFoundError('Voice sample');
  return { body: await deps.storage.read(key), size: stat.size, contentType: 'audio/mp4' };
}
