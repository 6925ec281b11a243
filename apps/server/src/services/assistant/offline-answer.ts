/**
 * The meeting assistant's answer without a language model: the best-matching
 * passages, quoted and cited, and a plain statement that no language model is configured.
 */
import { CHAT_SECTION_LABELS, formatPlaybackTime, LIVE_DRAFT_LABEL } from '@summy/core';
import type { GatheredSources } from './gather-sources.ts';

/**
 * The sentence that says why the answer only quotes (shown under every offline answer). Written
 * for the person asking: how to configure a model is the operator's, in the server's start-up log
 * (setup-notes.ts) and docs/self-hosting.md, never in an answer.
 */
export const NO_MODEL_NOTE =
  'No language model is configured on this server, so Summy quotes the passages that best match your question instead of writing an answer. Ask its administrator to set one up.';

/** What to say about picked meetings that have no transcript yet (recording or processing). */
export function notReadyText(titles: readonly string[]): string {
  const names = titles.map((t) => `“${t}”`).join(', ');
  return `${names} ${titles.length > 1 ? 'are' : 'is'} still being recorded or processed, so there is no transcript to answer from yet. Ask again once processing has finished.`;
}

/** Passages quoted in an offline answer. */
export const OFFLINE_QUOTES = 5;

const QUOTE_MAX = 400;

/**
 * The offline answer in markdown. Its first line names what was looked for, so the chat's
 * auto-title (the answer's first line) says what the chat was about.
 * @returns the text and the refs it cites
 */
export function offlineAnswer(
  gathered: GatheredSources,
  context: { type: 'meeting' | 'todo' },
): { text: string; refs: number[] } {
  const { sources, terms, noMeetings } = gathered;
  const about = terms.words.length ? terms.words.join(' ') : null;
  const quoted = sources.filter((s) => s.rank > 0).slice(0, OFFLINE_QUOTES);
  // With nothing matched, a meeting still recording is best told by what was said last.
  const live = sources.filter((s) => s.live);
  const shown = quoted.length
    ? quoted
    : live.length
      ? live.slice(-OFFLINE_QUOTES)
      : sources.slice(0, OFFLINE_QUOTES);
  const lines: string[] = [];
  if (context.type === 'meeting' && noMeetings) {
    lines.push('There are no meetings to search yet.', '', NO_MODEL_NOTE);
    return { text: lines.join('\n'), refs: [] };
  }
  if (shown.length === 0 && gathered.notReady.length > 0) {
    lines.push(notReadyText(gathered.notReady), '', NO_MODEL_NOTE);
    return { text: lines.join('\n'), refs: [] };
  }
  if (shown.length === 0) {
    lines.push(
      about
        ? `Nothing in your ${context.type === 'todo' ? 'to-dos' : 'meetings'} mentions ${about}.`
        : 'I found nothing to quote.',
      '',
      NO_MODEL_NOTE,
    );
    return { text: lines.join('\n'), refs: [] };
  }
  const what = context.type === 'todo' ? 'your to-dos' : 'your meetings';
  lines.push(
    quoted.length && about
      ? `What ${what} say about ${about}:`
      : live.length && !quoted.length
        ? 'Nothing matched your words exactly; here is what was said last:'
        : `Nothing matched your words exactly; here is what ${what} say overall:`,
  );
  const several = new Set(shown.map((s) => s.meetingId)).size > 1;
  for (const s of shown) lines.push(...quoteLines(s, several));
  lines.push('', `_${NO_MODEL_NOTE}_`);
  return { text: lines.join('\n'), refs: shown.map((s) => s.ref) };
}

/** One source as a markdown quote with its attribution (speaker, time, section, meeting). */
function quoteLines(s: GatheredSources['sources'][number], several: boolean): string[] {
  const text = s.text.length > QUOTE_MAX ? `${s.text.slice(0, QUOTE_MAX).trimEnd()}…` : s.text;
  const where = [
    s.section === 'transcript' && s.speaker ? s.speaker : null,
    s.section === 'transcript' && s.start != null ? formatPlaybackTime(s.start) : null,
    s.live ? LIVE_DRAFT_LABEL : CHAT_SECTION_LABELS[s.section],
    several && s.meetingTitle ? `“${s.meetingTitle}”` : null,
  ]
    .filter(Boolean)
    .join(', ');
  // The attribution is its own paragraph inside the quote, not run into the quoted words.
  return ['', `> ${text.replace(/\n+/g, ' ')} [${s.ref}]`, '>', `> — ${where}`];
}
