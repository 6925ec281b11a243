/**
 * Input limits of the API: the longest text each field takes, the body size of each kind of route,
 * and the sane ranges of durations and dates. Every text field of a request goes through
 * `boundedText`, so a NUL byte (which PostgreSQL cannot store in `text` or `jsonb`) answers 400
 * everywhere rather than a database error. Documented in docs/self-hosting.md ("Limits").
 */
import { z } from './zod.ts';

/**
 * The longest text, in characters (UTF-16 code units, as zod and JavaScript count), that each kind
 * of field accepts. The product fixes only generated titles (50 characters) and chat title
 * fallbacks (60); these are generous ceilings well above anything a person types.
 */
export const TEXT_LIMITS = {
  /** Meeting title (generated titles are 50). */
  title: 500,
  /** To-do title. */
  todoTitle: 1_000,
  /** To-do description. */
  description: 10_000,
  /** A person's name: participants, to-do assignee, calendar attendee name. */
  personName: 500,
  /** Account name (sign-up, update-user). */
  userName: 200,
  /** E-mail address (RFC 5321: 254 octets). */
  email: 254,
  /** Chat title. */
  chatTitle: 200,
  /** A saved chat message (a question or an assistant answer). */
  chatMessage: 32_000,
  /** Quoted text of a saved citation (the server quotes at most 500 characters). */
  citationText: 2_000,
  /** Meeting search text (`?q=`). */
  search: 200,
  /**
   * Stored transcript. A 10-hour meeting at 150 words per minute is 90,000 words, about 6.5
   * characters a word with spaces, punctuation and 'Speaker N:' labels: ≈ 585,000 characters.
   * Two million leaves room for fast talkers and overlapping speech (3.4x).
   */
  transcript: 2_000_000,
  /** Stored summary (markdown). */
  summary: 200_000,
  /** A summary topic. */
  topic: 200,
  /** Meeting group name. */
  groupName: 200,
  /** A DNS domain (RFC 1035: 253 characters). */
  domain: 253,
  /** Opaque identifiers from elsewhere: calendar event ids, job ids, cursors, model names. */
  identifier: 1_024,
  /** A URL (signed storage URL, avatar image). */
  url: 4_096,
  /** Any other string of the auth routes (passwords, tokens, callback URLs). */
  authOther: 8_192,
} as const;

/**
 * Largest request body, in bytes, by kind of route. Uploads (multipart, tus, recording chunks,
 * `/api/transcribe`) keep their own limits and are not listed here.
 */
export const BODY_LIMITS = {
  /** Every JSON route, including the unauthenticated /api/auth/*: 256 KiB. */
  default: 256 * 1024,
  /**
   * `POST /api/chat` and `/api/chat/stream`: a question with up to 40 turns of history; and
   * `PUT /api/meetings/{id}/notes`: 100,000 characters of notes in up to 2,000 blocks. 1 MiB.
   */
  chat: 1024 * 1024,
  /**
   * Routes that carry a transcript (`POST/PATCH /api/meetings`, the text workers): the
   * transcript limit (2,000,000 characters) at up to 4 bytes each in UTF-8/JSON. 8 MiB.
   */
  transcript: 8 * 1024 * 1024,
} as const;

/** Longest meeting duration accepted on write, in minutes: 48 hours. */
export const MAX_DURATION_MINUTES = 48 * 60;
/** The same bound in milliseconds, for fields in ms. */
export const MAX_DURATION_MS = MAX_DURATION_MINUTES * 60_000;

/** Earliest and latest date accepted on write (years 1970 to 2200), in ms since the epoch. */
export const DATE_RANGE = {
  min: Date.UTC(1970, 0, 1),
  max: Date.UTC(2201, 0, 1) - 1,
} as const;

/** Whether `s` contains a NUL character (U+0000), which PostgreSQL cannot store. */
export function hasNul(s: string): boolean {
  return s.includes('\u0000');
}

/** Message of a text field that holds a NUL character. */
export const NUL_MESSAGE = 'Text must not contain NUL (\\u0000) characters';

/** Nesting walked by {@link nulPath}; deeper values are not looked into. */
const NUL_SEARCH_DEPTH = 32;

/**
 * Where the first NUL character of a parsed JSON value is: the dotted path of the string value
 * or object key that holds it ('' for the value itself, `names.a\u0000b` for a key), or null when
 * there is none. Every write of the server and every MCP tool call goes through it, so no route's
 * own schema has to remember the rule.
 */
export function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return hasNul(value) ? path.join('.') : null;
  if (value === null || typeof value !== 'object' || path.length >= NUL_SEARCH_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (hasNul(key)) return [...path, key].join('.');
    const found = nulPath(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** A string of at most `max` characters, whose error says so in plain words. */
export function maxText(max: number) {
  return z.string().max(max, `At most ${max} characters`);
}

/**
 * A string of at most `max` characters without NUL characters: the schema of every text field
 * of a request. Chain `.trim().min(1)` and such after it.
 */
export function boundedText(max: number) {
  return maxText(max).refine((s) => !hasNul(s), NUL_MESSAGE);
}

/** An ISO 8601 date-time with offset, between 1970-01-01 and 2200-12-31 (UTC). */
export const boundedDate = z.iso
  .datetime({ offset: true })
  .refine(
    (s) => {
      const t = Date.parse(s);
      return t >= DATE_RANGE.min && t <= DATE_RANGE.max;
    },
    { message: 'The date must fall between the years 1970 and 2200' },
  )
  .describe('ISO 8601 date-time, years 1970 to 2200');

/** A meeting duration in minutes, 0 to 48 hours. */
export const boundedDurationMinutes = z
  .number()
  .min(0)
  .max(MAX_DURATION_MINUTES, `At most ${MAX_DURATION_MINUTES} minutes (48 hours)`)
  .describe('minutes, 0 to 2880 (48 hours)');

/** A duration in milliseconds, 0 to 48 hours. */
export const boundedDurationMs = z
  .number()
  .min(0)
  .max(MAX_DURATION_MS, `At most ${MAX_DURATION_MS} ms (48 hours)`)
  .describe('ms, 0 to 172800000 (48 hours)');
