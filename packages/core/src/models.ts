/**
 * Local models: the catalog entry shape and the model manager's HTTP answers. Speech models (the
 * local speech engine) and notes models (GGUF language and text-embedding models run by the local
 * language-model engine) share one catalog, one download path and one list. Shared by the server
 * (catalog validation, route answers) and the web app (Settings, the first-run prompt). No I/O here.
 */
import { z } from './zod.ts';

/**
 * What a model does: the speech engine's kinds, `llm` (a notes model: writes summaries and action
 * items) and `text-embedding` (turns text into vectors for search). `speaker-segmentation` finds
 * who speaks in each frame of a 10 s window, overlaps included (pyannote segmentation-3.0); the
 * engine uses it with a `speaker-embedding` model, which tells the windows' speakers apart.
 */
export const modelKindSchema = z.enum([
  'recognizer',
  'speaker-embedding',
  'speaker-segmentation',
  'punctuation',
  'vad',
  'llm',
  'text-embedding',
]);
export type ModelKind = z.infer<typeof modelKindSchema>;

/** The model's file layout family; decides which `files` roles the engine reads. */
export const modelFamilySchema = z.enum([
  'nemo-ctc',
  'nemo-transducer',
  'whisper',
  'moonshine',
  'sense-voice',
  'speaker-embedding',
  'pyannote-segmentation',
  'punctuation',
  'silero-vad',
  'gguf',
]);
export type ModelFamily = z.infer<typeof modelFamilySchema>;

/**
 * The `files` roles each family needs; a catalog entry missing one is
 * rejected when the catalog loads rather than when the engine first opens it.
 */
export const MODEL_FAMILY_FILES: Record<ModelFamily, readonly string[]> = {
  'nemo-ctc': ['model', 'tokens'],
  'nemo-transducer': ['encoder', 'decoder', 'joiner', 'tokens'],
  whisper: ['encoder', 'decoder', 'tokens'],
  moonshine: ['preprocessor', 'encoder', 'uncachedDecoder', 'cachedDecoder', 'tokens'],
  'sense-voice': ['model', 'tokens'],
  'speaker-embedding': ['model'],
  'pyannote-segmentation': ['model'],
  punctuation: ['model'],
  'silero-vad': ['model'],
  gguf: ['model'],
};

/** The kinds run by the language-model engine from one GGUF file. */
export const LANGUAGE_MODEL_KINDS: readonly ModelKind[] = ['llm', 'text-embedding'];

/** True for a notes model or a text-embedding model (GGUF, with RAM, context and licence). */
export function isLanguageModelKind(kind: ModelKind): boolean {
  return LANGUAGE_MODEL_KINDS.includes(kind);
}

/** The figures a language-model entry must state, with what each means, for the error messages. */
const LANGUAGE_MODEL_FIGURES = {
  ramBytes: 'the memory it needs, in bytes',
  contextTokens: 'its context length, in tokens',
  licence: 'the licence of its weights',
} as const;

// A model id is also its folder name under the models folder: no separators, no dot-files.
const modelIdSchema = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9._-]{0,127}$/,
    'id must be lowercase letters, digits, dots, dashes or underscores',
  );

// Paths inside the installed folder: relative, no '..', so a catalog cannot point outside it.
const relativeFileSchema = z
  .string()
  .min(1)
  .refine(
    (p) => !p.startsWith('/') && !p.split(/[\\/]/).includes('..'),
    'files paths must be relative to the model folder',
  );

/**
 * One downloadable model of the catalog. `url` is absolute or relative to MODELS_BASE_URL;
 * `sha256` (hex) is of the downloaded file; `sizeBytes` its length in bytes; `archive` 'none'
 * means the download itself is `files.model`. Language models (`llm`, `text-embedding`) are one
 * `gguf` file and also state `ramBytes` (memory to run it, bytes), `contextTokens` (its context
 * length, tokens) and `licence` (an SPDX id or the licence's name); speech entries may omit them.
 */
export const modelEntrySchema = z
  .object({
    id: modelIdSchema,
    name: z.string().min(1),
    kind: modelKindSchema,
    family: modelFamilySchema,
    languages: z.array(z.string().min(2)).min(1),
    sizeBytes: z.number().int().positive(),
    goodFor: z.string().min(1),
    default: z.boolean().optional(),
    url: z.string().min(1),
    sha256: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'sha256 must be 64 hex digits')
      .transform((s) => s.toLowerCase()),
    archive: z.enum(['tar.bz2', 'none']),
    files: z.record(z.string(), relativeFileSchema),
    ramBytes: z.number().int().positive().optional(),
    contextTokens: z.number().int().positive().optional(),
    licence: z.string().min(1).optional(),
    /**
     * Speaker embedding models: when two voiceprints are one person (cosine similarity, -1..1):
     * the least similarity of a suggested name and its least lead over the runner-up.
     */
    voiceMatch: z
      .object({ threshold: z.number().min(-1).max(1), margin: z.number().min(0).max(2) })
      .optional(),
  })
  .superRefine((entry, ctx) => {
    const issue = (path: string[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    if (isLanguageModelKind(entry.kind)) {
      for (const [field, meaning] of Object.entries(LANGUAGE_MODEL_FIGURES)) {
        if (entry[field as keyof typeof LANGUAGE_MODEL_FIGURES] === undefined) {
          issue([field], `a ${entry.kind} model needs ${field} (${meaning})`);
        }
      }
      if (entry.family !== 'gguf') issue(['family'], `a ${entry.kind} model must be a gguf file`);
    } else if (entry.family === 'gguf') {
      issue(['kind'], `a gguf file holds a ${LANGUAGE_MODEL_KINDS.join(' or ')} model`);
    }
    if (entry.family === 'gguf') {
      if (entry.archive !== 'none') {
        issue(['archive'], "a gguf model is downloaded as the file itself: archive must be 'none'");
      }
      if (entry.files.model && !/\.gguf$/i.test(entry.files.model)) {
        issue(['files', 'model'], "a gguf model's file must end in .gguf");
      }
    }
    for (const role of MODEL_FAMILY_FILES[entry.family]) {
      if (!entry.files[role]) {
        ctx.addIssue({
          code: 'custom',
          path: ['files', role],
          message: `a ${entry.family} model needs files.${role}`,
        });
      }
    }
  });
export type ModelEntry = z.infer<typeof modelEntrySchema>;

/** A whole catalog: unique ids. */
export const modelCatalogSchema = z.array(modelEntrySchema).superRefine((entries, ctx) => {
  const seen = new Set<string>();
  entries.forEach((e, i) => {
    if (seen.has(e.id)) {
      ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate model id ${e.id}` });
    }
    seen.add(e.id);
  });
});

/** Where a model stands on this server. */
export const modelStateSchema = z.enum(['absent', 'downloading', 'installed', 'failed']);
export type ModelState = z.infer<typeof modelStateSchema>;

/** The `{error, details}` shape of every failure answer, kept on a failed model. */
export const modelErrorSchema = z.object({ error: z.string(), details: z.string() });
export type ModelError = z.infer<typeof modelErrorSchema>;

/**
 * A catalog model with its state on this server (GET /api/models). Bytes: `receivedBytes` so far
 * (a resumed download counts the kept part), `totalBytes` of the download (the catalog's size
 * until the mirror states its length). `error` only when `state` is 'failed', and only in an
 * administrator's answer (it names hosts and server settings). `ramBytes`, `contextTokens` and
 * `licence` as in the catalog (language models only).
 */
export const modelStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: modelKindSchema,
  family: modelFamilySchema,
  languages: z.array(z.string()),
  sizeBytes: z.number(),
  goodFor: z.string(),
  default: z.boolean(),
  ramBytes: z.number().optional(),
  contextTokens: z.number().optional(),
  licence: z.string().optional(),
  state: modelStateSchema,
  receivedBytes: z.number(),
  totalBytes: z.number(),
  error: modelErrorSchema.optional(),
});
export type ModelStatus = z.infer<typeof modelStatusSchema>;

/** Speech-to-text provider ids (mirrors the server's SttProviderId; 'local' is). */
export const sttProviderIdSchema = z.enum(['offline', 'deepgram', 'openai', 'local']);

/**
 * GET /api/models. `transcription.provider` is the provider the next job would use;
 * `fallbackOnly` is true when that is 'offline' (PocketSphinx), for the first-run prompt.
 * `notes.modelId` is the installed notes model the local language-model engine would use (the
 * catalog's default when installed, else the first installed), null when none is: notes are then
 * extractive (sentences picked from the transcript).
 */
export const modelsListSchema = z.object({
  models: z.array(modelStatusSchema),
  transcription: z.object({ provider: sttProviderIdSchema, fallbackOnly: z.boolean() }),
  notes: z.object({ modelId: z.string().nullable() }),
});
export type ModelsList = z.infer<typeof modelsListSchema>;

/** POST /api/models/:id/download (202) and POST /api/models/:id/cancel (200). */
export const modelAnswerSchema = z.object({ model: modelStatusSchema });
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;
