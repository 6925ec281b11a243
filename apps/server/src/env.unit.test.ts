import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadEnv } from './env.ts';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'summy-env-'));

describe('loadEnv', () => {
  it('needs no configuration: port 3000, PGlite, a persisted auth secret', () => {
    const dir = dataDir();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.port).toBe(3000);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.publicUrl).toBe('http://localhost:3000');
    expect(env.google).toBeUndefined();
    expect(env.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(env.authSecret);
    expect(loadEnv({ DATA_DIR: dir }).authSecret).toBe(env.authSecret);
    expect(loadEnv({ DATA_DIR: dir }).authSecretFrom).toBe('file');
  });

  it('with saveSecret false generates a secret for this process alone and writes nothing', () => {
    const dir = path.join(dataDir(), 'not-yet');
    const env = loadEnv({ DATA_DIR: dir }, { saveSecret: false });
    expect(env.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(env.authSecretFrom).toBe('unsaved');
    expect(existsSync(dir)).toBe(false);
    expect(loadEnv({ AUTH_SECRET: 'x'.repeat(32) }).authSecretFrom).toBe('setting');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ AUTH_SECRET: 'short' }, /AUTH_SECRET/],
    [{ MODELS_BASE_URL: 'ftp://mirror.example/models' }, /MODELS_BASE_URL/],
    [{ LOG_FORMAT: 'xml' }, /LOG_FORMAT must be json or pretty/],
  ])('names the invalid setting %o', (vars, name) => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), ...vars })).toThrow(ConfigurationError);
    expect(() => loadEnv({ DATA_DIR: dataDir(), ...vars })).toThrow(name);
    expect(() => loadEnv({ DATA_DIR: dataDir(), ...vars })).toThrow(
      /^Invalid backend configuration/,
    );
  });

  it('reports half a Google client as missing backend configuration', () => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: 'id' })).toThrow(
      /^Missing backend configuration: GOOGLE_CLIENT_SECRET/,
    );
    expect(() => loadEnv({ DATA_DIR: dataDir(), GOOGLE_CLIENT_SECRET: 's' })).toThrow(
      /^Missing backend configuration: GOOGLE_CLIENT_ID/,
    );
  });

  it("sends every Google URL to GOOGLE_BASE_URL's origin, https or loopback http only", () => {
    const client = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' };
    const real = loadEnv({ DATA_DIR: dataDir(), ...client }).google!;
    expect(real.tokenUrl).toBe('https://oauth2.googleapis.com/token');
    expect(real.authorizationUrl).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    const fake = loadEnv({
      DATA_DIR: dataDir(),
      ...client,
      GOOGLE_BASE_URL: 'http://127.0.0.1:4010/',
    }).google!;
    expect(fake).toMatchObject({
      authorizationUrl: 'http://127.0.0.1:4010/o/oauth2/v2/auth',
      tokenUrl: 'http://127.0.0.1:4010/token',
      userInfoUrl: 'http://127.0.0.1:4010/v1/userinfo',
      calendarApiUrl: 'http://127.0.0.1:4010/calendar/v3',
      peopleApiUrl: 'http://127.0.0.1:4010/v1',
    });
    for (const bad of ['http://google.example', 'ftp://127.0.0.1', 'nonsense']) {
      expect(() => loadEnv({ DATA_DIR: dataDir(), ...client, GOOGLE_BASE_URL: bad })).toThrow(
        /^Invalid backend configuration: GOOGLE_BASE_URL must be/,
      );
    }
  });

  it("takes Linear's client as a pair and sends every Linear URL to LINEAR_BASE_URL's origin", () => {
    expect(loadEnv({ DATA_DIR: dataDir() }).linear).toBeUndefined();
    expect(() => loadEnv({ DATA_DIR: dataDir(), LINEAR_CLIENT_ID: 'id' })).toThrow(
      /^Missing backend configuration: LINEAR_CLIENT_SECRET/,
    );
    const client = { LINEAR_CLIENT_ID: 'id', LINEAR_CLIENT_SECRET: 's' };
    expect(loadEnv({ DATA_DIR: dataDir(), ...client }).linear).toEqual({
      clientId: 'id',
      clientSecret: 's',
      authorizeUrl: 'https://linear.app/oauth/authorize',
      tokenUrl: 'https://api.linear.app/oauth/token',
      revokeUrl: 'https://api.linear.app/oauth/revoke',
      graphqlUrl: 'https://api.linear.app/graphql',
    });
    const fake = loadEnv({ DATA_DIR: dataDir(), ...client, LINEAR_BASE_URL: 'http://[::1]:4013/' });
    expect(fake.linear).toMatchObject({
      authorizeUrl: 'http://[::1]:4013/oauth/authorize',
      graphqlUrl: 'http://[::1]:4013/graphql',
    });
    expect(() =>
      loadEnv({ DATA_DIR: dataDir(), ...client, LINEAR_BASE_URL: 'http://linear.example' }),
    ).toThrow(/^Invalid backend configuration: LINEAR_BASE_URL must be an https URL/);
  });

  it('caches sessions for 60 s by default, 0 to 3600 s when set (SESSION_CACHE_SECONDS)', () => {
    const dir = dataDir();
    expect(loadEnv({ DATA_DIR: dir }).sessionCacheSeconds).toBe(60);
    expect(loadEnv({ DATA_DIR: dir, SESSION_CACHE_SECONDS: '0' }).sessionCacheSeconds).toBe(0);
    for (const bad of ['-1', '3601', '1.5', 'soon']) {
      expect(() => loadEnv({ DATA_DIR: dir, SESSION_CACHE_SECONDS: bad })).toThrow(
        /Invalid backend configuration: SESSION_CACHE_SECONDS/,
      );
    }
  });

  it('opens sign-up by default, and reads SIGNUP and SUMMY_ADMINS', () => {
    const dir = dataDir();
    expect(loadEnv({ DATA_DIR: dir })).toMatchObject({ signup: 'open', admins: [] });
    const env = loadEnv({
      DATA_DIR: dir,
      SIGNUP: 'closed',
      SUMMY_ADMINS: ' Ada@Example.com, ,grace@example.org ',
    });
    expect(env).toMatchObject({
      signup: 'closed',
      admins: ['ada@example.com', 'grace@example.org'],
    });
    expect(() => loadEnv({ DATA_DIR: dir, SIGNUP: 'nobody' })).toThrow(
      'Invalid backend configuration: SIGNUP must be open, invite or closed',
    );
    expect(() => loadEnv({ DATA_DIR: dir, SUMMY_ADMINS: 'ada' })).toThrow(
      'Invalid backend configuration: SUMMY_ADMINS must be e-mail addresses separated by commas',
    );
  });

  it('logs at info by default and takes any pino level in LOG_LEVEL, nothing else', () => {
    const dir = dataDir();
    expect(loadEnv({ DATA_DIR: dir }).logLevel).toBe('info');
    expect(loadEnv({ DATA_DIR: dir, LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(loadEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    for (const bad of ['loud', 'INFO', 'verbose'])
      expect(() => loadEnv({ DATA_DIR: dir, LOG_LEVEL: bad })).toThrow(
        'Invalid backend configuration: LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent',
      );
  });

  it('runs everything in one process by default; web and worker roles need PostgreSQL', () => {
    const dir = dataDir();
    expect(loadEnv({ DATA_DIR: dir }).process).toEqual({
      role: 'all',
      concurrency: { transcription: 1, notes: 2, contacts: 1, search: 1, webhooks: 4, live: 2 },
      liveMaxMeetings: 2,
    });
    // LIVE_MAX_MEETINGS caps the live sessions and is the worker's concurrency of them.
    expect(loadEnv({ DATA_DIR: dir, LIVE_MAX_MEETINGS: '0' }).process).toMatchObject({
      concurrency: { live: 0 },
      liveMaxMeetings: 0,
    });
    expect(() => loadEnv({ DATA_DIR: dir, LIVE_MAX_MEETINGS: '65' })).toThrow(
      'LIVE_MAX_MEETINGS must be between 0 and 64',
    );
    for (const role of ['web', 'worker']) {
      expect(() => loadEnv({ DATA_DIR: dir, SUMMY_ROLE: role })).toThrow(
        `Invalid backend configuration: SUMMY_ROLE=${role} needs DATABASE_URL`,
      );
    }
    const worker = loadEnv({
      DATA_DIR: dir,
      SUMMY_ROLE: 'worker',
      DATABASE_URL: 'postgres://summy@db.internal/summy',
      JOBS_CONCURRENCY_TRANSCRIPTION: '3',
      JOBS_CONCURRENCY_WEBHOOKS: '0',
    }).process;
    expect(worker).toMatchObject({
      role: 'worker',
      concurrency: { transcription: 3, notes: 2, webhooks: 0 },
    });
    expect(() => loadEnv({ DATA_DIR: dir, SUMMY_ROLE: 'jobs' })).toThrow(
      'Invalid backend configuration: SUMMY_ROLE must be all, web or worker',
    );
    for (const bad of ['-1', '65', '1.5', 'many'])
      expect(() => loadEnv({ DATA_DIR: dir, JOBS_CONCURRENCY_NOTES: bad })).toThrow(
        /^Invalid backend configuration: JOBS_CONCURRENCY_NOTES must be (between 0 and 64|a whole number of jobs|a number of jobs)$/,
      );
  });

  it('keeps models in DATA_DIR/models unless SUMMY_MODELS_DIR says otherwise', () => {
    const dir = dataDir();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.modelsDir).toBe(path.join(dir, 'models'));
    expect(env.modelsBaseUrl).toBe('https://github.com/k2-fsa/sherpa-onnx/releases/download');
    expect(env.modelsCatalogFile).toBeUndefined();
    const custom = loadEnv({
      DATA_DIR: dir,
      SUMMY_MODELS_DIR: 'relative/models',
      MODELS_BASE_URL: 'http://mirror.internal/sherpa/',
      MODELS_CATALOG: 'catalog.json',
    });
    expect(custom.modelsDir).toBe(path.resolve('relative/models'));
    expect(custom.modelsBaseUrl).toBe('http://mirror.internal/sherpa');
    expect(custom.modelsCatalogFile).toBe(path.resolve('catalog.json'));
  });

  it('treats empty variables as unset and trims the public URL', () => {
    const env = loadEnv({
      DATA_DIR: dataDir(),
      PORT: '',
      DATABASE_URL: '',
      PUBLIC_URL: 'https://summy.example.com/',
    });
    expect(env.port).toBe(3000);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.publicUrl).toBe('https://summy.example.com');
  });
});
