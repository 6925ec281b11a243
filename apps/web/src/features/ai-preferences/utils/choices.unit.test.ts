/** The selects' rules: listed options, fallbacks and reasons. */
import { describe, expect, it } from 'vitest';
import { aiSettingsFixture } from '../testing/settings';
import {
  modelLabel,
  modelOptions,
  optionText,
  placeholderModels,
  summaryByline,
  templateSections,
  unavailableModels,
  usableModel,
} from './choices';

const { models } = aiSettingsFixture();

describe('modelOptions', () => {
  it("lists the server's choices as they are when the current value is among them", () => {
    expect(modelOptions(models, 'openai:gpt-5')).toBe(models);
  });

  it('adds a stored value the server no longer lists, as unavailable, so the select shows it', () => {
    const options = modelOptions(models, 'openai-compatible:llama3.1');
    expect(options.at(-1)).toEqual({
      value: 'openai-compatible:llama3.1',
      label: 'llama3.1',
      available: false,
    });
    expect(options).toHaveLength(models.length + 1);
  });

  it("puts 'Auto' first when the server's list lacks it", () => {
    expect(modelOptions(models.slice(1), 'auto')[0]).toMatchObject({
      value: 'auto',
      label: 'Auto',
    });
  });
});

describe('unavailable choices', () => {
  it('say so in the option and why in the list under the selects', () => {
    const claude = models[1]!;
    expect(optionText(claude)).toBe('Claude Sonnet 4 (not available)');
    expect(optionText(models[2]!)).toBe('GPT-5');
    expect(unavailableModels(models)).toEqual([
      { label: 'Claude Sonnet 4', reason: 'ANTHROPIC_API_KEY is not set on this server' },
    ]);
  });

  it('fall back to a generic reason when the server gave none', () => {
    expect(unavailableModels([{ value: 'x:y', label: 'Y', available: false }])).toEqual([
      { label: 'Y', reason: 'Not configured on this server' },
    ]);
  });
});

describe('usableModel', () => {
  it('keeps an available model and replaces an unavailable or unknown one with auto', () => {
    expect(usableModel(models, 'openai:gpt-5-mini')).toBe('openai:gpt-5-mini');
    expect(usableModel(models, 'anthropic:claude-sonnet-4-20250514')).toBe('auto');
    expect(usableModel(models, 'nobody:nothing')).toBe('auto');
  });
});

describe('before the server answered', () => {
  it('shows only the stored choices, named from their value', () => {
    expect(
      placeholderModels({
        summaryModel: 'openai:gpt-5-mini',
        chatModel: 'auto',
        summaryTemplate: 'general',
      }),
    ).toEqual([
      { value: 'auto', label: 'Auto', available: true },
      { value: 'openai:gpt-5-mini', label: 'gpt-5-mini', available: true },
    ]);
    expect(modelLabel('auto')).toBe('Auto');
  });
});

describe('templateSections', () => {
  it("names the headings of the template's summary, and general's for an unknown id", () => {
    expect(templateSections('stand-up')).toBe('Yesterday, Today, Blockers');
    expect(templateSections('nope')).toBe('Overview, Key points, Decisions, Next steps');
  });
});

describe('summaryByline', () => {
  it('names the model and the template, either alone, or nothing', () => {
    expect(summaryByline('GPT-5 mini', 'stand-up')).toBe('GPT-5 mini, Stand-up template');
    expect(summaryByline('Offline', null)).toBe('Offline');
    expect(summaryByline(null, 'sales-call')).toBe('Sales call template');
    expect(summaryByline(null, null)).toBeNull();
  });
});
