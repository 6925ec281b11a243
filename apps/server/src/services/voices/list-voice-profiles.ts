/** `GET /api/voices`: the user's voice profiles, for Settings. */
import { asc, count, eq } from 'drizzle-orm';
import type { VoiceProfile } from '@summy/core';
import { contacts, voiceProfileMeetings, voiceProfiles, type Database } from '@summy/db';
import { voiceSampleUrl } from './record-voice-profiles.ts';

/**
 * Every voice profile of the user, by name: linked contact's e-mail, model, how many meetings it
 * averages, and the clip's URL. Never another user's.
 */
export async function listVoiceProfiles(db: Database, userId: string): Promise<VoiceProfile[]> {
  const rows = await db
    .select({
      id: voiceProfiles.id,
      name: voiceProfiles.name,
      email: contacts.email,
      model: voiceProfiles.model,
      sampleKey: voiceProfiles.sampleKey,
      updatedAt: voiceProfiles.updatedAt,
      meetings: count(voiceProfileMeetings.meetingId),
    })
    .from(voiceProfiles)
    .leftJoin(contacts, eq(contacts.id, voiceProfiles.contactId))
    .leftJoin(voiceProfileMeetings, eq(voiceProfileMeetings.profileId, voiceProfiles.id))
    .where(eq(voiceProfiles.userId, userId))
    .groupBy(voiceProfiles.id, contacts.email)
    .orderBy(asc(voiceProfiles.name), asc(voiceProfiles.model));
  return rows
    .filter((r) => r.meetings > 0)
    .map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email ?? null,
      model: r.model,
      meetings: Number(r.meetings),
      sampleUrl: r.sampleKey ? voiceSampleUrl(r.id) : null,
      updatedAt: r.updatedAt.toISOString(),
    }));
}
