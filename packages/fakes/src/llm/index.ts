/** Fake LLM vendors for tests: Anthropic Messages, OpenAI Chat Completions and Responses. */
export { startFakeAnthropic } from './anthropic.ts';
export { startFakeOpenAi, type FakeOpenAiOptions } from './openai.ts';
export {
  defaultFakeScript,
  FAKE_CHAT_ANSWER,
  FAKE_NOTE_EXPANSION,
  FAKE_SUMMARY,
  FAKE_TITLE,
  NOTES_TASK_PHRASE,
} from './scripts.ts';
export type {
  FakeFailure,
  FakeLlmRequest,
  FakeScript,
  FakeVendor,
  FakeVendorOptions,
  RecordedRequest,
} from './server.ts';
