/**
 * The meeting assistant's contracts and rules (3 "Chat message", 4 "Chat", 5 (picker, titles), 7
 * `POST /api/chat`, 8 chat errors).
 */
import { z } from './zod.ts';
import { citationSchema } from './contracts.ts';
import { boundedText } from './limits.ts';

/** At most this many meetings can be named in one question's context. */
export const CHAT_CONTEXT_MAX_MEETINGS = 50;

/** Longest question accepted, in characters. */
export const CHAT_QUESTION_MAX = 10_000;

/**
 * What a question is about ("Context types are todo or meeting"). A meeting context with no ids
 * means all of the user's meetings.
 */
export const chatContextSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('meeting'),
    meetingIds: z.array(z.string().uuid()).max(CHAT_CONTEXT_MAX_MEETINGS).default([]),
  }),
  z.object({ type: z.literal('todo') }),
]);
export type ChatContext = z.infer<typeof chatContextSchema>;

/** An earlier turn of the conversation, sent so follow-up questions make sense. */
export const chatHistoryItemSchema = z.object({
  isUser: z.boolean(),
  content: boundedText(20_000),
});

/**
 * Body of `POST /api/chat` and `POST /api/chat/stream` (content, context, provider, model).
 * `content` must be non-empty after trimming.
 */
export const chatRequestSchema = z.object({
  content: boundedText(CHAT_QUESTION_MAX).refine((s) => s.trim().length > 0, {
    message: 'The question is empty',
  }),
  context: chatContextSchema.default({ type: 'meeting', meetingIds: [] }),
  provider: boundedText(100).optional(),
  model: boundedText(200).optional(),
  history: z.array(chatHistoryItemSchema).max(40).optional(),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

/** Where a cited passage comes from; the panel links each to that place in the meeting. */
export const CHAT_SECTIONS = ['summary', 'actionItems', 'transcript', 'todos'] as const;
export type ChatSection = (typeof CHAT_SECTIONS)[number];

/** How each section is named to the user and to the model ('Transcript', 'Action item', …). */
export const CHAT_SECTION_LABELS: Record<ChatSection, string> = {
  transcript: 'Transcript',
  summary: 'Summary',
  actionItems: 'Action item',
  todos: 'To-do',
};

/**
 * A citation as `POST /api/chat` answers it: the quoted text and its section, the meeting, and for
 * transcript turns the speaker, start (seconds) and turn index; `ref` is the number the answer's
 * text uses for it ('[2]'). A segment of the live draft transcript of a meeting still recording is
 * cited with section 'transcript', `live: true`, `turnIndex` its `seq`, `speaker` 'You' or 'Call'
 * and `start` seconds from Start.
 */
export const chatCitationSchema = citationSchema.extend({
  ref: z.number().int().positive(),
  section: z.enum(CHAT_SECTIONS),
  meetingTitle: z.string().nullable().optional(),
  turnIndex: z.number().int().nonnegative().nullable().optional(),
});
export type ChatCitation = z.infer<typeof chatCitationSchema>;

/** Answer of `POST /api/chat` ("content or response"): both carry the text. */
export const chatAnswerSchema = z.object({
  content: z.string(),
  response: z.string(),
  citations: z.array(chatCitationSchema),
  /** 'offline' or 'provider:model'. */
  model: z.string(),
});
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;

/**
 * The answer waits for the model: its place in line (1 = next; 0 once the model writes it), and
 * whether a meeting's notes are being written ahead of it. Only the local language model, which
 * runs a set number of requests at once, makes an answer wait.
 */
export interface ChatWaiting {
  position: number;
  notes: boolean;
}

/** What the panel shows while an answer waits; empty once it no longer waits. */
export function chatWaitingText({ position, notes }: ChatWaiting): string {
  if (position <= 0) return '';
  const ahead =
    position === 1
      ? ''
      : ` (${position - 1} more ${position === 2 ? 'request' : 'requests'} before yours)`;
  return notes
    ? `Waiting for the notes model: it is writing a meeting's notes first${ahead}.`
    : `Waiting for the notes model: it is answering another question first${ahead}.`;
}

/**
 * Server-sent events of `POST /api/chat/stream`, in order: one `citations` (the passages given to
 * the model), `waiting` while the answer waits for the model (`ChatWaiting`, last with position
 * 0), `delta` for each piece of text as it is generated, then `done` (the whole answer with the
 * citations its text refers to) or `error` (`{error, details}`).
 */
export type ChatStreamEvent =
  | { event: 'citations'; data: { citations: ChatCitation[] } }
  | { event: 'waiting'; data: ChatWaiting }
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: ChatAnswer }
  | { event: 'error'; data: { error: string; details: string } };

/** The chat worker's failure. */
export const CHAT_FAILED = 'Chat failed';
/** The chat worker produced nothing. */
export const CHAT_NO_RESPONSE = 'No response generated';

/** What the panel shows when the server answers an error. */
export function chatErrorText(error: string, details: string): string {
  return `Sorry, I encountered an error: ${error}. ${details}`;
}

/** What the panel shows when the server cannot be reached. */
export const CHAT_CONNECTION_ERROR =
  "Sorry, I'm having trouble connecting right now. Please try again later.";

/** Chat history reset 30 s after close, in ms. */
export const CHAT_HISTORY_RESET_MS = 30_000;
/** The meeting picker shows at most 5 meetings. */
export const CHAT_PICKER_MAX = 5;
/** Chat title fallback length, in characters. */
export const CHAT_TITLE_MAX = 60;
/** The chat list holds the latest 200 chats. */
export const CHAT_LIST_LIMIT = 200;
/** The floating panel's size, px; the sidebar's width, px. */
export const CHAT_PANEL_SIZE = { floating: 640, sidebar: 384 } as const;

// Markdown that would show as noise in a one-line title: quote marks, headings, list bullets,
// emphasis, and the answer's citation markers.
function plainLine(line: string): string {
  return (
    line
      .replace(/^\s*(?:>\s*)+/, '')
      .replace(/^\s*#{1,6}\s+/, '')
      .replace(/^\s*(?:[-*+]|\d+\.)\s+/, '')
      .replace(/\s*\[\d+\]/g, '')
      .replace(/[*_`]+/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      // 'What your meetings say about X:' introduces a list; as a title the colon dangles.
      .replace(/:$/, '')
  );
}

/**
 * The auto-title of a chat: the first 60 characters of the first line of the first answer, markdown
 * marks removed. Undefined when the answer has no text.
 */
export function chatAutoTitle(firstAnswer: string): string | undefined {
  const line = firstAnswer
    .split('\n')
    .map(plainLine)
    .find((l) => l.length > 0);
  return line ? line.slice(0, CHAT_TITLE_MAX) : undefined;
}

/**
 * The title a chat is listed with: its own, else the first 60 characters of its latest message,
 * else 'Chat'.
 */
export function chatDisplayTitle(
  title: string | null | undefined,
  latestMessage: string | null | undefined,
): string {
  if (title?.trim()) return title.trim();
  const latest = latestMessage?.replace(/\s+/g, ' ').trim();
  return latest ? latest.slice(0, CHAT_TITLE_MAX) : 'Chat';
}

/** The '@' mention being typed at the caret: its text and where the '@' is. */
export interface MentionQuery {
  /** Text typed after '@' (may be empty). */
  query: string;
  /** Index of the '@' in the input. */
  start: number;
}

/**
 * The mention being typed before `caret`, or undefined when the picker should be closed: no '@'
 * starting a word before the caret, or a space already typed after the text ("it closes once a
 * space follows the typed text").
 */
export function mentionAt(input: string, caret: number = input.length): MentionQuery | undefined {
  const before = input.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return undefined;
  // An '@' inside a word (an e-mail address) opens nothing.
  if (at > 0 && !/\s/.test(before[at - 1]!)) return undefined;
  const query = before.slice(at + 1);
  if (/\s/.test(query)) return undefined;
  return { query, start: at };
}

/**
 * Meetings for the picker: titles containing the query, case-insensitive, at most 5, in the given
 * order. An empty query lists the first five.
 */
export function matchMeetings<T extends { title: string }>(
  meetings: readonly T[],
  query: string,
  max: number = CHAT_PICKER_MAX,
): T[] {
  const q = query.trim().toLocaleLowerCase();
  const out: T[] = [];
  for (const m of meetings) {
    if (out.length >= max) break;
    if (!q || m.title.toLocaleLowerCase().includes(q)) out.push(m);
  }
  return out;
}

/** The meeting view's modes a link can open (`?view=`), matching its bottom bar. */
export const MEETING_VIEW_PARAM = {
  summary: 'summary',
  actionItems: 'actions',
  transcript: 'transcript',
} as const;

/** The element id of a live segment's row on the meeting page, which a live citation links to. */
export function liveSegmentAnchor(seq: number): string {
  return `live-${seq}`;
}

/**
 * Where a citation leads: `/meeting/{id}?view=summary|actions|transcript`, with `&turn={index}`
 * for a transcript turn (the meeting view scrolls to that card); to-dos without a meeting lead to
 * `/todos`. A live citation leads to the meeting page's live transcript row:
 * `/meeting/{id}?view=transcript#live-{seq}` (the row's id, {@link liveSegmentAnchor}).
 */
export function citationHref(
  citation: Pick<ChatCitation, 'meetingId' | 'section' | 'turnIndex' | 'live'>,
): string {
  if (!citation.meetingId) return '/todos';
  if (citation.live && citation.turnIndex != null) {
    return `/meeting/${citation.meetingId}?view=${MEETING_VIEW_PARAM.transcript}#${liveSegmentAnchor(citation.turnIndex)}`;
  }
  const view =
    citation.section === 'transcript'
      ? MEETING_VIEW_PARAM.transcript
      : citation.section === 'summary'
        ? MEETING_VIEW_PARAM.summary
        : MEETING_VIEW_PARAM.actionItems;
  const turn =
    citation.section === 'transcript' && citation.turnIndex != null
      ? `&turn=${citation.turnIndex}`
      : '';
  return `/meeting/${citation.meetingId}?view=${view}${turn}`;
}
