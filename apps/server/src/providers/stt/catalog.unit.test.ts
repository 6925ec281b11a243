import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../env.ts';
import { STT_PROVIDERS, resolveSttProviderId, validateSttSettings } from './catalog.ts';

const v = (settings: Record<string, string>) => validateSttSettings({ settings });

describe('speech-to-text catalog', () => {
  it('declares deepgram, openai, local and offline with their settings', () => {
    expect(STT_PROVIDERS.map((p) => p.id)).toEqual(['deepgram', 'openai', 'local', 'offline']);
    const deepgram = STT_PROVIDERS[0]!.settings;
    expect(deepgram.find((s) => s.name === 'DEEPGRAM_API_KEY')).toMatchObject({
      required: true,
      secret: true,
    });
    expect(deepgram.find((s) => s.name === 'DEEPGRAM_BASE_URL')?.default).toBe(
      'https://api.deepgram.com',
    );
    const openai = STT_PROVIDERS[1]!.settings;
    expect(openai.find((s) => s.name === 'OPENAI_STT_MODEL')?.default).toBe('whisper-1');
    // The local models' settings (SUMMY_MODELS_DIR, MODELS_BASE_URL, MODELS_CATALOG) are the
    // model manager's; whether local runs depends on installed models (currentSttProviderId).
    expect(STT_PROVIDERS[2]!.settings).toEqual([]);
    expect(STT_PROVIDERS[2]!.isConfigured({})).toBe(false);
    expect(STT_PROVIDERS[3]!.settings).toEqual([]);
  });

  it('auto picks deepgram, else openai (key or base URL), else offline', () => {
    expect(resolveSttProviderId({})).toBe('offline');
    expect(resolveSttProviderId({ OPENAI_BASE_URL: 'http://localhost:8000' })).toBe('openai');
    expect(resolveSttProviderId({ OPENAI_API_KEY: 'sk' })).toBe('openai');
    expect(resolveSttProviderId({ OPENAI_API_KEY: 'sk', DEEPGRAM_API_KEY: 'dg' })).toBe('deepgram');
    expect(resolveSttProviderId({ STT_PROVIDER: 'offline', DEEPGRAM_API_KEY: 'dg' })).toBe(
      'offline',
    );
    expect(resolveSttProviderId({ STT_PROVIDER: 'local', DEEPGRAM_API_KEY: 'dg' })).toBe('local');
  });

  it('names the missing setting of the selected provider', () => {
    expect(() => v({ STT_PROVIDER: 'deepgram' })).toThrow(ConfigurationError);
    expect(() => v({ STT_PROVIDER: 'deepgram' })).toThrow(
      /^Missing backend configuration: DEEPGRAM_API_KEY/,
    );
    expect(() => v({ STT_PROVIDER: 'openai' })).toThrow(
      /^Missing backend configuration: OPENAI_API_KEY or OPENAI_BASE_URL/,
    );
    expect(v({ STT_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1' })).toBe(
      'openai',
    );
    expect(v({})).toBe('offline');
  });

  it('refuses an STT_PROVIDER it does not know', () => {
    expect(() => v({ STT_PROVIDER: 'whisper' })).toThrow(/STT_PROVIDER must be one of/);
  });

  it('refuses to create Deepgram without its key, naming the setting', async () => {
    const env = { settings: {} } as Parameters<(typeof STT_PROVIDERS)[0]['create']>[0];
    await expect(STT_PROVIDERS[0]!.create(env)).rejects.toThrow(
      new ConfigurationError(
        'Missing backend configuration: DEEPGRAM_API_KEY (needed by the Deepgram provider)',
      ),
    );
  });
});
