/**
 * The local model catalog: the speech models and the notes models (GGUF language and embedding
 * models) Summy can download, with their sizes, languages, download URLs and SHA-256. The built-in list below is replaced as a whole by MODELS_CATALOG (a
 * JSON array of the same entries), for tests and for mirrors that host other models. Entry shape
 * and validation: packages/core/src/models.ts.
 *
 * Sizes and checksums of the real models are those other public projects pin (real files cannot be
 * downloaded on the build machines; docs/self-hosting.md says so).
 */
import { readFileSync } from 'node:fs';
import { modelCatalogSchema, type ModelEntry } from '@summy/core';
import { ConfigurationError, DEFAULT_MODELS_BASE_URL, type Env } from '../env.ts';
import { NOTES_MODELS } from './notes-catalog.ts';

export type { ModelEntry, ModelFamily, ModelKind } from '@summy/core';

const V2 = 'sherpa-onnx-nemo-parakeet-tdt-0.6b-v2-int8';
const V3 = 'sherpa-onnx-nemo-parakeet-tdt-0.6b-v3-int8';
const CTC_110M = 'sherpa-onnx-nemo-parakeet_tdt_ctc_110m-en-36000-int8';
const CAMPPLUS = '3dspeaker_speech_campplus_sv_en_voxceleb_16k.onnx';
const PYANNOTE = 'sherpa-onnx-pyannote-segmentation-3-0';

/**
 * The built-in catalog. URLs are relative to MODELS_BASE_URL (default: the sherpa-onnx release
 * downloads), so a mirror only needs the same paths. Sizes and SHA-256 are those other public
 * projects pin for these release files (not downloaded here: no internet on the build machines).
 * The choice of default and the published word error rates: docs/decisions (the local engine's
 * record).
 */
export const BUILT_IN_MODELS: readonly ModelEntry[] = [
  {
    id: 'parakeet-tdt-0.6b-v2-int8',
    name: 'Parakeet TDT 0.6B v2 (English)',
    kind: 'recognizer',
    family: 'nemo-transducer',
    languages: ['en'],
    sizeBytes: 482_468_385,
    goodFor: 'The most accurate English transcripts, with punctuation and casing.',
    default: true,
    url: `asr-models/${V2}.tar.bz2`,
    sha256: '157c157bc51155e03e37d2466522a3a737dd9c72bb25f36eb18912964161e1ad',
    archive: 'tar.bz2',
    files: {
      encoder: `${V2}/encoder.int8.onnx`,
      decoder: `${V2}/decoder.int8.onnx`,
      joiner: `${V2}/joiner.int8.onnx`,
      tokens: `${V2}/tokens.txt`,
    },
  },
  {
    id: 'parakeet-tdt-ctc-110m-en-int8',
    name: 'Parakeet CTC 110M (English, small)',
    kind: 'recognizer',
    family: 'nemo-ctc',
    languages: ['en'],
    sizeBytes: 104_337_827,
    goodFor: 'English on small machines: a fifth of the download, faster, a little less accurate.',
    url: `asr-models/${CTC_110M}.tar.bz2`,
    sha256: '17f945007b52ccd8b7200ffc7c5652e9e8e961dfdf479cefcabd06cf5703630b',
    archive: 'tar.bz2',
    files: { model: `${CTC_110M}/model.int8.onnx`, tokens: `${CTC_110M}/tokens.txt` },
  },
  {
    id: 'parakeet-tdt-0.6b-v3-int8',
    name: 'Parakeet TDT 0.6B v3 (25 European languages)',
    kind: 'recognizer',
    family: 'nemo-transducer',
    // NVIDIA's model card: 25 European languages.
    languages: 'bg hr cs da nl en et fi fr de el hu it lv lt mt pl pt ro sk sl es sv ru uk'.split(
      ' ',
    ),
    sizeBytes: 487_170_055,
    goodFor: 'Meetings in German, French, Spanish and 22 other European languages.',
    url: `asr-models/${V3}.tar.bz2`,
    sha256: '5793d0fd397c5778d2cf2126994d58e9d56b1be7c04d13c7a15bb1b4eafb16bf',
    archive: 'tar.bz2',
    files: {
      encoder: `${V3}/encoder.int8.onnx`,
      decoder: `${V3}/decoder.int8.onnx`,
      joiner: `${V3}/joiner.int8.onnx`,
      tokens: `${V3}/tokens.txt`,
    },
  },
  {
    id: '3dspeaker-campplus-en-voxceleb',
    name: 'CAM++ speaker embeddings (3D-Speaker, VoxCeleb)',
    kind: 'speaker-embedding',
    family: 'speaker-embedding',
    languages: ['en'],
    sizeBytes: 29_596_978,
    goodFor: 'Telling speakers apart: replaces the built-in voice features in diarization.',
    default: true,
    // 'recongition' (sic) is the release tag's real spelling.
    url: `speaker-recongition-models/${CAMPPLUS}`,
    sha256: '357a834f702b80161e5b981182c038e18553c1f2ca752ed6cec2052365d4129b',
    archive: 'none',
    files: { model: CAMPPLUS },
  },
  {
    id: 'pyannote-segmentation-3.0',
    name: 'pyannote segmentation 3.0 (speaker turns and overlaps)',
    kind: 'speaker-segmentation',
    family: 'pyannote-segmentation',
    // It hears voices, not words: trained on meetings and conversations in several languages
    // (AMI, AliMeeting, DIHARD, VoxConverse and others, per pyannote's model card).
    languages: ['mul'],
    sizeBytes: 6_958_444,
    goodFor:
      'Quick turns and people talking over each other: finds who speaks at each moment. Used with the speaker embedding model.',
    // Not the default (not offered by the first-run prompt) until its turns are measured on real
    // meetings here: the build machines cannot download it (docs/decisions/055).
    url: `speaker-segmentation-models/${PYANNOTE}.tar.bz2`,
    // The release publishes no checksum of its own (the asset's digest is empty): size and SHA-256
    // are those several unrelated projects pin for this archive.
    sha256: '24615ee884c897d9d2ba09bb4d30da6bb1b15e685065962db5b02e76e4996488',
    archive: 'tar.bz2',
    // The float model, as sherpa-onnx's own diarization examples load it; the archive also holds
    // model.int8.onnx.
    files: { model: `${PYANNOTE}/model.onnx` },
    licence: 'MIT',
  },
  ...NOTES_MODELS,
];

/**
 * The catalog in force: MODELS_CATALOG's entries when set, else the built-in list.
 * @throws ConfigurationError naming MODELS_CATALOG when the file cannot be read, is not JSON, or
 *   an entry is invalid (the message names the entry index and field)
 */
export function loadModelCatalog(env: Pick<Env, 'modelsCatalogFile'>): ModelEntry[] {
  const file = env.modelsCatalogFile;
  if (!file) return [...BUILT_IN_MODELS];
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigurationError(
      `Invalid backend configuration: MODELS_CATALOG (${file}) is not a readable JSON file: ${(err as Error).message}`,
    );
  }
  const parsed = modelCatalogSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigurationError(
      `Invalid backend configuration: MODELS_CATALOG (${file}) at [${issue.path.join('.')}]: ${issue.message}`,
    );
  }
  return parsed.data;
}

/**
 * The catalog entry with this id.
 * @returns undefined when the catalog in force has no such model
 */
export function findModelEntry(
  env: Pick<Env, 'modelsCatalogFile'>,
  id: string,
): ModelEntry | undefined {
  return loadModelCatalog(env).find((e) => e.id === id);
}

/** The host of the notes models' absolute URLs, which a mirror serves under its own path. */
const HUGGING_FACE = 'https://huggingface.co/';

/**
 * The absolute download URL of an entry: relative URLs resolve against MODELS_BASE_URL
 * (`{base}/{url}`); absolute URLs are used as they are, except Hugging Face files while a mirror
 * is set (MODELS_BASE_URL not the default): `{base}/huggingface.co/{owner}/{repo}/resolve/
 * {revision}/{file}`, so one mirror serves the speech and the notes models
 * (docs/decisions/050-notes-models.md).
 */
export function modelDownloadUrl(entry: ModelEntry, env: Pick<Env, 'modelsBaseUrl'>): string {
  const base = env.modelsBaseUrl.replace(/\/+$/, '');
  if (/^https?:\/\//i.test(entry.url)) {
    const mirrored = base !== DEFAULT_MODELS_BASE_URL && entry.url.startsWith(HUGGING_FACE);
    return mirrored ? `${base}/huggingface.co/${entry.url.slice(HUGGING_FACE.length)}` : entry.url;
  }
  return `${base}/${entry.url.replace(/^\/+/, '')}`;
}
