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

/** A model list with `provider` the engine of the next meeting. */
export function modelsList(
  models: ModelStatus[],
  provider: ModelsList['transcription']['provider'],
): ModelsList {
  return { models, transcription: { provider, fallbackOnly: provider === 'offline' } };
}
