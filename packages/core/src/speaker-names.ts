/**
 * Speaker names of a meeting: the stored transcript keeps the labels it was written with
 * ('Speaker 2', or a name the speaker enhancement gave), and the meeting keeps a map from those
 * original labels to the names the user chose. Renaming, merging two speakers (both labels mapped
 * to one name) and undoing are edits of the map, so the original labels are never lost and a turn
 * keeps its place (its index, its time on the recording, the citations that point at it).
 * docs/product.md#meeting-view.
 */
import { z } from './zod.ts';
import { parseTranscript } from './transcript.ts';

/** Original transcript label → the name shown for it. */
export type SpeakerNames = Record<string, string>;

/** The longest speaker name, characters. */
export const SPEAKER_NAME_MAX = 60;

/**
 * A speaker name as a user may give it: 1-60 characters after trimming (inner whitespace folded
 * to one space), no colon, brackets or line break, since the name stands where a transcript label
 * stands ('Carol: …').
 */
export const speakerNameSchema = z
  .string()
  .transform((s) => s.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, 'Enter a name')
      .max(SPEAKER_NAME_MAX, `A name has at most ${SPEAKER_NAME_MAX} characters`)
      .regex(/^[^:[\]\n]+$/, 'A name cannot contain a colon or brackets')
      .refine((name) => !name.includes('\0'), 'A name cannot contain a NUL character'),
  );

/**
 * Body of `PUT /api/meetings/:id/speakers`: the whole map. A label mapped to itself is the same as
 * no entry. At most 200 entries.
 */
export const speakerNamesInputSchema = z
  .object({
    names: z
      .record(z.string().min(1).max(200), speakerNameSchema)
      .refine((names) => Object.keys(names).length <= 200, 'At most 200 speakers'),
  })
  .strict();
export type SpeakerNamesInput = z.infer<typeof speakerNamesInputSchema>;

/** The name shown for `label`: its mapped name, else the label itself. */
export function speakerName(label: string, names: SpeakerNames | null | undefined): string {
  const name = names?.[label];
  return typeof name === 'string' && name ? name : label;
}

/** The distinct speaker labels of a stored transcript, in the order they first speak. */
export function speakerLabels(transcript: string | null | undefined): string[] {
  return [...new Set(parseTranscript(transcript).map((t) => t.speaker))];
}

/**
 * `names` without entries that change nothing (a label mapped to itself) or that name no label of
 * `labels`; keys in `labels` order, so equal maps compare equal as JSON.
 */
export function normalizeSpeakerNames(
  names: SpeakerNames,
  labels: readonly string[],
): SpeakerNames {
  const out: SpeakerNames = {};
  for (const label of labels) {
    const name = names[label];
    if (typeof name === 'string' && name && name !== label) out[label] = name;
  }
  return out;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Last words of a label that name a role, so notes write it with 'the' ('the Project Manager'). */
const ROLE_NOUN =
  /\s(?:manager|designer|engineer|director|lead|expert|analyst|developer|officer|consultant|moderator|host|interviewer|interviewee|presenter|facilitator|chair|chairman|chairwoman|chairperson|coordinator|researcher|scientist|architect|specialist|representative|secretary|president|assistant|administrator|organi[sz]er|owner)$/i;

/**
 * Whether a speaker label names a role ('Project Manager', 'Lead Engineer'), which notes write
 * with 'the', rather than a person ('Abbie Claflin') or a numbered label ('Speaker 2', 'Grad C'),
 * which never take an article.
 */
export function isRoleLabel(label: string): boolean {
  return ROLE_NOUN.test(` ${label.trim()}`);
}

/**
 * `text` with each key of `changes` replaced by its value in one pass (a swap A→B, B→A does not
 * chain), where the key stands as a whole phrase: 'Speaker 1' is replaced in 'Speaker 1 will' but
 * not inside 'Speaker 12'; longer keys first, so 'Project Manager' wins over 'Manager'. An article
 * before a role ('The Project Manager said') is dropped when the new name is not a role itself: a
 * person's name never reads 'The Abbie Claflin'.
 */
export function replaceSpeakerNames(text: string, changes: ReadonlyMap<string, string>): string {
  const keys = [...changes.keys()].filter(Boolean).sort((a, b) => b.length - a.length);
  if (keys.length === 0) return text;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:(?<article>the|The|THE)\\s+)?(?<name>${keys.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
    'gu',
  );
  return text.replace(pattern, (...args: unknown[]) => {
    const { article, name } = args.at(-1) as { article?: string; name: string };
    const shown = changes.get(name) ?? name;
    if (!article) return shown;
    if (isRoleLabel(shown)) return `${article} ${shown}`;
    // The article began a sentence: the name begins it now.
    return article === 'the' ? shown : shown.charAt(0).toUpperCase() + shown.slice(1);
  });
}

/**
 * `text` (a summary, an action item's title) with each mapped label replaced by its name, as
 * {@link replaceSpeakerNames} does.
 */
export function applySpeakerNames(text: string, names: SpeakerNames | null | undefined): string {
  const changes = new Map(
    Object.keys(names ?? {})
      .filter((label) => speakerName(label, names) !== label)
      .map((label) => [label, speakerName(label, names)]),
  );
  return replaceSpeakerNames(text, changes);
}

/**
 * Old shown name → new shown name, for the names that no label shows any more once `after`
 * replaces `before`: what an action item owned by the old name is owned by now. A name still shown
 * for some label (two speakers were merged, then one was split off again) keeps its items.
 */
export function renamedSpeakers(
  labels: readonly string[],
  before: SpeakerNames,
  after: SpeakerNames,
): Map<string, string> {
  const shownAfter = new Set(labels.map((label) => speakerName(label, after)));
  const changes = new Map<string, string>();
  for (const label of labels) {
    const from = speakerName(label, before);
    const to = speakerName(label, after);
    if (from !== to && !shownAfter.has(from) && !changes.has(from)) changes.set(from, to);
  }
  return changes;
}

/**
 * A name suggested for a speaker because their voice matches a voice profile, or because they are
 * the other attendee of a two-person meeting: accept it (it becomes the speaker's name) or dismiss
 * it. `similarity` is the cosine similarity (-1..1) of the speaker's voiceprint and the profile's;
 * `profileId` and `similarity` are null for a suggestion from the attendee list alone.
 */
export const speakerSuggestionSchema = z.object({
  profileId: z.string().uuid().nullable(),
  name: z.string(),
  similarity: z.number().nullable(),
});
export type SpeakerSuggestion = z.infer<typeof speakerSuggestionSchema>;

/** A person's voice profile as Settings lists it. `sampleUrl` plays a short clip of the voice. */
export const voiceProfileSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** The linked contact's e-mail; null for a name with no contact. */
  email: z.string().nullable(),
  /** Catalog id of the speaker embedding model the voiceprint was made with. */
  model: z.string(),
  /** How many meetings the voiceprint averages. */
  meetings: z.number().int(),
  /** Same-origin URL of the voice clip (`/api/voices/{id}/sample`); null when none was cut. */
  sampleUrl: z.string().nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type VoiceProfile = z.infer<typeof voiceProfileSchema>;

/** `GET /api/voices`: every voice profile of the user, by name. */
export const voiceProfileListSchema = z.object({ profiles: z.array(voiceProfileSchema) });
export type VoiceProfileList = z.infer<typeof voiceProfileListSchema>;

/**
 * The transcript's speaker indices (0-based, as the speech-to-text result numbers them) behind
 * each label, read from the stored turns and their times: paragraph `i` of the transcript has the
 * label, and `turnTimes[i].speaker` the index, which works for labels a speaker enhancement
 * renamed. When the counts differ, 'Speaker N' stands for index N - 1 and other labels for none.
 */
export function speakerIndicesByLabel(
  transcript: string | null | undefined,
  turnTimes: readonly { speaker: number }[],
): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  const add = (label: string, index: number) => {
    const set = out.get(label) ?? new Set<number>();
    set.add(index);
    out.set(label, set);
  };
  const turns = parseTranscript(transcript);
  // Paragraphs pair with turn times only while the transcript has its stored shape (an edit, or
  // two turns of one speaker run together, changes the count); otherwise the labels' own numbers.
  if (turns.length === turnTimes.length) {
    turns.forEach((turn, i) => add(turn.speaker, turnTimes[i]!.speaker));
  } else {
    for (const turn of turns) {
      const n = /^Speaker (\d+)$/.exec(turn.speaker);
      if (n && Number(n[1]) >= 1) add(turn.speaker, Number(n[1]) - 1);
    }
  }
  return out;
}
