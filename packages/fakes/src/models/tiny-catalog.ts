/**
 * The catalog entry every tiny model is listed with: apart from the writers of the speech models
 * (tiny-models.ts) and of the notes models (tiny-gguf.ts), which both make entries and one of which
 * calls the other.
 */

/**
 * A catalog entry as the server's MODELS_CATALOG reads it (packages/core/src/models.ts
 * `ModelEntry`; repeated here because the fakes do not depend on the core package).
 */
export interface TinyModelEntry {
  id: string;
  name: string;
  kind: 'recognizer' | 'speaker-embedding' | 'speaker-segmentation' | 'llm' | 'text-embedding';
  family: 'nemo-ctc' | 'nemo-transducer' | 'speaker-embedding' | 'pyannote-segmentation' | 'gguf';
  languages: string[];
  sizeBytes: number;
  goodFor: string;
  default?: boolean;
  /** Relative: the file name in `archivesDir`, resolved against MODELS_BASE_URL. */
  url: string;
  sha256: string;
  archive: 'tar.bz2' | 'none';
  files: Record<string, string>;
  /** Language models only: memory to run it (bytes), context length (tokens), licence. */
  ramBytes?: number;
  contextTokens?: number;
  licence?: string;
}
