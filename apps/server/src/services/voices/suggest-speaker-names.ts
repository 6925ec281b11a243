/**
 * Names suggested for a new meeting's speakers from the user's voice profiles (./voice-match.ts),
 * stored on the meeting until accepted (renamed) or dismissed. Only the user's own profiles of the
 * same embedding model are compared; this meeting's own contributions are left out of them, so a
 * re-run never matches a speaker against itself.
 */
import { and, eq, ne } from 'drizzle-orm';
import {
  speakerIndicesByLabel,
  speakerName,
  type SpeakerEmbeddings,
  type SpeakerSuggestion,
} from '@summy/core';
import { meetings, voiceProfileMeetings, voiceProfiles, type Database } from '@summy/db';
import { readSpeakerNames, readTurnTimes } from '../meetings/to-meeting.ts';
import {
  meanVoiceprint,
  suggestNames,
  type VoiceCandidate,
  type VoiceMatchPolicy,
} from './voice-match.ts';

/** What the suggestions are computed from: the meeting as stored, or as about to be stored. */
export interface SuggestionInput {
  transcript: string | null;
  turnTimes: readonly { speaker: number }[];
  speakerEmbeddings: SpeakerEmbeddings | null;
  attendees: { email: string; name?: string | null }[] | null;
  speakerNames: Record<string, string>;
}

/**
 * Suggested names for the meeting's speakers (the meeting's own contributions to profiles left
 * out).
 * @param policy the embedding model's match policy (the model catalog's `voiceMatch`)
 * @returns label → suggestion (empty without voiceprints or matches)
 */
export async function speakerSuggestionsFor(
  db: Database,
  userId: string,
  meetingId: string,
  meeting: SuggestionInput,
  policy: (model: string) => VoiceMatchPolicy,
): Promise<Record<string, SpeakerSuggestion>> {
  const embeddings = meeting.speakerEmbeddings;
  if (!embeddings) return {};
  const contributions = await db
    .select({
      profileId: voiceProfiles.id,
      name: voiceProfiles.name,
      embedding: voiceProfileMeetings.embedding,
    })
    .from(voiceProfiles)
    .innerJoin(voiceProfileMeetings, eq(voiceProfileMeetings.profileId, voiceProfiles.id))
    .where(
      and(
        eq(voiceProfiles.userId, userId),
        eq(voiceProfiles.model, embeddings.model),
        ne(voiceProfileMeetings.meetingId, meetingId),
      ),
    );
  if (contributions.length === 0 && (meeting.attendees ?? []).length !== 2) return {};
  const names = meeting.speakerNames;
  const labels = speakerIndicesByLabel(meeting.transcript, meeting.turnTimes);
  const given = new Set(Object.values(names).map((n) => n.toLowerCase()));
  const attendees = (meeting.attendees ?? []).map((a) => a.name || a.email);
  const attendeeSet = new Set(
    (meeting.attendees ?? []).flatMap((a) => [a.email.toLowerCase(), (a.name ?? '').toLowerCase()]),
  );

  const grouped = new Map<string, { name: string; vectors: number[][] }>();
  for (const c of contributions) {
    const g = grouped.get(c.profileId) ?? { name: c.name, vectors: [] };
    g.vectors.push(c.embedding);
    grouped.set(c.profileId, g);
  }
  const candidates: VoiceCandidate[] = [...grouped]
    .filter(([, g]) => !given.has(g.name.toLowerCase()))
    .map(([profileId, g]) => ({
      profileId,
      name: g.name,
      vector: meanVoiceprint(g.vectors)!,
      attendee: attendeeSet.has(g.name.toLowerCase()),
    }));

  // Index → label, and the speakers the user has named already.
  const labelOf = new Map<number, string>();
  const named = new Map<number, string>();
  for (const [label, indices] of labels) {
    for (const i of indices) {
      labelOf.set(i, label);
      if (names[label]) named.set(i, speakerName(label, names));
    }
  }
  const matches = suggestNames(
    embeddings.vectors,
    candidates,
    policy(embeddings.model),
    attendees,
    labels.size,
    named,
  );
  const suggestions: Record<string, SpeakerSuggestion> = {};
  for (const [index, match] of matches) {
    const label = labelOf.get(index);
    if (label && !names[label]) suggestions[label] = match;
  }
  return suggestions;
}

/**
 * Computes the stored meeting's suggestions again and stores them (replacing earlier ones).
 * @returns label → suggestion as stored
 */
export async function suggestSpeakerNames(
  db: Database,
  userId: string,
  meetingId: string,
  policy: (model: string) => VoiceMatchPolicy,
): Promise<Record<string, SpeakerSuggestion>> {
  const owned = and(eq(meetings.id, meetingId), eq(meetings.userId, userId));
  const [row] = await db
    .select({
      transcript: meetings.transcript,
      summaryData: meetings.summaryData,
      speakerNames: meetings.speakerNames,
      speakerEmbeddings: meetings.speakerEmbeddings,
      attendees: meetings.calendarEventAttendees,
    })
    .from(meetings)
    .where(owned);
  if (!row) return {};
  const suggestions = await speakerSuggestionsFor(
    db,
    userId,
    meetingId,
    {
      transcript: row.transcript,
      turnTimes: readTurnTimes(row.summaryData),
      speakerEmbeddings: row.speakerEmbeddings ?? null,
      attendees: row.attendees,
      speakerNames: readSpeakerNames(row.speakerNames),
    },
    policy,
  );
  await db.update(meetings).set({ speakerSuggestions: suggestions }).where(owned);
  return suggestions;
}
