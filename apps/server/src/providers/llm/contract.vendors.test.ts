/**
 * The TextModel contract for the AI SDK providers: against loopback fakes of Anthropic and OpenAI
 * (Responses for GPT-5, Chat Completions for OpenAI-compatible servers), and against the real
 * vendors when ANTHROPIC_API_KEY / OPENAI_API_KEY are set in the test environment.
 */
import { afterAll, beforeAll } from 'vitest';
import { CLAUDE_SONNET_4, resolveTextModel, type TextModelOptions } from './catalog.ts';
import { textModelContract, type ContractFailure } from '../../../test/contracts/llm-contract.ts';
import { startFakeAnthropic, startFakeOpenAi, type FakeVendor } from '@summy/fakes/llm';

let anthropic: FakeVendor;
let anthropicFailing: FakeVendor;
let openai: FakeVendor;
let openaiFailing: FakeVendor;

beforeAll(async () => {
  const models = [CLAUDE_SONNET_4, 'gpt-5', 'gpt-5-mini', 'llama3.1:8b'];
  [anthropic, anthropicFailing, openai, openaiFailing] = await Promise.all([
    startFakeAnthropic({ models }),
    startFakeAnthropic({ models }),
    startFakeOpenAi({ models }),
    startFakeOpenAi({ models }),
  ]);
});
afterAll(async () => {
  await Promise.all([anthropic, anthropicFailing, openai, openaiFailing].map((f) => f?.close()));
});

const quiet = { log: () => {} };

// A failing vendor: 429 is retried once (the fake's retry-after is 0 s) to exercise the retry path;
// other failures are not retried so the test does not wait for exponential back-off.
function failingOptions(mode: ContractFailure): TextModelOptions {
  return {
    maxRetries: mode === 'rate_limited' ? 1 : 0,
    timeoutMs: mode === 'hang' ? 300 : 10_000,
  };
}

const settings = {
  anthropic: (f: FakeVendor) => ({ ANTHROPIC_API_KEY: f.apiKey, ANTHROPIC_BASE_URL: f.url }),
  openai: (f: FakeVendor) => ({ OPENAI_API_KEY: f.apiKey, OPENAI_BASE_URL: f.url }),
  compatible: (f: FakeVendor) => ({
    OPENAI_COMPATIBLE_BASE_URL: f.url,
    OPENAI_COMPATIBLE_MODEL: 'llama3.1:8b',
    OPENAI_COMPATIBLE_API_KEY: f.apiKey,
  }),
};

textModelContract(
  'anthropic (fake)',
  () =>
    resolveTextModel(
      `anthropic:${CLAUDE_SONNET_4}`,
      { settings: settings.anthropic(anthropic) },
      quiet,
    ),
  {
    failing(mode) {
      anthropicFailing.fail(mode);
      return resolveTextModel(
        'auto',
        { settings: settings.anthropic(anthropicFailing) },
        {
          ...quiet,
          ...failingOptions(mode),
        },
      );
    },
  },
);

textModelContract(
  'openai gpt-5 (fake, Responses API)',
  () => resolveTextModel('openai:gpt-5', { settings: settings.openai(openai) }, quiet),
  {
    failing(mode) {
      openaiFailing.fail(mode);
      return resolveTextModel(
        'openai:gpt-5',
        { settings: settings.openai(openaiFailing) },
        {
          ...quiet,
          ...failingOptions(mode),
        },
      );
    },
  },
);

textModelContract(
  'openai-compatible (fake, Chat Completions)',
  () => resolveTextModel('auto', { settings: settings.compatible(openai) }, quiet),
  {
    failing(mode) {
      openaiFailing.fail(mode);
      return resolveTextModel(
        'auto',
        { settings: settings.compatible(openaiFailing) },
        {
          ...quiet,
          ...failingOptions(mode),
        },
      );
    },
  },
);

// Real vendors: only with a key in the environment (never in CI by default).
const real = process.env;
textModelContract(
  'anthropic (real vendor)',
  () =>
    resolveTextModel(`anthropic:${CLAUDE_SONNET_4}`, { settings: real as Record<string, string> }),
  {
    skip: real.ANTHROPIC_API_KEY ? undefined : 'set ANTHROPIC_API_KEY to run',
    timeoutMs: 180_000,
  },
);
textModelContract(
  'openai gpt-5-mini (real vendor)',
  () => resolveTextModel('openai:gpt-5-mini', { settings: real as Record<string, string> }),
  { skip: real.OPENAI_API_KEY ? undefined : 'set OPENAI_API_KEY to run', timeoutMs: 180_000 },
);
