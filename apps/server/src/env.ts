/**
 * Summy's settings, read once from the environment (documented in .env.example and
 * docs/self-hosting.md). Every setting has an embedded default, so `npm start` needs none; a set
 * but invalid value, or half of a pair, stops start-up with a message that names the setting.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_STT_TIMEOUT_MS,
  providerSettings,
  providerSettingsShape,
  urlSetting,
  type ProviderSettings,
} from './env-providers.ts';
import { localLlmSettings, localLlmSettingsShape, type LocalLlmSettings } from './env-local-llm.ts';
import { processSettings, processSettingsShape, type ProcessSettings } from './env-process.ts';
import { metricsSettings, metricsSettingsShape, type MetricsSettings } from './env-metrics.ts';
import {
  googleUrls,
  linearUrls,
  type GoogleSettings,
  type LinearSettings,
} from './env-integrations.ts';
import { oidcSettings, oidcSettingsShape, type OidcSettings } from './env-oidc.ts';
import { persistedSecret } from './env-secret.ts';
import { LOG_FORMATS, LOG_LEVELS, type LogLevel } from './log.ts';

export { googleUrls, linearUrls, type GoogleSettings, type LinearSettings, type OidcSettings };

/** Thrown when a setting is missing or invalid; its message names the setting. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/** Who may create an account: see `Env.signup`. */
export type SignupMode = 'open' | 'invite' | 'closed';

/** Validated settings. Paths are absolute; `publicUrl` has no trailing slash. */
export interface Env {
  /** TCP port of the HTTP server (default 3000). */
  port: number;
  /** Host to bind (default 0.0.0.0). */
  host: string;
  /** Folder for PGlite files, stored audio and the generated auth secret (default ./data). */
  dataDir: string;
  /** PostgreSQL URL; when absent Summy uses PGlite under `dataDir/pglite`. */
  databaseUrl: string | undefined;
  /** The origin users reach Summy at (default http://localhost:{port}); used for cookies, CSRF and OAuth redirects. */
  publicUrl: string;
  /** Secret that signs session cookies (AUTH_SECRET, else generated once into `dataDir`). */
  authSecret: string;
  /**
   * Where `authSecret` came from: the AUTH_SECRET setting, the file `dataDir/auth-secret`, or
   * generated for this process only and saved nowhere (loadEnv's `saveSecret: false`).
   */
  authSecretFrom: 'setting' | 'file' | 'unsaved';
  /**
   * Google OAuth client, when both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set, with the URLs
   * of every Google service Summy calls: Google's own hosts, or all on GOOGLE_BASE_URL's origin (a
   * stand-in such as the loopback fake of @summy/fakes/google).
   */
  google: GoogleSettings | undefined;
  /**
   * Linear OAuth application, when both LINEAR_CLIENT_ID and LINEAR_CLIENT_SECRET are set, with
   * Linear's URLs, or all of them on LINEAR_BASE_URL's origin (the loopback fake of
   * @summy/fakes/linear). Without it the Linear routes answer 404.
   */
  linear: LinearSettings | undefined;
  /**
   * The OpenID Connect provider users may sign in with (OIDC_*: env-oidc.ts), when issuer, client
   * id and secret are all set; half of them stops start-up.
   */
  oidc: OidcSettings | undefined;
  /**
   * Whether the reminders integration may reach CalDAV servers at loopback or private addresses,
   * and over plain http (CALDAV_ALLOW_PRIVATE_HOSTS, default false: only public https servers, so a
   * user-given URL cannot probe the server's own network; true for a Radicale or Nextcloud on your
   * LAN, and in tests).
   */
  caldavAllowPrivateHosts: boolean;
  /**
   * Whether webhooks may be sent to loopback or private addresses, and over plain http
   * (WEBHOOKS_ALLOW_PRIVATE_HOSTS, default false: only public https endpoints, so a URL a user
   * types cannot reach the server's own network; true for a receiver on your LAN, and in tests).
   * Checked when an endpoint is added and again before each delivery (docs/decisions/057-webhooks.md).
   */
  webhooksAllowPrivateHosts: boolean;
  /**
   * How many reverse proxies stand in front of Summy (TRUST_PROXY: `false`/0 by default, `true` =
   * 1, or a number). 0: `X-Forwarded-For` is ignored and the client address is the socket's; n: the
   * n-th address from the right of `X-Forwarded-For` is the client.
   */
  trustProxy: number;
  /**
   * Seconds a signed session cookie may vouch for a session without a database lookup
   * (SESSION_CACHE_SECONDS, default 60, 0 = look up every request; Better Auth's cookie cache,
   * docs/decisions/013-session-cookie-cache.md). A session revoked elsewhere stays usable by a
   * browser that holds a fresh cookie for up to this long.
   */
  sessionCacheSeconds: number;
  /**
   * Who may create an account (SIGNUP, default 'open'): 'open' anyone, 'invite' only e-mail
   * addresses an administrator invited (`summy invite add`), 'closed' nobody; existing accounts
   * sign in whatever it says. Applies to Google sign-in of new users too
   * (docs/decisions/037-administrators-and-sign-up.md).
   */
  signup: SignupMode;
  /**
   * E-mail addresses that are administrators (SUMMY_ADMINS, comma-separated, lower-cased; empty
   * by default). Besides them the first account is one; `summy admin` changes the rest.
   */
  admins: string[];
  /** Folder of the built web app served at `/` (default apps/web/dist). */
  webDir: string;
  /**
   * Folder of the local speech models (SUMMY_MODELS_DIR, else `dataDir/models`; absolute). One
   * sub-folder per installed model, downloads in progress under `.partial/`
   * (docs/decisions/019-model-manager.md).
   */
  modelsDir: string;
  /**
   * Base URL that relative catalog URLs resolve against (MODELS_BASE_URL, a mirror; default the
   * sherpa-onnx release downloads, https://github.com/k2-fsa/sherpa-onnx/releases/download). No
   * trailing slash.
   */
  modelsBaseUrl: string;
  /**
   * JSON file (an array of catalog entries) that replaces the built-in model catalog
   * (MODELS_CATALOG; absolute), for tests and mirrors that host other models.
   */
  modelsCatalogFile: string | undefined;
  /** S3-compatible storage for recordings, when S3_BUCKET is set; else local disk under `dataDir`. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  /**
   * The speech-to-text and text-generation settings that are set (STT_PROVIDER, DEEPGRAM_API_KEY,
   * ANTHROPIC_BASE_URL...: env-providers.ts), validated and trimmed, by name, for the provider
   * catalogs (providers/stt/catalog.ts, providers/llm/catalog.ts), which pick the provider.
   */
  settings: ProviderSettings;
  /** Time-out of direct transcription in ms (STT_TIMEOUT_MS, default 120 000). */
  sttTimeoutMs: number;
  /** The local language model's idle time, memory budget and parallel requests (LOCAL_LLM_*). */
  localLlm: LocalLlmSettings;
  /** `/metrics`: served or not, and its token (METRICS_*; docs/decisions/060-metrics.md). */
  metrics: MetricsSettings;
  /** Least severe log level written (LOG_LEVEL, default 'info'; 'silent' writes none). */
  logLevel: LogLevel;
  /** This process's role and job concurrency (SUMMY_ROLE, JOBS_CONCURRENCY_*: env-process.ts). */
  process: ProcessSettings;
}

/** Where the built-in model catalog's relative URLs point without MODELS_BASE_URL (sherpa-onnx releases). */
export const DEFAULT_MODELS_BASE_URL = 'https://github.com/k2-fsa/sherpa-onnx/releases/download';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

// Through the web package's manifest, so the default holds from the sources and from the bundle.
const webPackageDir = path.dirname(
  createRequire(import.meta.url).resolve('@summy/web/package.json'),
);

// Tokens travel to this origin: plain http only where they cannot leave the machine.
const tokenOriginSetting = (name: string) =>
  urlSetting(name, ['http:', 'https:']).refine((v) => {
    const u = URL.parse(v);
    return !u || u.protocol === 'https:' || LOOPBACK_HOSTS.has(u.hostname);
  }, `${name} must be an https URL (http only for localhost, 127.0.0.1 or [::1])`);

const schema = z.object({
  PORT: z.coerce
    .number({ message: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: urlSetting('DATABASE_URL', ['postgres:', 'postgresql:']).optional(),
  PUBLIC_URL: urlSetting('PUBLIC_URL', ['http:', 'https:']).optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GOOGLE_BASE_URL: tokenOriginSetting('GOOGLE_BASE_URL').optional(),
  LINEAR_CLIENT_ID: z.string().trim().min(1).optional(),
  LINEAR_CLIENT_SECRET: z.string().trim().min(1).optional(),
  LINEAR_BASE_URL: tokenOriginSetting('LINEAR_BASE_URL').optional(),
  CALDAV_ALLOW_PRIVATE_HOSTS: z
    .enum(['true', 'false'], { message: 'CALDAV_ALLOW_PRIVATE_HOSTS must be true or false' })
    .default('false'),
  WEBHOOKS_ALLOW_PRIVATE_HOSTS: z
    .enum(['true', 'false'], { message: 'WEBHOOKS_ALLOW_PRIVATE_HOSTS must be true or false' })
    .default('false'),
  WEB_DIR: z.string().trim().min(1).optional(),
  SUMMY_MODELS_DIR: z.string().trim().min(1).optional(),
  MODELS_BASE_URL: urlSetting('MODELS_BASE_URL', ['http:', 'https:']).optional(),
  MODELS_CATALOG: z.string().trim().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .toLowerCase()
    .refine(
      (v) => /^(true|false|\d{1,2})$/.test(v),
      'TRUST_PROXY must be true, false or the number of proxies in front of Summy',
    )
    .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)))
    .default(0),
  SESSION_CACHE_SECONDS: z.coerce
    .number({ message: 'SESSION_CACHE_SECONDS must be a number of seconds' })
    .int('SESSION_CACHE_SECONDS must be a whole number of seconds')
    .min(0, 'SESSION_CACHE_SECONDS must be between 0 and 3600')
    .max(3600, 'SESSION_CACHE_SECONDS must be between 0 and 3600')
    .default(60),
  SIGNUP: z
    .enum(['open', 'invite', 'closed'], { message: 'SIGNUP must be open, invite or closed' })
    .default('open'),
  SUMMY_ADMINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((e) => /^[^\s@]+@[^\s@]+$/.test(e)),
      'SUMMY_ADMINS must be e-mail addresses separated by commas',
    )
    .default([]),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: urlSetting('S3_ENDPOINT', ['http:', 'https:']).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { message: 'S3_FORCE_PATH_STYLE must be true or false' })
    .optional(),
  ...providerSettingsShape,
  ...localLlmSettingsShape,
  ...metricsSettingsShape,
  ...processSettingsShape,
  ...oidcSettingsShape,
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  // Read by main.ts before the other settings (see there); validated here with them.
  LOG_FORMAT: z.enum(LOG_FORMATS, { message: 'LOG_FORMAT must be json or pretty' }).optional(),
});

/**
 * Every setting this schema reads, by name, the provider settings included;
 * settings-docs.unit.test.ts checks that `.env.example`, the README and docs/self-hosting.md list
 * all of them.
 */
export const ENV_SETTING_NAMES: readonly string[] = Object.keys(schema.shape);

// An empty variable (KEY= in a .env file) means "not set", not "set to nothing".
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  ) as Record<string, string>;
}

/** Options of `loadEnv`. */
export interface LoadEnvOptions {
  /**
   * Whether a secret generated because AUTH_SECRET is unset and `DATA_DIR/auth-secret` absent is
   * saved there (default true). `summy restore` passes false: a refused restore changes nothing,
   * and a restore that succeeds writes the archived server's secret there instead.
   */
  saveSecret?: boolean;
}

/** The S3 backend's settings, or undefined without S3_BUCKET (local disk then). */
function s3Settings(v: z.infer<typeof schema>): Env['s3'] {
  return v.S3_BUCKET
    ? {
        bucket: v.S3_BUCKET,
        region: v.S3_REGION,
        endpoint: v.S3_ENDPOINT,
        accessKeyId: v.S3_ACCESS_KEY_ID,
        secretAccessKey: v.S3_SECRET_ACCESS_KEY,
        // Most self-hosted S3 servers (MinIO, Garage) need path-style addressing.
        forcePathStyle: (v.S3_FORCE_PATH_STYLE ?? (v.S3_ENDPOINT ? 'true' : 'false')) === 'true',
      }
    : undefined;
}

/** Settings that come in pairs, with what needs both: one without the other is refused. */
const PAIRS = [
  ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3 credentials need'],
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'Google sign-in needs'],
  ['LINEAR_CLIENT_ID', 'LINEAR_CLIENT_SECRET', 'Linear needs'],
] as const;

/** @throws ConfigurationError naming the missing half of the first incomplete pair */
function assertPairs(v: z.infer<typeof schema>): void {
  for (const [a, b, what] of PAIRS) {
    if (Boolean(v[a]) === Boolean(v[b])) continue;
    const missing = v[a] ? b : a;
    throw new ConfigurationError(
      `Missing backend configuration: ${missing} (${what} both ${a} and ${b})`,
    );
  }
}

/**
 * Reads and validates the settings.
 * @throws ConfigurationError naming the first invalid or missing setting, prefixed
 *   'Missing backend configuration:' or 'Invalid backend configuration:'.
 */
export function loadEnv(
  source: NodeJS.ProcessEnv = process.env,
  options: LoadEnvOptions = {},
): Env {
  const parsed = schema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? '');
    const message = issue.message.includes(key) ? issue.message : `${key}: ${issue.message}`;
    throw new ConfigurationError(`Invalid backend configuration: ${message}`);
  }
  const v = parsed.data;
  assertPairs(v);
  const processes = processSettings(v, v.DATABASE_URL);
  if (typeof processes === 'string') {
    throw new ConfigurationError(`Invalid backend configuration: ${processes}`);
  }
  const oidc = oidcSettings(v);
  if (typeof oidc === 'string')
    throw new ConfigurationError(`Missing backend configuration: ${oidc}`);
  const dataDir = path.resolve(v.DATA_DIR);
  const publicUrl = (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, '');
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir,
    databaseUrl: v.DATABASE_URL,
    publicUrl,
    ...(v.AUTH_SECRET
      ? { authSecret: v.AUTH_SECRET, authSecretFrom: 'setting' as const }
      : persistedSecret(dataDir, options.saveSecret ?? true)),
    google:
      v.GOOGLE_CLIENT_ID && v.GOOGLE_CLIENT_SECRET
        ? {
            clientId: v.GOOGLE_CLIENT_ID,
            clientSecret: v.GOOGLE_CLIENT_SECRET,
            ...googleUrls(v.GOOGLE_BASE_URL),
          }
        : undefined,
    linear:
      v.LINEAR_CLIENT_ID && v.LINEAR_CLIENT_SECRET
        ? {
            clientId: v.LINEAR_CLIENT_ID,
            clientSecret: v.LINEAR_CLIENT_SECRET,
            ...linearUrls(v.LINEAR_BASE_URL),
          }
        : undefined,
    oidc,
    caldavAllowPrivateHosts: v.CALDAV_ALLOW_PRIVATE_HOSTS === 'true',
    webhooksAllowPrivateHosts: v.WEBHOOKS_ALLOW_PRIVATE_HOSTS === 'true',
    trustProxy: v.TRUST_PROXY,
    sessionCacheSeconds: v.SESSION_CACHE_SECONDS,
    signup: v.SIGNUP,
    admins: v.SUMMY_ADMINS,
    webDir: path.resolve(v.WEB_DIR ?? path.join(webPackageDir, 'dist')),
    modelsDir: path.resolve(v.SUMMY_MODELS_DIR ?? path.join(dataDir, 'models')),
    modelsBaseUrl: (v.MODELS_BASE_URL ?? DEFAULT_MODELS_BASE_URL).replace(/\/+$/, ''),
    modelsCatalogFile: v.MODELS_CATALOG ? path.resolve(v.MODELS_CATALOG) : undefined,
    s3: s3Settings(v),
    settings: providerSettings(v),
    sttTimeoutMs: v.STT_TIMEOUT_MS ? Number(v.STT_TIMEOUT_MS) : DEFAULT_STT_TIMEOUT_MS,
    localLlm: localLlmSettings(v),
    metrics: metricsSettings(v),
    logLevel: v.LOG_LEVEL,
    process: processes,
  };
}
