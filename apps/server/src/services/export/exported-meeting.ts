/**
 * A meeting as every export format writes it: names applied to the speakers, each turn with its
 * start and end on the recording (s), the action items, the owner's notes and a link back to the
 * meeting.
 */
import { parseTranscript, speakerName, type Meeting, type NoteBlock } from '@summy/core';

/** One transcript turn with the speaker's name and its span on the recording (s). */
export interface ExportedTurn {
  speaker: string;
  text: string;
  start: number;
  end: number;
  /** False when the times were estimated from the text's position (no stored turn times). */
  exact: boolean;
}

/** What the export formats write. */
export interface ExportedMeeting {
  id: string;
  title: string;
  /** ISO 8601 start of the meeting. */
  date: string;
  durationMinutes: number;
  /** Attendee names (else e-mails) of the linked event; empty without one. */
  attendees: string[];
  /** The speakers heard, with their names. */
  speakers: string[];
  topics: string[];
  /** Markdown, names applied; null when there is none. */
  summary: string | null;
  actionItems: { title: string; owner: string | null; completed: boolean }[];
  /** The owner's My notes: the editor's blocks and one Markdown document; null without notes. */
  notes: { blocks: NoteBlock[]; markdown: string } | null;
  turns: ExportedTurn[];
  /** The meeting in Summy (`{PUBLIC_URL}/meeting/{id}`). */
  url: string;
}

/**
 * The export view of a meeting. Stored turn times are used when there is one per turn (the
 * transcript keeps its stored shape); otherwise each turn's start is estimated from its character
 * position over the recording's length, as the meeting view does. A turn ends where the next
 * starts (the last at the end of the recording, or 2 s after its start without one).
 * @param publicUrl the server's public URL, no trailing slash
 * @param notes the owner's My notes (services/notes/read-notes.ts), null without
 */
export function toExportedMeeting(
  meeting: Meeting,
  publicUrl: string,
  notes: ExportedMeeting['notes'] = null,
): ExportedMeeting {
  const parsed = parseTranscript(meeting.transcript);
  const length = meeting.transcript?.length ?? 0;
  const durationS = meeting.duration * 60;
  const exact = parsed.length > 0 && meeting.turnTimes.length === parsed.length;
  const starts = parsed.map((turn, i) =>
    exact
      ? Math.max(0, meeting.turnTimes[i]!.start)
      : length > 0
        ? (turn.offset / length) * durationS
        : 0,
  );
  const turns = parsed.map((turn, i) => {
    const start = starts[i]!;
    const next = starts[i + 1];
    const end = exact
      ? Math.max(start, meeting.turnTimes[i]!.end)
      : next !== undefined
        ? Math.max(start, next)
        : Math.max(start + 2, durationS);
    return {
      speaker: speakerName(turn.speaker, meeting.speakerNames),
      text: turn.text,
      start,
      end,
      exact,
    };
  });
  return {
    id: meeting.id,
    title: meeting.title,
    date: meeting.date,
    durationMinutes: meeting.duration,
    attendees: (meeting.calendarEventAttendees ?? []).map((a) => a.name?.trim() || a.email),
    speakers: meeting.participants,
    topics: meeting.topics.map((t) => t.topic),
    summary: meeting.summary,
    actionItems: meeting.actionItems.map((a) => ({
      title: a.title,
      owner: a.assignedTo,
      completed: a.completed,
    })),
    notes,
    turns,
    url: `${publicUrl}/meeting/${meeting.id}`,
  };
}

/** `h:mm:ss` (hours only when needed: `m:ss`) of a time in seconds, for readers. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The meeting's date as readers expect it in a header: '2 December 2026, 14:05 UTC'. */
export function readableDate(iso: string): string {
  return (
    new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    })
      .format(new Date(iso))
      .replace(' at ', ', ') + ' UTC'
  );
}
