import { describe, expect, it } from 'vitest';
import {
  aiModelChoices,
  anthropicApiUrl,
  CLAUDE_SONNET_4,
  configuredTextProviders,
  resolveTextModel,
  TEXT_PROVIDERS,
  textModelLabel,
} from './catalog.ts';
import { selectTextModel } from './select.ts';

const anthropic = { ANTHROPIC_API_KEY: 'a' };
const openai = { OPENAI_API_KEY: 'o' };
const compatible = {
  OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:11434/v1',
  OPENAI_COMPATIBLE_MODEL: 'llama3.1:8b',
};

function resolve(preference: string, settings: Record<string, string>) {
  const logged: string[] = [];
  const model = resolveTextModel(preference, { settings }, { log: (m) => logged.push(m) });
  return { id: model.id, logged };
}

describe('text catalog', () => {
  it('declares each provider with its settings', () => {
    const byId = Object.fromEntries(TEXT_PROVIDERS.map((p) => [p.id, p]));
    expect(byId.anthropic!.settings.map((s) => [s.name, s.required, s.secret])).toEqual([
      ['ANTHROPIC_API_KEY', true, true],
      ['ANTHROPIC_BASE_URL', false, false],
    ]);
    expect(byId.openai!.settings.map((s) => [s.name, s.required, s.secret])).toEqual([
      ['OPENAI_API_KEY', true, true],
      ['OPENAI_BASE_URL', false, false],
    ]);
    expect(byId['openai-compatible']!.settings.map((s) => [s.name, s.required, s.secret])).toEqual([
      ['OPENAI_COMPATIBLE_BASE_URL', true, false],
      ['OPENAI_COMPATIBLE_MODEL', true, false],
      ['OPENAI_COMPATIBLE_API_KEY', false, true],
    ]);
    expect(byId.offline!.settings).toEqual([]);
    expect(configuredTextProviders({}).map((p) => p.id)).toEqual(['offline']);
  });

  it("offers the documented choices, plus the compatible server's model when configured", () => {
    expect(aiModelChoices({}).map((c) => [c.value, c.label, c.available])).toEqual([
      ['auto', 'Auto', true],
      [`anthropic:${CLAUDE_SONNET_4}`, 'Claude Sonnet 4', false],
      ['openai:gpt-5', 'GPT-5', false],
      ['openai:gpt-5-mini', 'GPT-5 mini', false],
    ]);
    expect(aiModelChoices({ ...openai, ...compatible }).map((c) => [c.label, c.available])).toEqual(
      [
        ['Auto', true],
        ['Claude Sonnet 4', false],
        ['GPT-5', true],
        ['GPT-5 mini', true],
        ['llama3.1:8b', true],
      ],
    );
  });

  it('says why a choice is unavailable, and labels the model that wrote a summary', () => {
    const reasons = aiModelChoices(anthropic).map((c) => [c.label, c.reason]);
    expect(reasons).toEqual([
      ['Auto', undefined],
      ['Claude Sonnet 4', undefined],
      ['GPT-5', 'OPENAI_API_KEY is not set on this server'],
      ['GPT-5 mini', 'OPENAI_API_KEY is not set on this server'],
    ]);
    expect(textModelLabel(`anthropic:${CLAUDE_SONNET_4}`)).toBe('Claude Sonnet 4');
    expect(textModelLabel('openai:gpt-5-mini')).toBe('GPT-5 mini');
    expect(textModelLabel('openai:gpt-4.1')).toBe('gpt-4.1');
    expect(textModelLabel('openai-compatible:llama3.1:8b', compatible)).toBe('llama3.1:8b');
    expect(textModelLabel('offline')).toBe('Offline');
    // A local model's label needs no models folder: the built-in catalog's name, else its id.
    expect(textModelLabel('local:qwen3-1.7b-q4_k_m')).toBe('Local: Qwen3 1.7B (notes, small)');
    expect(textModelLabel('local:tiny-notes')).toBe('Local: tiny-notes');
  });

  it('auto picks Claude Sonnet 4 > GPT-5 > the compatible server > offline', () => {
    expect(resolve('auto', { ...anthropic, ...openai, ...compatible }).id).toBe(
      `anthropic:${CLAUDE_SONNET_4}`,
    );
    expect(resolve('auto', { ...openai, ...compatible }).id).toBe('openai:gpt-5');
    expect(resolve('auto', compatible).id).toBe('openai-compatible:llama3.1:8b');
    expect(resolve('auto', {}).id).toBe('offline');
    expect(resolve('', {}).id).toBe('offline');
  });

  it('follows a preference for a configured provider', () => {
    const both = { ...anthropic, ...openai };
    expect(resolve('openai:gpt-5-mini', both)).toEqual({ id: 'openai:gpt-5-mini', logged: [] });
    expect(resolve('openai', both).id).toBe('openai:gpt-5');
    expect(resolve('offline', both).id).toBe('offline');
  });

  it('falls back to auto for an unconfigured or unknown provider, and says so', () => {
    const r = resolve('openai:gpt-5', anthropic);
    expect(r.id).toBe(`anthropic:${CLAUDE_SONNET_4}`);
    expect(r.logged).toEqual([
      "AI preference 'openai:gpt-5' names a provider that is not configured (OPENAI_API_KEY is not set); using auto",
    ]);
    expect(resolve('mistral:large', {}).logged[0]).toContain('names no known provider');
  });

  it('accepts an Anthropic base URL with or without /v1', () => {
    expect(anthropicApiUrl(undefined)).toBe('https://api.anthropic.com/v1');
    expect(anthropicApiUrl('http://127.0.0.1:9/')).toBe('http://127.0.0.1:9/v1');
    expect(anthropicApiUrl('https://gw.example.com/anthropic/v1')).toBe(
      'https://gw.example.com/anthropic/v1',
    );
  });
});

describe('selectTextModel', () => {
  const env = { settings: { ...anthropic } };
  const quiet = { log: () => {} };
  it('uses provider and model of the request when configured', () => {
    expect(selectTextModel(env, 'auto', { provider: 'offline' }, quiet).id).toBe('offline');
    expect(
      selectTextModel(env, 'offline', { provider: 'anthropic', model: 'claude-opus-4-1' }, quiet)
        .id,
    ).toBe('anthropic:claude-opus-4-1');
    expect(selectTextModel(env, 'auto', { model: 'offline:extractive' }, quiet).id).toBe('offline');
  });
  it("otherwise follows the user's preference", () => {
    const logged: string[] = [];
    expect(
      selectTextModel(
        env,
        'offline',
        { provider: 'openai', model: 'gpt-5' },
        { log: (m) => logged.push(m) },
      ).id,
    ).toBe('offline');
    expect(logged).toHaveLength(1);
    expect(selectTextModel(env, 'auto', {}, quiet).id).toBe(`anthropic:${CLAUDE_SONNET_4}`);
    expect(selectTextModel(env, 'auto', { model: 'gpt-5' }, quiet).id).toBe(
      `anthropic:${CLAUDE_SONNET_4}`,
    );
  });

  it('refuses to create the compatible server model without its address, naming the setting', () => {
    const provider = TEXT_PROVIDERS.find((p) => p.id === 'openai-compatible')!;
    expect(() =>
      provider.create('llama3.1:8b', { OPENAI_COMPATIBLE_MODEL: 'llama3.1:8b' }),
    ).toThrow('Missing backend configuration: OPENAI_COMPATIBLE_BASE_URL');
  });
});
