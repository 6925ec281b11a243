/** Maps stored meeting rows to the app's shapes. */
import { playbackMixKey } from '../../storage/playback-mix.ts';
import type { Meeting, MeetingListItem, SpeakerNames, SpeakerSuggestion } from '@summy/core';
import {
  applySpeakerNames,
  callCaptureSchema,
  priorityToStar,
  speakerName,
  writtenNotesSchema,
} from '@summy/core';
import { meetings, type todos } from '@summy/db';
import { textModelLabel } from '../../providers/llm/catalog.ts';

type MeetingRow = typeof meetings.$inferSelect;
/** A to-do row without its search vector, which no answer shows. */
type TodoRow = Omit<typeof todos.$inferSelect, 'search'>;

/** `summary_data` as an object (stored as JSON or a JSON string), or null when it is neither. */
export function readSummaryData(summaryData: unknown): Record<string, unknown> | null {
  let data = summaryData;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}

/**
 * Speaker-turn times live in `summary_data.turnTimes` as `{speaker, start, end}` (seconds), one
 * per stored turn in transcript order; malformed entries drop the whole list (a partial list
 * would point turns at the wrong times).
 */
export function readTurnTimes(summaryData: unknown): Meeting['turnTimes'] {
  const list = readSummaryData(summaryData)?.turnTimes;
  if (!Array.isArray(list)) return [];
  const ok = list.every(
    (t) =>
      t &&
      typeof (t as { speaker?: unknown }).speaker === 'number' &&
      typeof (t as { start?: unknown }).start === 'number' &&
      typeof (t as { end?: unknown }).end === 'number',
  );
  return ok
    ? (list as Meeting['turnTimes']).map(({ speaker, start, end }) => ({ speaker, start, end }))
    : [];
}

/** Topics live in `summary_data.topics` as `{topic, confidence}`; anything else is ignored. */
export function readTopics(summaryData: unknown): Meeting['topics'] {
  const topics = readSummaryData(summaryData)?.topics;
  if (!Array.isArray(topics)) return [];
  return topics.flatMap((t) => {
    if (typeof t === 'string') return [{ topic: t, confidence: 1 }];
    const o = t as { topic?: unknown; confidence?: unknown };
    if (typeof o?.topic !== 'string') return [];
    const c = typeof o.confidence === 'number' ? Math.min(1, Math.max(0, o.confidence)) : 1;
    return [{ topic: o.topic, confidence: c }];
  });
}

/**
 * The engine of the stored transcript: `summary_data.transcription` `{provider, model?}`, else the
 * `sttProvider` id that meetings transcribed before it kept, else null.
 */
export function readTranscription(summaryData: unknown): Meeting['transcription'] {
  const data = readSummaryData(summaryData);
  const recorded = data?.transcription as { provider?: unknown; model?: unknown } | undefined;
  if (recorded && typeof recorded.provider === 'string') {
    return typeof recorded.model === 'string'
      ? { provider: recorded.provider, model: recorded.model }
      : { provider: recorded.provider };
  }
  return typeof data?.sttProvider === 'string' ? { provider: data.sttProvider } : null;
}

/**
 * The object key playback serves for the stored audio at `key`: the mono mix of a call recording
 * when the pipeline stored one (`summary_data.playbackMix`), else the audio itself.
 */
export function playbackKey(key: string, summaryData: unknown): string {
  return readSummaryData(summaryData)?.playbackMix === true ? playbackMixKey(key) : key;
}

/** What merging a call's channels found: `summary_data.capture`, null when absent or malformed. */
export function readCapture(summaryData: unknown): Meeting['capture'] {
  const parsed = callCaptureSchema.safeParse(readSummaryData(summaryData)?.capture);
  return parsed.success ? parsed.data : null;
}

/**
 * The notes written around My notes: `summary_data.writtenNotes`, null when absent or malformed.
 * Bullet texts are answered with the speaker `names`, like the summary (they were written with
 * the transcript's labels).
 */
export function readWrittenNotes(
  summaryData: unknown,
  names: SpeakerNames = {},
): Meeting['writtenNotes'] {
  const parsed = writtenNotesSchema.safeParse(readSummaryData(summaryData)?.writtenNotes);
  if (!parsed.success) return null;
  const sections = parsed.data.sections.map((s) => ({
    ...s,
    bullets: s.bullets.map((b) => ({ ...b, text: applySpeakerNames(b.text, names) })),
  }));
  return { ...parsed.data, sections };
}

/** A to-do row as the app's action item. */
export function toActionItem(row: TodoRow): Meeting['actionItems'][number] {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    assignedTo: row.assignedTo,
    completed: row.completed,
    completedAt: row.completedAt?.toISOString() ?? null,
    priority: priorityToStar(row.priority),
    meetingId: row.meetingId,
    linearIssueId: row.linearIssueId,
    linearIssueUrl: row.linearIssueUrl,
  };
}

/** The stored speaker map, entries that are not both strings left out (jsonb may hold anything). */
export function readSpeakerNames(value: unknown): SpeakerNames {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1].length > 0,
    ),
  );
}

/**
 * The stored name suggestions that still apply: well-formed entries for labels the user has not
 * named yet.
 */
export function readSpeakerSuggestions(
  value: unknown,
  names: SpeakerNames,
): Meeting['speakerSuggestions'] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(([label, s]) => {
      const o = s as Partial<SpeakerSuggestion> | null;
      return (
        !names[label] &&
        typeof o?.name === 'string' &&
        (typeof o.profileId === 'string' || o.profileId === null) &&
        (typeof o.similarity === 'number' || o.similarity === null)
      );
    }),
  ) as Meeting['speakerSuggestions'];
}

/** Participants' names as shown: each through the speaker map, repeats (merged speakers) once. */
function shownParticipants(participants: unknown, names: SpeakerNames): string[] {
  if (!Array.isArray(participants)) return [];
  const shown = participants
    .filter((p): p is string => typeof p === 'string')
    .map((p) => speakerName(p, names));
  return [...new Set(shown)];
}

/**
 * The columns {@link toMeeting} reads, for a query that reads a meeting only to answer it: the rest
 * (the speaker embeddings above all, tens of kilobytes of JSON on a long meeting) would be parsed
 * for nothing.
 */
export const meetingViewColumns = {
  id: meetings.id,
  title: meetings.title,
  date: meetings.date,
  duration: meetings.duration,
  transcript: meetings.transcript,
  summary: meetings.summary,
  speakerNames: meetings.speakerNames,
  speakerSuggestions: meetings.speakerSuggestions,
  audioUrl: meetings.audioUrl,
  isRecording: meetings.isRecording,
  isProcessing: meetings.isProcessing,
  isPaused: meetings.isPaused,
  summaryData: meetings.summaryData,
  participants: meetings.participants,
  calendarEventId: meetings.calendarEventId,
  calendarEventTitle: meetings.calendarEventTitle,
  calendarEventAttendees: meetings.calendarEventAttendees,
  calendarRecurringEventId: meetings.calendarRecurringEventId,
  calendarAccountId: meetings.calendarAccountId,
  calendarAccountEmail: meetings.calendarAccountEmail,
  calendarAccountRemoved: meetings.calendarAccountRemoved,
  summaryRegenerating: meetings.summaryRegenerating,
  summaryModel: meetings.summaryModel,
  summaryTemplate: meetings.summaryTemplate,
  notesEngine: meetings.notesEngine,
  summaryError: meetings.summaryError,
  channels: meetings.channels,
  callAudioEndedAt: meetings.callAudioEndedAt,
  updatedAt: meetings.updatedAt,
};

/** A meeting row with the columns of {@link meetingViewColumns}. */
export type MeetingViewRow = Pick<MeetingRow, keyof typeof meetingViewColumns>;

/**
 * A stored meeting plus its action items, in the app's shape. The transcript keeps its original
 * labels (the view maps them per turn with `speakerNames`); the summary and the participants are
 * answered with the names.
 */
export function toMeeting(row: MeetingViewRow, actionItems: TodoRow[]): Meeting {
  const names = readSpeakerNames(row.speakerNames);
  return {
    id: row.id,
    title: row.title,
    date: row.date.toISOString(),
    duration: row.duration,
    transcript: row.transcript,
    summary: row.summary === null ? null : applySpeakerNames(row.summary, names),
    speakerNames: names,
    speakerSuggestions: readSpeakerSuggestions(row.speakerSuggestions, names),
    audioUrl: row.audioUrl,
    isRecording: row.isRecording,
    isProcessing: row.isProcessing,
    isPaused: row.isPaused,
    topics: readTopics(row.summaryData),
    turnTimes: readTurnTimes(row.summaryData),
    actionItems: actionItems.map(toActionItem),
    participants: shownParticipants(row.participants, names),
    transcription: readTranscription(row.summaryData),
    calendarEventId: row.calendarEventId,
    calendarEventTitle: row.calendarEventTitle,
    calendarEventAttendees: row.calendarEventAttendees ?? null,
    calendarRecurringEventId: row.calendarRecurringEventId,
    calendarAccountId: row.calendarAccountId,
    calendarAccountEmail: row.calendarAccountEmail,
    calendarAccountRemoved: row.calendarAccountRemoved,
    summaryRegenerating: row.summaryRegenerating,
    summaryModel: row.summaryModel,
    summaryTemplate: row.summaryTemplate,
    notesEngine: row.notesEngine
      ? { id: row.notesEngine, label: textModelLabel(row.notesEngine) }
      : null,
    summaryError: row.summaryError,
    channels: row.channels ?? null,
    callAudioEndedAt: row.callAudioEndedAt,
    capture: readCapture(row.summaryData),
    writtenNotes: readWrittenNotes(row.summaryData, names),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A row of the meeting list; `participants` only when the row was read with them. */
export function toMeetingListItem(
  row: Pick<
    MeetingRow,
    'id' | 'title' | 'date' | 'duration' | 'userId' | 'isRecording' | 'isProcessing'
  > &
    Partial<Pick<MeetingRow, 'participants' | 'speakerNames'>>,
): MeetingListItem {
  return {
    id: row.id,
    title: row.title,
    date: row.date.toISOString(),
    duration: row.duration,
    user_id: row.userId,
    isRecording: row.isRecording,
    isProcessing: row.isProcessing,
    // jsonb written by older code or by hand may hold anything: only names are answered.
    ...(Array.isArray(row.participants)
      ? { participants: shownParticipants(row.participants, readSpeakerNames(row.speakerNames)) }
      : {}),
  };
}
