/**
 * Pure rules of the Transcription screens: sizes and progress as people read them, which models the
 * first-run prompt offers, and when a meeting can be transcribed again.
 */
import { isLanguageModelKind, type ModelsList, type ModelStatus } from '@summy/core';
import { formatBytes } from '@/lib/format-bytes';

export { formatBytes };

/** Whole percent (0 to 100) of a download; 0 while its total is not known. */
export function downloadPercent(model: Pick<ModelStatus, 'receivedBytes' | 'totalBytes'>): number {
  if (model.totalBytes <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((model.receivedBytes / model.totalBytes) * 100)));
}

/** '12 MB of 640 MB (2%)': the progress text beside the bar. */
export function progressText(model: Pick<ModelStatus, 'receivedBytes' | 'totalBytes'>): string {
  return `${formatBytes(model.receivedBytes)} of ${formatBytes(model.totalBytes)} (${downloadPercent(model)}%)`;
}

/** A failed model's error in the documented style: '{error}: {details}'. */
export function modelErrorText(error: NonNullable<ModelStatus['error']>): string {
  return error.details ? `${error.error}: ${error.details}` : error.error;
}

let languageNames: Intl.DisplayNames | null | undefined;

/** 'English', or 'English, German, French and 22 more' for a multilingual model. */
export function formatLanguages(tags: readonly string[], shown = 3): string {
  if (languageNames === undefined) {
    try {
      languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
    } catch {
      languageNames = null;
    }
  }
  const names = tags.map((tag) => languageNames?.of(tag) ?? tag);
  if (names.length <= shown) {
    return names.length > 1
      ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
      : (names[0] ?? '');
  }
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

/** What each kind of model is, in a word for the Settings list. */
export const MODEL_KIND_LABELS: Record<ModelStatus['kind'], string> = {
  recognizer: 'Speech recognizer',
  'speaker-embedding': 'Speaker separation',
  'speaker-segmentation': 'Speaker turns',
  punctuation: 'Punctuation',
  vad: 'Voice detection',
  llm: 'Notes model',
  'text-embedding': 'Search embeddings',
};

/** An updater of the cached list that puts `model` in place of the entry with its id. */
export function withModel(model: ModelStatus) {
  return (list: ModelsList | undefined): ModelsList | undefined =>
    list && {
      ...list,
      models: list.models.map((entry) => (entry.id === model.id ? model : entry)),
    };
}

/** The default model of each kind, in the order of `kinds`, that is not installed yet. */
function defaultsToDownload(
  list: ModelsList | undefined,
  kinds: readonly ModelStatus['kind'][],
): ModelStatus[] {
  if (!list) return [];
  return kinds.flatMap((kind) => {
    const model = list.models.find((m) => m.kind === kind && m.default);
    return model && model.state !== 'installed' ? [model] : [];
  });
}

/**
 * The models the first-run prompt downloads: the default recognizer and the default speaker
 * embedding (for speaker turns), in that order, each only if not installed yet.
 */
export function defaultDownloads(list: ModelsList | undefined): ModelStatus[] {
  return defaultsToDownload(list, ['recognizer', 'speaker-embedding']);
}

/** True for the entries the notes engine runs: notes models and text-embedding models. */
export function isNotesModel(model: Pick<ModelStatus, 'kind'>): boolean {
  return isLanguageModelKind(model.kind);
}

/**
 * The notes models the first-run prompt downloads: the default notes model and the default
 * text-embedding model, in that order, each only if not installed yet.
 */
export function notesDownloads(list: ModelsList | undefined): ModelStatus[] {
  return defaultsToDownload(list, ['llm', 'text-embedding']);
}

/**
 * The label of the prompt's one-step download: 'Download speech and notes models (about 1.7 GB)',
 * or only the part still to download ('Download notes models (about 1.1 GB)').
 */
export function promptDownloadLabel(speech: ModelStatus[], notes: ModelStatus[]): string {
  const bytes = [...speech, ...notes].reduce((sum, m) => sum + m.sizeBytes, 0);
  const what =
    speech.length > 0 && notes.length > 0
      ? 'speech and notes models'
      : speech.length > 0
        ? 'speech models'
        : 'notes models';
  return `Download ${what} (about ${formatBytes(bytes)})`;
}

/**
 * A notes model's figures for Settings: '3.5 GB of memory · 32,768-token context · Apache-2.0';
 * empty for a speech model.
 */
export function notesFigures(
  model: Pick<ModelStatus, 'ramBytes' | 'contextTokens' | 'licence'>,
): string {
  return [
    model.ramBytes !== undefined && `${formatBytes(model.ramBytes)} of memory`,
    model.contextTokens !== undefined &&
      `${model.contextTokens.toLocaleString('en-US')}-token context`,
    model.licence,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** True once a local recognizer is installed on the server. */
export function hasLocalRecognizer(list: ModelsList | undefined): boolean {
  return Boolean(list?.models.some((m) => m.kind === 'recognizer' && m.state === 'installed'));
}

/** Names of the engines a meeting can be transcribed again with, for the button's label. */
const ENGINE_NAMES: Record<ModelsList['transcription']['provider'], string> = {
  local: 'the local model',
  deepgram: 'Deepgram',
  openai: 'OpenAI',
  offline: 'the built-in recognizer',
};

/**
 * The label of the re-transcribe button for a meeting transcribed by `transcribedBy`, or null when
 * none is offered: only a meeting of the PocketSphinx fallback ('offline'), and only once a better
 * engine would run (a local recognizer installed, or a cloud service configured).
 */
export function retranscribeLabel(
  transcribedBy: string | null | undefined,
  list: ModelsList | undefined,
): string | null {
  if (transcribedBy !== 'offline' || !list) return null;
  const engine = list.transcription.provider;
  if (engine === 'offline') return null;
  if (engine === 'local' && !hasLocalRecognizer(list)) return null;
  return `Re-transcribe with ${ENGINE_NAMES[engine]}`;
}
