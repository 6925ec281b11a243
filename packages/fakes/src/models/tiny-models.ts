/**
 * Tiny speech models in the local engine's real file formats, for tests (real model files cannot be
 * downloaded on the build machines, so the suite makes its own). Written by code,
 * deterministically: fixed-seed random weights, so the same call always writes the same bytes, and
 * what they decode is whatever those weights give — tests check shape, timing order and
 * determinism, never words.
 *
 * - `tiny-nemo-ctc-en`: a NeMo CTC recognizer as sherpa-onnx's `OfflineNemoEncDecCtcModel`
 *   loads it (k2-fsa/sherpa-onnx sherpa-onnx/csrc/offline-nemo-enc-dec-ctc-model.cc and
 *   offline-ctc-model.cc): inputs `audio_signal` float [N, 80, T] (80 mel features, channels
 *   first) and `length` int64 [N]; first output log-probabilities float [N, T/4, vocab];
 *   metadata `model_type` = EncDecCTCModelBPE, `vocab_size`, `subsampling_factor` = 4,
 *   `normalize_type` = per_feature. The graph: a stride-4 convolution (the subsampling), tanh,
 *   a 1x1 convolution to the vocabulary, log-softmax. tokens.txt holds `<symbol> <id>` lines in
 *   NeMo's SentencePiece style (`▁` starts a word) with `<blk>` last, as NeMo exports do.
 * - `tiny-speaker-embedding`: a 3D-Speaker-style embedding extractor as sherpa-onnx's
 *   `SpeakerEmbeddingExtractorGeneralImpl` loads it (speaker-embedding-extractor-impl.cc,
 *   speaker-embedding-extractor-model.cc): input float [N, T, 80] fbank frames, output float
 *   [N, dim]; metadata `framework` = 3d-speaker, `output_dim`, `sample_rate` = 16000,
 *   `normalize_samples` = 1, `language`, `feature_normalize_type` = global-mean. The graph: a
 *   frame-wise projection, tanh, mean over time, a projection to `dim`.
 * - `tiny-pyannote-segmentation` (option `segmentation`): a pyannote segmentation-3.0-style
 *   speaker segmentation model as sherpa-onnx's `OfflineSpeakerDiarization` loads it; see
 *   ./tiny-segmentation.ts.
 *
 * The recognizer and the segmentation model ship as a `.tar.bz2` holding one top folder, like the
 * sherpa-onnx release archives; the embedding model as a bare `.onnx` file, like the sherpa-onnx
 * `speaker-recongition-models` release. Archives are made with the system `tar -cjf` (GNU tar,
 * bzip2) with fixed names, owners and times, so their SHA-256 is stable too.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileFacts, tarBz2 } from './archive.ts';
import { encodeOnnxModel, OnnxType, type OnnxModel } from './onnx-writer.ts';
import type { TinyModelEntry } from './tiny-catalog.ts';
import { writeTinyNotesModels } from './tiny-gguf.ts';
import { tinySegmentationModel } from './tiny-segmentation.ts';
import { tinyTransducer } from './tiny-transducer.ts';
import { unitVariance, weights } from './random-weights.ts';

/** What {@link writeTinyModels} wrote. */
export interface TinyModels {
  /** The catalog JSON (an array of entries) to pass as MODELS_CATALOG. */
  catalogFile: string;
  /** Folder of the downloads (archives and bare files), to serve as MODELS_BASE_URL. */
  archivesDir: string;
  entries: TinyModelEntry[];
}

/** Options of {@link writeTinyModels}. */
export interface TinyModelOptions {
  /**
   * Further tiny recognizers beside the English one, e.g. `{ id: 'tiny-nemo-ctc-de', languages:
   * ['de'], seed: 7 }`, to test the choice of recognizer by language.
   */
  extraRecognizers?: { id: string; languages: string[]; seed: number }[];
  /** Add the tiny notes downloads (tiny-gguf.ts): a notes model and an embedding model. */
  notesModels?: boolean;
  /**
   * Add `tiny-nemo-tdt-en`, a NeMo token-and-duration transducer (./tiny-transducer.ts), the
   * family of the default recognizer; not the default here, so tests pick it by id.
   */
  transducer?: boolean;
  /**
   * Add `tiny-pyannote-segmentation`, a pyannote-style speaker segmentation model
   * (./tiny-segmentation.ts) packed like sherpa-onnx's release; off by default, because with it
   * installed the engine finds speaker turns another way.
   */
  segmentation?: boolean;
}

/** Mel features per frame of NeMo CTC models (sherpa-onnx's default `feature_dim`). */
export const TINY_FEATURE_DIM = 80;
/** Output frames per input frame: 4, i.e. one token step every 40 ms. */
export const TINY_SUBSAMPLING = 4;
/** Length of the tiny speaker embeddings. */
export const TINY_EMBEDDING_DIM = 32;

/** The tiny recognizer's vocabulary; `<blk>` (the CTC blank) last, as in NeMo exports. */
export const TINY_TOKENS = [
  '<unk>',
  '▁the',
  '▁a',
  '▁and',
  '▁to',
  '▁of',
  '▁you',
  '▁we',
  '▁can',
  '▁do',
  '▁what',
  '▁my',
  '▁for',
  '▁your',
  '▁country',
  '▁ask',
  '▁not',
  '▁call',
  '▁me',
  '▁so',
  's',
  'ing',
  'ed',
  'er',
  'ly',
  'e',
  't',
  'n',
  '<blk>',
] as const;

/**
 * Whether `word` is made of the tiny vocabulary's pieces, as every word the tiny recognizer
 * decodes is: tells its output from another engine's without knowing the words.
 */
export function isTinyVocabularyWord(word: string): boolean {
  const pieces = TINY_TOKENS.filter((t) => !t.startsWith('<')).map((t) => t.replace('▁', ''));
  return new RegExp(`^(${pieces.join('|')})+$`).test(word);
}

const HIDDEN = 48;

/**
 * Writes the tiny models, their downloads and a catalog into `dir` (created; previous contents
 * of its `work` and `archives` folders replaced). Same bytes on every call.
 * @throws Error when the system `tar` or `bzip2` is missing (scripts/system-deps.sh installs them)
 */
export async function writeTinyModels(
  dir: string,
  options: TinyModelOptions = {},
): Promise<TinyModels> {
  const work = path.join(dir, 'work');
  const archivesDir = path.join(dir, 'archives');
  await rm(work, { recursive: true, force: true });
  await rm(archivesDir, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  await mkdir(archivesDir, { recursive: true });

  const recognizers = [
    { id: 'tiny-nemo-ctc-en', languages: ['en'], seed: 1 },
    ...(options.extraRecognizers ?? []),
  ];
  const entries: TinyModelEntry[] = [];
  for (const [index, r] of recognizers.entries()) {
    const folder = path.join(work, r.id);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'model.onnx'), encodeOnnxModel(tinyCtcModel(r.seed)));
    await writeFile(
      path.join(folder, 'tokens.txt'),
      TINY_TOKENS.map((t, i) => `${t} ${i}\n`).join(''),
    );
    const archive = path.join(archivesDir, `${r.id}.tar.bz2`);
    await tarBz2(work, r.id, archive);
    entries.push({
      id: r.id,
      name: `Tiny NeMo CTC test recognizer (${r.languages.join(', ')})`,
      kind: 'recognizer',
      family: 'nemo-ctc',
      languages: r.languages,
      ...(await fileFacts(archive)),
      goodFor: 'Tests only: random weights, decodes nonsense.',
      ...(index === 0 ? { default: true } : {}),
      url: path.basename(archive),
      archive: 'tar.bz2',
      files: { model: `${r.id}/model.onnx`, tokens: `${r.id}/tokens.txt` },
    });
  }

  if (options.transducer) {
    const id = 'tiny-nemo-tdt-en';
    const folder = path.join(work, id);
    await mkdir(folder, { recursive: true });
    const graphs = tinyTransducer(unitVariance(3), {
      vocab: TINY_TOKENS.length,
      featureDim: TINY_FEATURE_DIM,
      subsampling: TINY_SUBSAMPLING,
    });
    for (const [role, graph] of Object.entries(graphs)) {
      await writeFile(path.join(folder, `${role}.onnx`), encodeOnnxModel(graph));
    }
    await writeFile(
      path.join(folder, 'tokens.txt'),
      TINY_TOKENS.map((t, i) => `${t} ${i}\n`).join(''),
    );
    const archive = path.join(archivesDir, `${id}.tar.bz2`);
    await tarBz2(work, id, archive);
    entries.push({
      id,
      name: 'Tiny NeMo TDT transducer test recognizer (en)',
      kind: 'recognizer',
      family: 'nemo-transducer',
      languages: ['en'],
      ...(await fileFacts(archive)),
      goodFor: 'Tests only: random weights, decodes nonsense.',
      url: path.basename(archive),
      archive: 'tar.bz2',
      files: {
        encoder: `${id}/encoder.onnx`,
        decoder: `${id}/decoder.onnx`,
        joiner: `${id}/joiner.onnx`,
        tokens: `${id}/tokens.txt`,
      },
    });
  }

  const embedding = path.join(archivesDir, 'tiny-speaker-embedding.onnx');
  await writeFile(embedding, encodeOnnxModel(tinySpeakerEmbeddingModel(2)));
  entries.push({
    id: 'tiny-speaker-embedding',
    name: 'Tiny speaker embedding test model',
    kind: 'speaker-embedding',
    family: 'speaker-embedding',
    languages: ['en'],
    ...(await fileFacts(embedding)),
    goodFor: 'Tests only: random weights.',
    default: true,
    url: path.basename(embedding),
    archive: 'none',
    files: { model: 'tiny-speaker-embedding.onnx' },
  });

  if (options.segmentation) {
    const id = 'tiny-pyannote-segmentation';
    const folder = path.join(work, id);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'model.onnx'), encodeOnnxModel(tinySegmentationModel(5)));
    const archive = path.join(archivesDir, `${id}.tar.bz2`);
    await tarBz2(work, id, archive);
    entries.push({
      id,
      name: 'Tiny pyannote speaker segmentation test model',
      kind: 'speaker-segmentation',
      family: 'pyannote-segmentation',
      languages: ['mul'],
      ...(await fileFacts(archive)),
      goodFor: 'Tests only: random weights.',
      default: true,
      url: path.basename(archive),
      archive: 'tar.bz2',
      files: { model: `${id}/model.onnx` },
    });
  }

  if (options.notesModels) entries.push(...(await writeTinyNotesModels(archivesDir)));

  const catalogFile = path.join(dir, 'catalog.json');
  await writeFile(catalogFile, `${JSON.stringify(entries, null, 2)}\n`);
  return { catalogFile, archivesDir, entries };
}

/** The tiny NeMo CTC recognizer (see the module comment). */
export function tinyCtcModel(seed: number): OnnxModel {
  const random = unitVariance(seed);
  const vocab = TINY_TOKENS.length;
  const blank = vocab - 1;
  const kernel = TINY_SUBSAMPLING;
  const b2 = weights(random, vocab, 0.5);
  // A head start for the blank, as trained CTC models have: most frames emit nothing.
  b2[blank]! += 4;
  return {
    opset: 17,
    graphName: 'tiny_nemo_ctc',
    inputs: [
      { name: 'audio_signal', type: OnnxType.FLOAT, shape: ['N', TINY_FEATURE_DIM, 'T'] },
      { name: 'length', type: OnnxType.INT64, shape: ['N'] },
    ],
    outputs: [
      { name: 'logprobs', type: OnnxType.FLOAT, shape: ['N', 'T_out', vocab] },
      { name: 'encoded_lengths', type: OnnxType.INT64, shape: ['N'] },
    ],
    initializers: [
      {
        name: 'w1',
        dims: [HIDDEN, TINY_FEATURE_DIM, kernel],
        data: weights(random, HIDDEN * TINY_FEATURE_DIM * kernel, 1 / Math.sqrt(80 * kernel)),
      },
      { name: 'b1', dims: [HIDDEN], data: weights(random, HIDDEN, 0.1) },
      { name: 'w2', dims: [vocab, HIDDEN, 1], data: weights(random, vocab * HIDDEN, 3 / 7) },
      { name: 'b2', dims: [vocab], data: b2 },
    ],
    nodes: [
      {
        op: 'Conv',
        inputs: ['audio_signal', 'w1', 'b1'],
        outputs: ['h1'],
        attributes: { kernel_shape: { ints: [kernel] }, strides: { ints: [kernel] } },
      },
      { op: 'Tanh', inputs: ['h1'], outputs: ['h2'] },
      {
        op: 'Conv',
        inputs: ['h2', 'w2', 'b2'],
        outputs: ['logits_nct'],
        attributes: { kernel_shape: { ints: [1] } },
      },
      {
        op: 'Transpose',
        inputs: ['logits_nct'],
        outputs: ['logits'],
        attributes: { perm: { ints: [0, 2, 1] } },
      },
      {
        op: 'LogSoftmax',
        inputs: ['logits'],
        outputs: ['logprobs'],
        attributes: { axis: { i: -1 } },
      },
      // sherpa-onnx computes the output lengths itself; this keeps `length` a live input.
      { op: 'Identity', inputs: ['length'], outputs: ['encoded_lengths'] },
    ],
    metadata: {
      model_type: 'EncDecCTCModelBPE',
      vocab_size: String(vocab),
      subsampling_factor: String(TINY_SUBSAMPLING),
      normalize_type: 'per_feature',
      comment: 'Summy test model: fixed-seed random weights (packages/fakes/src/models)',
    },
  };
}

/** The tiny 3D-Speaker-style speaker embedding extractor (see the module comment). */
export function tinySpeakerEmbeddingModel(seed: number): OnnxModel {
  const random = unitVariance(seed);
  return {
    opset: 17,
    graphName: 'tiny_speaker_embedding',
    inputs: [{ name: 'x', type: OnnxType.FLOAT, shape: ['N', 'T', TINY_FEATURE_DIM] }],
    outputs: [{ name: 'embedding', type: OnnxType.FLOAT, shape: ['N', TINY_EMBEDDING_DIM] }],
    initializers: [
      {
        name: 'w1',
        dims: [TINY_FEATURE_DIM, HIDDEN],
        data: weights(random, TINY_FEATURE_DIM * HIDDEN, 1 / Math.sqrt(TINY_FEATURE_DIM)),
      },
      { name: 'b1', dims: [HIDDEN], data: weights(random, HIDDEN, 0.1) },
      {
        name: 'w2',
        dims: [HIDDEN, TINY_EMBEDDING_DIM],
        data: weights(random, HIDDEN * TINY_EMBEDDING_DIM, 1 / Math.sqrt(HIDDEN)),
      },
    ],
    nodes: [
      { op: 'MatMul', inputs: ['x', 'w1'], outputs: ['p1'] },
      { op: 'Add', inputs: ['p1', 'b1'], outputs: ['p2'] },
      { op: 'Tanh', inputs: ['p2'], outputs: ['p3'] },
      {
        op: 'ReduceMean',
        inputs: ['p3'],
        outputs: ['pooled'],
        attributes: { axes: { ints: [1] }, keepdims: { i: 0 } },
      },
      { op: 'MatMul', inputs: ['pooled', 'w2'], outputs: ['embedding'] },
    ],
    metadata: {
      framework: '3d-speaker',
      output_dim: String(TINY_EMBEDDING_DIM),
      sample_rate: '16000',
      normalize_samples: '1',
      language: 'English',
      feature_normalize_type: 'global-mean',
      comment: 'Summy test model: fixed-seed random weights (packages/fakes/src/models)',
    },
  };
}
