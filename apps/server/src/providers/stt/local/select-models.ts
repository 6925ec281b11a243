/**
 * Which installed models the local engine uses for a job (the language setting honoured): a
 * recognizer whose catalog languages include the job's primary language — the catalog's default
 * first, then catalog order — the default (else the first) installed speaker embedding model, and,
 * when there is one, the default (else the first) installed speaker segmentation model.
 * Read per job from the models folder (models/installed.ts), so a model downloaded while the server
 * runs is used by the next job.
 */
import type { ModelKind } from '@summy/core';
import type { Env } from '../../../env.ts';
import { installedModels, type InstalledModel } from '../../../models/installed.ts';
import { SttError } from '../types.ts';

/** The primary language subtag, lower case: 'en-GB' → 'en'. */
export function primaryLanguage(tag: string): string {
  return tag.trim().split(/[-_]/)[0]!.toLowerCase();
}

/** The families the engine can run as recognizers (./engine.ts `recognizerConfig`). */
export const RECOGNIZER_FAMILIES = [
  'nemo-ctc',
  'nemo-transducer',
  'whisper',
  'moonshine',
  'sense-voice',
] as const;

/** The models of one job. */
export interface LocalModelChoice {
  recognizer: InstalledModel;
  /** Absent when no speaker embedding model is installed: MFCC embeddings are used. */
  embedding?: InstalledModel;
  /**
   * Absent when no speaker segmentation model is installed, or no embedding model (it needs one
   * to tell its windows' speakers apart): turns then come from clustered embedding windows.
   */
  segmentation?: InstalledModel;
}

/** Installed recognizers the engine can run, default first, then in catalog order. */
export function installedRecognizers(
  env: Pick<Env, 'modelsDir' | 'modelsCatalogFile'>,
): InstalledModel[] {
  const recognizers = installedModels(env).filter(
    (m) =>
      m.entry.kind === 'recognizer' &&
      (RECOGNIZER_FAMILIES as readonly string[]).includes(m.entry.family),
  );
  return [
    ...recognizers.filter((m) => m.entry.default),
    ...recognizers.filter((m) => !m.entry.default),
  ];
}

/**
 * The models for a job in `language`.
 * @throws SttError 'failed' naming what to do when no recognizer is installed, or when none of
 *   the installed ones supports the language (the details list the languages they do support)
 */
export function chooseLocalModels(
  env: Pick<Env, 'modelsDir' | 'modelsCatalogFile'>,
  language: string,
): LocalModelChoice {
  const recognizers = installedRecognizers(env);
  if (recognizers.length === 0) {
    throw new SttError(
      'failed',
      'No local speech model is installed. Download one in Settings > Transcription, or with: npm run summy -- models pull <id>',
    );
  }
  const wanted = primaryLanguage(language);
  const recognizer = recognizers.find((m) =>
    m.entry.languages.some((l) => primaryLanguage(l) === wanted),
  );
  if (!recognizer) {
    const supported = [...new Set(recognizers.flatMap((m) => m.entry.languages))].join(', ');
    throw new SttError(
      'failed',
      `No installed local speech model supports the language '${language}' (installed models support: ${supported}). Download a model for it in Settings > Transcription.`,
    );
  }
  const installed = installedModels(env);
  const preferred = (kind: ModelKind) => {
    const models = installed.filter((m) => m.entry.kind === kind);
    return models.find((m) => m.entry.default) ?? models[0];
  };
  const embedding = preferred('speaker-embedding');
  if (!embedding) return { recognizer };
  const segmentation = preferred('speaker-segmentation');
  return segmentation ? { recognizer, embedding, segmentation } : { recognizer, embedding };
}
