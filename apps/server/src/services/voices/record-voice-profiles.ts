/**
 * Voice profiles follow the names the user gives a meeting's speakers: after each edit of the
 * speaker map, every name given to speakers with a voiceprint gets this meeting's contribution
 * (their mean voiceprint), names taken away lose it, and profiles left with no meeting are
 * deleted with their clip. A name that matches an attendee of the linked event or a contact (by
 * name or e-mail, case-insensitive, one contact only) links the profile to that contact
 * (`contacts.voice_id`, `voice_sample_url`).
 */
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { speakerIndicesByLabel, speakerName } from '@summy/core';
import { contacts, meetings, voiceProfileMeetings, voiceProfiles, type Database } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { log } from '../../log.ts';
import { keyFromAudioUrl } from '../../storage/types.ts';
import { readSpeakerNames, readTurnTimes } from '../meetings/to-meeting.ts';
import { meanVoiceprint } from './voice-match.ts';
import { storeVoiceSample, voiceSampleKey } from './voice-sample.ts';

type Deps = Pick<AppDeps, 'database' | 'storage'>;

/** The same-origin URL that plays a profile's clip. */
export function voiceSampleUrl(profileId: string): string {
  return `/api/voices/${profileId}/sample`;
}

/**
 * Brings the user's voice profiles in line with one meeting's speaker names. Clips are cut only
 * for profiles without one; a failed cut is logged and retried at the next edit.
 * @throws nothing for a meeting without voiceprints (nothing to do); database errors go up
 */
export async function recordVoiceProfiles(
  deps: Deps,
  userId: string,
  meetingId: string,
): Promise<void> {
  const { db } = deps.database;
  const [row] = await db
    .select({
      transcript: meetings.transcript,
      summaryData: meetings.summaryData,
      speakerNames: meetings.speakerNames,
      speakerEmbeddings: meetings.speakerEmbeddings,
      attendees: meetings.calendarEventAttendees,
      audioUrl: meetings.audioUrl,
    })
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)));
  if (!row) return;
  const embeddings = row.speakerEmbeddings;
  const names = readSpeakerNames(row.speakerNames);
  const turnTimes = readTurnTimes(row.summaryData);

  const byName = embeddings
    ? indicesByName(row.transcript, names, turnTimes)
    : new Map<string, Set<number>>();

  const kept: string[] = [];
  const needSample: { profileId: string; indices: Set<number> }[] = [];
  await db.transaction(async (tx) => {
    for (const [name, indices] of byName) {
      const vectors = [...indices].flatMap((i) =>
        embeddings!.vectors[i] ? [embeddings!.vectors[i]!] : [],
      );
      const voiceprint = meanVoiceprint(vectors);
      if (!voiceprint) continue;
      const contactId = await contactFor(tx as unknown as Database, userId, name, row.attendees);
      const [profile] = await tx
        .insert(voiceProfiles)
        .values({ userId, name, model: embeddings!.model, contactId })
        .onConflictDoUpdate({
          target: [voiceProfiles.userId, voiceProfiles.model, voiceProfiles.name],
          set: {
            contactId: sql`coalesce(${voiceProfiles.contactId}, excluded.contact_id)`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ id: voiceProfiles.id, sampleKey: voiceProfiles.sampleKey });
      const speakers = [...indices].sort((a, b) => a - b).map((i) => `Speaker ${i + 1}`);
      await tx
        .insert(voiceProfileMeetings)
        .values({ profileId: profile!.id, meetingId, speakers, embedding: voiceprint })
        .onConflictDoUpdate({
          target: [voiceProfileMeetings.profileId, voiceProfileMeetings.meetingId],
          set: { speakers, embedding: voiceprint },
        });
      kept.push(profile!.id);
      if (!profile!.sampleKey) needSample.push({ profileId: profile!.id, indices });
    }
    // Names taken away from this meeting's speakers take its voice out of their profiles.
    const mine = tx
      .select({ id: voiceProfiles.id })
      .from(voiceProfiles)
      .where(eq(voiceProfiles.userId, userId));
    await tx
      .delete(voiceProfileMeetings)
      .where(
        and(
          eq(voiceProfileMeetings.meetingId, meetingId),
          inArray(voiceProfileMeetings.profileId, mine),
          kept.length ? notInArray(voiceProfileMeetings.profileId, kept) : undefined,
        ),
      );
  });
  await removeEmptyProfiles(deps, userId);

  const audioKey = keyFromAudioUrl(row.audioUrl);
  if (!audioKey?.startsWith(`${userId}/`)) return;
  await cutVoiceSamples(deps, userId, meetingId, audioKey, needSample, turnTimes);
  await linkContacts(db, userId);
}

/** Name → the speaker indices given it (a merge gives one name several); named speakers only. */
function indicesByName(
  transcript: string | null,
  names: ReturnType<typeof readSpeakerNames>,
  turnTimes: ReturnType<typeof readTurnTimes>,
): Map<string, Set<number>> {
  const byName = new Map<string, Set<number>>();
  for (const [label, indices] of speakerIndicesByLabel(transcript, turnTimes)) {
    if (!names[label]) continue;
    const name = speakerName(label, names);
    const set = byName.get(name) ?? new Set<number>();
    indices.forEach((i) => set.add(i));
    byName.set(name, set);
  }
  return byName;
}

/**
 * Cuts each new profile's voice sample from the speaker's longest turn in the meeting's audio. A
 * failed cut is logged (the next edit tries again); a clip another edit beat is deleted.
 */
async function cutVoiceSamples(
  deps: Deps,
  userId: string,
  meetingId: string,
  audioKey: string,
  needSample: { profileId: string; indices: Set<number> }[],
  turnTimes: ReturnType<typeof readTurnTimes>,
): Promise<void> {
  for (const { profileId, indices } of needSample) {
    const turn = turnTimes
      .filter((t) => indices.has(t.speaker))
      .sort((a, b) => b.end - b.start - (a.end - a.start))[0];
    if (!turn) continue;
    try {
      const key = await storeVoiceSample(
        deps.storage,
        audioKey,
        voiceSampleKey(userId, profileId),
        turn.start,
        turn.end - turn.start,
      );
      const updated = await deps.database.db
        .update(voiceProfiles)
        .set({ sampleKey: key })
        .where(and(eq(voiceProfiles.id, profileId), isNull(voiceProfiles.sampleKey)))
        .returning({ contactId: voiceProfiles.contactId });
      // Another edit stored one first, or the profile is gone: this clip belongs to nobody.
      if (updated.length === 0) await deps.storage.delete(key);
    } catch (err) {
      log.warn({ err, meetingId }, '[voices] cutting a voice sample failed');
    }
  }
}

/** The contact a speaker name stands for: an attendee of that name, else one contact by name or e-mail. */
async function contactFor(
  db: Database,
  userId: string,
  name: string,
  attendees: { email: string; name?: string | null }[] | null,
): Promise<string | null> {
  const lower = name.toLowerCase();
  const attendee = (attendees ?? []).find(
    (a) => a.name?.toLowerCase() === lower || a.email.toLowerCase() === lower,
  );
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, userId),
        attendee
          ? sql`lower(${contacts.email}) = ${attendee.email.toLowerCase()}`
          : or(
              sql`lower(${contacts.displayName}) = ${lower}`,
              sql`lower(${contacts.email}) = ${lower}`,
            ),
      ),
    )
    .limit(2);
  return rows.length === 1 ? rows[0]!.id : null;
}

/**
 * Deletes the user's profiles that no meeting contributes to any more (renamed away, or their
 * meetings deleted), with their clips. A clip whose delete fails is left to the leftover sweep.
 */
export async function removeEmptyProfiles(deps: Deps, userId: string): Promise<void> {
  const gone = await deps.database.db
    .delete(voiceProfiles)
    .where(
      and(
        eq(voiceProfiles.userId, userId),
        sql`not exists (select 1 from ${voiceProfileMeetings} where ${voiceProfileMeetings.profileId} = ${voiceProfiles.id})`,
      ),
    )
    .returning({ sampleKey: voiceProfiles.sampleKey });
  for (const { sampleKey } of gone) {
    if (sampleKey) await deps.storage.delete(sampleKey).catch(() => undefined);
  }
  if (gone.length > 0) await linkContacts(deps.database.db, userId);
}

/**
 * Writes `contacts.voice_id` and `voice_sample_url` from the user's profiles: the profile's id and
 * clip URL on its contact, nulls on contacts without a profile.
 */
export async function linkContacts(db: Database, userId: string): Promise<void> {
  await db.execute(sql`
    update ${contacts} c set
      voice_id = p.id::text,
      voice_sample_url = case when p.sample_key is null then null
        else '/api/voices/' || p.id::text || '/sample' end
    from (
      select distinct on (contact_id) id, contact_id, sample_key
      from ${voiceProfiles}
      where user_id = ${userId} and contact_id is not null
      order by contact_id, updated_at desc
    ) p
    where c.id = p.contact_id and c.user_id = ${userId}`);
  await db.execute(sql`
    update ${contacts} c set voice_id = null, voice_sample_url = null
    where c.user_id = ${userId} and c.voice_id is not null
      and not exists (select 1 from ${voiceProfiles} p where p.contact_id = c.id)`);
}
