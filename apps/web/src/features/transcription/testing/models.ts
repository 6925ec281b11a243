/** Model statuses for the transcription feature's tests (shapes of `GET /api/models`). */
import type { ModelsList, ModelStatus } from '@summy/core';

/** A catalog model in a given state: by default the absent default English recognizer. */
export function modelStatus(overrides: Partial<ModelStatus> = {}): ModelStatus {
  return {
    id: 'parakeet-tdt-0.6b-v2-int8',
    name: 'Parakeet TDT 0.6B v2 (English)',
    kind: 'recognizer',
    family: 'nemo-transducer',
    languages: ['en'],
    sizeBytes: 482_468_385,
    goodFor: 'Most accurate English.',
    default: true,
    state: 'absent',
    receivedBytes: 0,
    totalBytes: 482_468_385,
    ...overrides,
  };
}

/** The default speaker-embedding model, absent. */
export const EMBEDDING = modelStatus({
  id: '3dspeaker-campplus-en-voxceleb',
  name: 'CAM++ speaker embeddings',
  kind: 'speaker-embedding',
  family: 'speaker-embedding',
  sizeBytes: 29_596_978,
  totalBytes: 29_596_978,
});

/** The default notes model (Qwen3 1.7B), absent. */
export const NOTES = modelStatus({
  id: 'qwen3-1.7b-q4_k_m',
  name: 'Qwen3 1.7B (notes, small)',
  kind: 'llm',
  family: 'gguf',
  languages: ['en', 'de', 'fr', 'es'],
  sizeBytes: 1_107_409_472,
  totalBytes: 1_107_409_472,
  goodFor: 'Summaries and action items on small servers.',
  ramBytes: 3_500_000_000,
  contextTokens: 32_768,
  licence: 'Apache-2.0',
});

/** The default text-embedding model (BGE small), absent. */
export const TEXT_EMBEDDING = modelStatus({
  id: 'bge-small-en-v1.5-q8_0',
  name: 'BGE small v1.5 (search embeddings, English)',
  kind: 'text-embedding',
  family: 'gguf',
  sizeBytes: 36_685_152,
  totalBytes: 36_685_152,
  goodFor: 'Finding meetings by meaning.',
  ramBytes: 200_000_000,
  contextTokens: 512,
  licence: 'MIT',
});

/** A model list with `provider` the engine of the next meeting. */
export function modelsList(
  models: ModelStatus[],
  provider: ModelsList['transcription']['provider'],
): ModelsList {
  const notes = models.filter((m) => m.kind === 'llm' && m.state === 'installed');
  return {
    models,
    transcription: { provider, fallbackOnly: provider === 'offline' },
    notes: { modelId: (notes.find((m) => m.default) ?? notes[0])?.id ?? null },
  };
}
