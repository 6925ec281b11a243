/**
 * The meeting assistant's prompt for a language model: instructions, the conversation so far, and
 * the question with its numbered sources, which the answer cites as [n].
 */
import { CHAT_SECTION_LABELS, formatPlaybackTime } from '@summy/core';
import type { ChatPrompt } from '../../providers/llm/types.ts';
import type { ChatSource } from './gather-sources.ts';

/** Earlier messages kept in the prompt, newest last. */
export const HISTORY_KEPT = 12;

/** How a live segment is named to the model, in place of 'Transcript'. */
export const LIVE_SOURCE_LABEL = 'Live draft transcript';

/**
 * What the model is told when sources are live segments: a draft of a meeting still in progress,
 * in the order spoken, newest last.
 */
export const LIVE_INSTRUCTION =
  `Sources marked '${LIVE_SOURCE_LABEL}' are the transcript so far of a meeting still in progress: a draft from live speech recognition (it may have recognition errors), one source per stretch of speech, in the order spoken with the newest last, labelled 'You' (the person asking) or 'Call' (the other side of a call) and the time since the recording started. ` +
  'When asked what was just said, or said last, answer from the latest of them.';

function liveSourceBlock(s: ChatSource): string {
  const head = [
    `[${s.ref}]`,
    LIVE_SOURCE_LABEL,
    s.meetingTitle ? `of “${s.meetingTitle}”` : null,
    `— ${s.speaker ?? 'Speaker'}`,
    s.start != null ? `at ${formatPlaybackTime(s.start)}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return `${head}\n${s.text}`;
}

function sourceBlock(s: ChatSource): string {
  if (s.live) return liveSourceBlock(s);
  const head = [
    `[${s.ref}]`,
    CHAT_SECTION_LABELS[s.section],
    s.meetingTitle ? `of “${s.meetingTitle}”` : null,
    s.meetingDate ? `(${s.meetingDate.slice(0, 10)})` : null,
    s.section === 'transcript' && s.speaker ? `— ${s.speaker}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return `${head}\n${s.surroundings ?? s.text}`;
}

/** Builds the prompt. `history` is the conversation before this question. */
export function chatPrompt(input: {
  question: string;
  sources: ChatSource[];
  history: { isUser: boolean; content: string }[];
  context: 'meeting' | 'todo';
  /** Titles of picked meetings with no transcript yet (still recording or processing). */
  notReady?: readonly string[];
}): ChatPrompt {
  const system = [
    "You are Summy's Meeting Assistant. You answer questions about the user's recorded meetings" +
      (input.context === 'todo' ? ' and to-dos.' : '.'),
    'Answer only from the numbered sources in the last message. Cite every statement with the number of its source in square brackets, like [2]; cite several as [1][3]. Never invent a source number.',
    'If the sources do not contain the answer, say so briefly.',
    'Be concise and direct. Use markdown (short paragraphs, bullet lists) when it helps. Name people as the sources name them.',
    ...(input.sources.some((s) => s.live) ? [LIVE_INSTRUCTION] : []),
  ].join('\n');
  const history = input.history.slice(-HISTORY_KEPT).map((m) => ({
    role: m.isUser ? ('user' as const) : ('assistant' as const),
    content: m.content,
  }));
  const pending = input.notReady?.length
    ? `\n\nNote: ${input.notReady.map((t) => `“${t}”`).join(', ')} is still being recorded or processed; its transcript is not available yet.`
    : '';
  const sources =
    (input.sources.length ? input.sources.map(sourceBlock).join('\n\n') : '(no sources found)') +
    pending;
  return {
    system,
    messages: [
      ...history,
      { role: 'user', content: `Sources:\n\n${sources}\n\nQuestion: ${input.question.trim()}` },
    ],
  };
}

/** The source numbers an answer cites, in order of first citation. */
export function citedRefs(answer: string, max: number): number[] {
  const refs: number[] = [];
  for (const m of answer.matchAll(/\[(\d{1,3})\]/g)) {
    const n = Number(m[1]);
    if (n >= 1 && n <= max && !refs.includes(n)) refs.push(n);
  }
  return refs;
}
