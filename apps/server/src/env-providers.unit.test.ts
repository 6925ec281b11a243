/** The speech-to-text and text-generation settings are checked by `loadEnv`, like every other. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadEnv } from './env.ts';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'summy-env-providers-'));
const load = (vars: Record<string, string>) => loadEnv({ DATA_DIR: dataDir(), ...vars });

describe('provider settings in loadEnv', () => {
  it.each([
    [
      { STT_PROVIDER: 'whisper' },
      'STT_PROVIDER must be one of auto, local, offline, deepgram, openai',
    ],
    [{ STT_TIMEOUT_MS: '0' }, 'STT_TIMEOUT_MS must be a positive whole number of milliseconds'],
    [{ STT_TIMEOUT_MS: 'soon' }, 'STT_TIMEOUT_MS must be a positive whole number of milliseconds'],
    [{ STT_TIMEOUT_MS: '1.5' }, 'STT_TIMEOUT_MS must be a positive whole number of milliseconds'],
    [
      { DEEPGRAM_BASE_URL: 'ftp://deepgram.example' },
      'DEEPGRAM_BASE_URL must be a http: or https: URL',
    ],
    [{ OPENAI_BASE_URL: 'api.openai.com/v1' }, 'OPENAI_BASE_URL must be a http: or https: URL'],
    [{ ANTHROPIC_BASE_URL: 'not a url' }, 'ANTHROPIC_BASE_URL must be a http: or https: URL'],
    [
      { OPENAI_COMPATIBLE_BASE_URL: 'localhost:11434/v1' },
      'OPENAI_COMPATIBLE_BASE_URL must be a http: or https: URL',
    ],
  ])('refuses %o with a message naming it', (vars, message) => {
    expect(() => load(vars)).toThrow(ConfigurationError);
    expect(() => load(vars)).toThrow(`Invalid backend configuration: ${message}`);
  });

  it('hands the catalogs only the provider settings, trimmed, and parses the time-out', () => {
    const env = load({
      ANTHROPIC_API_KEY: ' sk-ant ',
      OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1',
      STT_PROVIDER: 'Offline',
      STT_TIMEOUT_MS: '1500',
      PATH: '/usr/bin',
    });
    expect(env.settings).toEqual({
      ANTHROPIC_API_KEY: 'sk-ant',
      OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1',
      STT_PROVIDER: 'offline',
      STT_TIMEOUT_MS: '1500',
    });
    expect(env.sttTimeoutMs).toBe(1500);
    expect(load({}).sttTimeoutMs).toBe(120_000);
  });
});
