/**
 * The local language-model engine: a GGUF instruct model run by node-llama-cpp in a worker
 * process; see ./engine.ts, and ./context-size.ts for how much context it gets.
 */
export {
  LocalLlmEngine,
  LocalLlmError,
  type LlmGenerateRequest,
  type LlmJsonSchema,
  type LlmMessage,
  type LocalLlmCallOptions,
  type LocalLlmEngineOptions,
  type LocalLlmErrorKind,
  type LocalLlmUsage,
} from './engine.ts';
export {
  chooseContextSize,
  kvBytesPerToken,
  LlmMemoryError,
  LlmMetadataError,
  memoryBudgetBytes,
  modelShapeFromMetadata,
  type LlmModelShape,
} from './context-size.ts';
