/**
 * Links into the meeting view: `/meeting/{id}?view=summary|actions|transcript|ask[&turn=N]`, as
 * the assistant's citations write them (`citationHref` in @summy/core). `turn` is an index into
 * `parseTranscript(meeting.transcript)`, the same index the transcript cards carry. Pure, so the
 * rules are unit-tested without a browser (including a round trip through `citationHref`).
 */

/** The search parameter naming the mode. */
export const VIEW_PARAM = 'view';

/** The search parameter naming the cited transcript turn (0-based). */
export const TURN_PARAM = 'turn';

/** The view's modes as they appear in `?view=`, in the bottom bar's order. */
export const MEETING_MODE_VALUES = ['summary', 'actions', 'transcript', 'ask'] as const;

/** One of {@link MEETING_MODE_VALUES}. */
export type MeetingMode = (typeof MEETING_MODE_VALUES)[number];

/** The mode shown when the address names none: Summary is the default mode. */
export const DEFAULT_MEETING_MODE: MeetingMode = 'summary';

/** What a link asks the meeting view to show. */
export interface MeetingLink {
  mode: MeetingMode;
  /** The transcript turn to scroll to and highlight; only with mode 'transcript'. */
  turn: number | null;
}

function isMode(value: string | null): value is MeetingMode {
  return (MEETING_MODE_VALUES as readonly (string | null)[]).includes(value);
}

/**
 * Reads `view` and `turn` from a meeting address. A valid `turn` is a plain decimal integer below
 * `turnCount`; anything else (negative, fractional, '1e3', past the end) is ignored. A turn alone
 * means the transcript; a turn with another mode is dropped.
 *
 * @param turnCount number of turns of the meeting's parsed transcript
 * @returns null when the address names neither a valid mode nor a valid turn
 */
export function parseMeetingLink(params: URLSearchParams, turnCount: number): MeetingLink | null {
  const view = params.get(VIEW_PARAM);
  const rawTurn = params.get(TURN_PARAM)?.trim() ?? '';
  const parsed = /^\d{1,9}$/.test(rawTurn) ? Number(rawTurn) : NaN;
  const turn = parsed < turnCount ? parsed : null;
  if (isMode(view)) return { mode: view, turn: view === 'transcript' ? turn : null };
  return turn === null ? null : { mode: 'transcript', turn };
}

/**
 * The search parameters after the bottom bar switched to `mode`: `view` names it (dropped for the
 * default Summary, keeping the plain address), `turn` goes (the citation was followed), and any
 * other parameter stays.
 */
export function withMeetingMode(params: URLSearchParams, mode: MeetingMode): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(TURN_PARAM);
  if (mode === DEFAULT_MEETING_MODE) next.delete(VIEW_PARAM);
  else next.set(VIEW_PARAM, mode);
  return next;
}

/**
 * The search parameters that show transcript turn `index` (a citation of the written notes
 * followed): `view=transcript&turn={index}`, any other parameter kept.
 */
export function withCitedTurn(params: URLSearchParams, index: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(VIEW_PARAM, 'transcript');
  next.set(TURN_PARAM, String(index));
  return next;
}
