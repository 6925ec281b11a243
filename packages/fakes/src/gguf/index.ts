/**
 * A tiny language model in the real GGUF format for tests and benchmarks of the local
 * language-model engine; see ./tiny-gguf.ts.
 */
export {
  TINY_CHAT_TEMPLATE,
  TINY_GGUF,
  tinyGgufBytes,
  writeTinyGguf,
  type TinyGgufOptions,
} from './tiny-gguf.ts';
