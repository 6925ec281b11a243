/**
 * Server logs: pino, one JSON object per line on stdout (`level`, `time`, `msg` and fields), so a
 * log collector can parse them (docs/self-hosting.md); on a terminal, or with LOG_FORMAT=pretty,
 * the same lines made readable by pino-pretty (`setLogFormat`). Lines written while a request or
 * a job is handled carry its `reqId`, or its `queue` and `jobId`, from an AsyncLocalStorage
 * context that http/request-context.ts and jobs/queue.ts open: services deep down get them
 * without a parameter.
 *
 * Lines stay bounded (one failure once logged an 8 MB line, another a million missing chunks in one
 * line): strings, arrays, object keys and nesting are cut, errors anywhere become `{type, message,
 * stack}`, and a line still longer than `LOG_LINE_MAX` is rewritten to its essentials.
 *
 * Lines carry no secrets or users' data from failed queries: Drizzle puts a failed query's
 * parameters (user ids, what the user typed, an API key's prefix and hash) into its error's
 * message, stack and `params`; those become `[redacted]`, as do fields named like secrets
 * (`REDACTED_FIELDS`) and PostgreSQL's `detail`, which quotes the values of a violated key.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, stdSerializers, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';

/** Longest log line written, in characters (a stack trace fits); longer ones are rewritten. */
export const LOG_LINE_MAX = 4_000;
/** Longest string kept in a log field or message, in characters; the rest becomes a count. */
export const LOG_STRING_MAX = 1_000;
/** Array items and object keys kept per level, and levels of nesting kept. */
const ITEMS_MAX = 20;
const DEPTH_MAX = 4;

/** Levels of LOG_LEVEL, most verbose first; 'silent' writes nothing. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
/** One of `LOG_LEVELS`. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Fields every line written in a context carries: the request's id, or the job's queue and id. */
export interface LogContext {
  reqId?: string;
  queue?: string;
  jobId?: string;
}

const context = new AsyncLocalStorage<LogContext>();

/** Runs `fn` with `fields` added to every log line written inside it, awaited work included. */
export function withLogContext<T>(fields: LogContext, fn: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, fn);
}

/**
 * Fields whose values never reach a log line, by name: a failed query's parameters (Drizzle's
 * `params`), PostgreSQL's `detail` ("Key (hash)=(…) already exists"), and credentials.
 */
export const REDACTED_FIELDS: ReadonlySet<string> = new Set([
  'params',
  'detail',
  'hash',
  'prefix',
  'apiKey',
  'token',
  'password',
  'secret',
  'authorization',
  'cookie',
]);
/** What a redacted value becomes. */
export const REDACTED = '[redacted]';

// Drizzle's "Failed query: {sql}\nparams: {values}" not yet redacted, up to a stack frame or the end.
const QUERY_PARAMS = /(Failed query: [\s\S]*?\nparams: )(?!\[redacted\])[\s\S]*?(?=\n {4}at |$)/g;

/**
 * `text` without the parameters of a failed query Drizzle quoted in it: from `params: ` to the
 * next stack frame or the end (the values have no end marker of their own).
 */
export function redactQueryParams(text: string): string {
  return text.includes('Failed query: ') ? text.replace(QUERY_PARAMS, `$1${REDACTED}`) : text;
}

/**
 * An error as pino serializes it, with a failed query's parameters cut out of its message and
 * stack exactly (Drizzle's error keeps them in `params`), so the message of its cause that pino
 * appends ("invalid byte sequence for encoding UTF8: 0x00") stays readable.
 */
function serializeError(err: Error): Record<string, unknown> {
  const out: Record<string, unknown> = { ...stdSerializers.err(err) };
  const params = (err as { params?: unknown }).params;
  if (params === undefined || !err.message.startsWith('Failed query: ')) return out;
  const quoted = `\nparams: ${String(params)}`;
  for (const field of ['message', 'stack']) {
    const text = out[field];
    if (typeof text === 'string') out[field] = text.split(quoted).join(`\nparams: ${REDACTED}`);
  }
  return out;
}

/** `text` cut to `max` characters, with how many were left out. */
export function truncateString(text: string, max = LOG_STRING_MAX): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… [${text.length - max} more characters]`;
}

/**
 * A copy of `value` that serializes to a bounded size: strings cut to `LOG_STRING_MAX`, arrays and
 * objects to 20 items (then a count), nesting to 4 levels, errors to `{type, message, stack, ...}`
 * (pino's serializer, their `cause` included), cycles and functions named, not followed; failed
 * queries' parameters and `REDACTED_FIELDS` redacted.
 */
export function boundValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return truncateString(redactQueryParams(value));
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= DEPTH_MAX) return Array.isArray(value) ? '[array]' : '[object]';
  seen.add(value);
  const inner = (v: unknown) => boundValue(v, depth + 1, seen);
  if (value instanceof Error) return inner(serializeError(value));
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    const kept = value.slice(0, ITEMS_MAX).map(inner);
    return value.length > ITEMS_MAX ? [...kept, `… ${value.length - ITEMS_MAX} more items`] : kept;
  }
  return boundObject(value, inner);
}

/** An object's first `ITEMS_MAX` keys, bounded by `inner` or redacted (`REDACTED_FIELDS`). */
function boundObject(value: object, inner: (v: unknown) => unknown): Record<string, unknown> {
  const entries = Object.entries(value);
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries.slice(0, ITEMS_MAX)) {
    out[k] = REDACTED_FIELDS.has(k) && v !== undefined && v !== null ? REDACTED : inner(v);
  }
  if (entries.length > ITEMS_MAX) out['…'] = `${entries.length - ITEMS_MAX} more keys`;
  return out;
}

// The fields a line cut to its essentials keeps, besides its message and error.
const ESSENTIAL = ['level', 'time', 'pid', 'hostname', 'reqId', 'queue', 'jobId'];

// `value` with every string cut to `max` characters (structure is already bounded by boundValue).
function cutStrings(value: unknown, max: number): unknown {
  if (typeof value === 'string') return truncateString(value, max);
  if (Array.isArray(value)) return value.map((v) => cutStrings(v, max));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutStrings(v, max)]));
}

/**
 * A JSON log line of at most `max` characters (plus its newline). A longer one gets its strings cut
 * shorter; if that is not enough, it keeps only its essential fields and its message and error
 * cut. Either way `cut` says how long it was.
 */
export function boundLine(line: string, max = LOG_LINE_MAX): string {
  if (line.length <= max + 1) return line;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(line) as Record<string, unknown>;
  } catch {
    // Not JSON (pino writes only JSON; this is a safety net): its start becomes the message.
    parsed = { msg: line };
  }
  const cut = `line of ${line.length} characters shortened`;
  const shorter = JSON.stringify({ ...(cutStrings(parsed, max / 16) as object), cut });
  if (shorter.length <= max) return `${shorter}\n`;
  const short: Record<string, unknown> = {};
  for (const key of ESSENTIAL) if (key in parsed) short[key] = parsed[key];
  const err = parsed.err as { type?: unknown; message?: unknown } | undefined;
  if (err && typeof err === 'object')
    short.err = { type: err.type, message: truncateString(String(err.message), max / 8) };
  short.msg = truncateString(String(parsed.msg ?? ''), max / 8);
  short.cut = cut;
  return `${JSON.stringify(short)}\n`;
}

let defaultDestination: DestinationStream | undefined;

/** Values of LOG_FORMAT: JSON lines, or readable lines for a person. */
export const LOG_FORMATS = ['json', 'pretty'] as const;
/** One of `LOG_FORMATS`. */
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * The format of the server's log lines: LOG_FORMAT's value `setting` when it names one, else
 * readable when the output `isTTY` (a person reads it) and JSON when it is a file, a pipe or a
 * log collector.
 */
export function chooseLogFormat(setting: string | undefined, isTTY: boolean): LogFormat {
  if (setting === 'json' || setting === 'pretty') return setting;
  return isTTY ? 'pretty' : 'json';
}

// A bounded JSON line made readable; set by setLogFormat('pretty'), else lines stay JSON.
let prettify: ((line: string) => string) | undefined;

/**
 * Writes every logger's lines as `format` from now on. 'pretty' loads pino-pretty (only then: a
 * server writing JSON does without its memory) and writes `HH:MM:ss LEVEL: message` with the
 * fields on the same line, in colour on a terminal; an access line reads `GET /path 200 3.1 ms`.
 */
export async function setLogFormat(format: LogFormat): Promise<void> {
  if (format === 'json') {
    prettify = undefined;
    return;
  }
  const { prettyFactory } = await import('pino-pretty');
  const pretty = prettyFactory({
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
  });
  prettify = (line) => {
    const entry = JSON.parse(line) as Record<string, unknown>;
    if (entry.msg !== 'request' || !('method' in entry)) return pretty(entry);
    const { method, path, status, durationMs, ...rest } = entry;
    return pretty({ ...rest, msg: `${method} ${path} ${status} ${durationMs} ms` });
  };
}

/**
 * Sends the lines of loggers made without a destination (the server's `log` among them) to
 * `destination` instead of stdout. The CLI passes stderr: its stdout is the command's own output
 * (a table, a progress bar), which log lines from the services it calls must not interleave.
 */
export function setLogDestination(destination: DestinationStream): void {
  defaultDestination = destination;
}

/**
 * A Summy logger writing bounded JSON lines to `destination` (default: stdout, looked up at each
 * write so a test can watch it) at `level`.
 */
export function createLogger(destination?: DestinationStream, level: LogLevel = 'info'): Logger {
  const sink = {
    write: (line: string) => {
      const bounded = boundLine(line);
      (destination ?? defaultDestination ?? process.stdout).write(
        prettify ? prettify(bounded) : bounded,
      );
    },
  };
  return pino(
    {
      level,
      timestamp: stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => boundValue(fields) as Record<string, unknown>,
      },
      // boundValue already serialized every error; pino's own would rename their type 'Object'.
      serializers: { err: (err: unknown) => err },
      mixin: () => ({ ...context.getStore() }),
      hooks: {
        // Messages are bounded like fields (formatters.log only sees the fields).
        logMethod(args, method) {
          const bounded = args.map((a) =>
            typeof a === 'string' ? truncateString(redactQueryParams(a)) : a,
          );
          return method.apply(this, bounded as Parameters<typeof method>);
        },
      },
    },
    sink,
  );
}

/**
 * The server's logger: `log.error({ err, meetingId }, 'storing the audio failed')`. Use it for
 * anything request data can reach; startServer sets its level from LOG_LEVEL.
 */
export const log: Logger = createLogger();

/** Sets the level of the server's logger (LOG_LEVEL; every server in this process shares it). */
export function setLogLevel(level: LogLevel): void {
  log.level = level;
}
