/**
 * Local speech model fakes for tests: a loopback mirror serving model downloads with ranges and
 * faults, and tiny models in the engine's real file formats with their catalog.
 */
export {
  startModelServer,
  type ModelServer,
  type ModelServerFaults,
  type ModelServerRequest,
} from './server.ts';
export {
  TINY_EMBEDDING_DIM,
  TINY_TOKENS,
  isTinyVocabularyWord,
  writeTinyModels,
  type TinyModelOptions,
  type TinyModels,
} from './tiny-models.ts';
export { writeTinyNotesModels } from './tiny-gguf.ts';
export { tinySileroVadModel, writeTinySileroVad } from './tiny-vad.ts';
export { encodeOnnxModel, OnnxType, type OnnxModel } from './onnx-writer.ts';
export type { TinyModelEntry } from './tiny-catalog.ts';
