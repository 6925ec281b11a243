/** The local language model's settings are checked by `loadEnv`, like every other. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultLocalLlmThreads } from './env-local-llm.ts';
import { ConfigurationError, loadEnv } from './env.ts';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'summy-env-llm-'));
const load = (vars: Record<string, string>) => loadEnv({ DATA_DIR: dataDir(), ...vars });

describe('local language model settings in loadEnv', () => {
  it('defaults to 300 idle seconds, a budget from free memory, one request at a time, a core kept free', () => {
    expect(load({}).localLlm).toEqual({
      idleSeconds: 300,
      maxRamMb: undefined,
      parallel: 1,
      threads: defaultLocalLlmThreads(),
    });
    expect([1, 2, 4, 16].map((cores) => defaultLocalLlmThreads(cores))).toEqual([1, 1, 3, 15]);
  });

  it('reads set values', () => {
    const env = load({
      LOCAL_LLM_IDLE_SECONDS: '60',
      LOCAL_LLM_MAX_RAM_MB: '6000',
      LOCAL_LLM_PARALLEL: '2',
      LOCAL_LLM_THREADS: '6',
    });
    expect(env.localLlm).toEqual({ idleSeconds: 60, maxRamMb: 6000, parallel: 2, threads: 6 });
  });

  it.each([
    [{ LOCAL_LLM_IDLE_SECONDS: 'soon' }, 'LOCAL_LLM_IDLE_SECONDS must be a number of seconds'],
    [
      { LOCAL_LLM_IDLE_SECONDS: '-1' },
      'LOCAL_LLM_IDLE_SECONDS must be between 0 and 86400 seconds',
    ],
    [{ LOCAL_LLM_MAX_RAM_MB: '100' }, 'LOCAL_LLM_MAX_RAM_MB must be between 512 and 1048576 MB'],
    [{ LOCAL_LLM_MAX_RAM_MB: '4.5' }, 'LOCAL_LLM_MAX_RAM_MB must be a whole number of MB'],
    [{ LOCAL_LLM_PARALLEL: '0' }, 'LOCAL_LLM_PARALLEL must be between 1 and 16'],
    [{ LOCAL_LLM_THREADS: '0' }, 'LOCAL_LLM_THREADS must be between 1 and 256'],
  ])('refuses %o with a message naming it', (vars, message) => {
    expect(() => load(vars)).toThrow(ConfigurationError);
    expect(() => load(vars)).toThrow(`Invalid backend configuration: ${message}`);
  });
});
