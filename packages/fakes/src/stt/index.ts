/** Fake speech-to-text vendors for tests: Deepgram pre-recorded and OpenAI transcriptions. */
export {
  listenResponse,
  startDeepgramFake,
  type DeepgramFake,
  type DeepgramFakeRequest,
} from './deepgram-fake.ts';
export { looksLikeAudio, type FakeMode } from './loopback.ts';
export { startOpenAiFake, type OpenAiFake, type OpenAiFakeRequest } from './openai-fake.ts';
export { JFK_SCRIPT, scriptFromText, type ScriptWord, type SttScript } from './script.ts';
