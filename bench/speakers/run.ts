/**
 * bench/speakers: how well Summy tells speakers apart (diarization error rate, DER) and names them
 * across meetings (precision and recall of suggested names), on the shared AMI excerpts with their
 * RTTM references: ES2004a and two ES2004c excerpts share four people (FEE013, FEE016, MEE014,
 * MEO015); IS1009b and the ES2011a clip are other people (strangers to those profiles).
 *
 * Rows: the no-download fallback (MFCC embeddings: DER only, since its embeddings are fitted to
 * each recording and cannot be compared across meetings, so it keeps no voiceprints), then every
 * installed speaker embedding model alone (2 s windows, spectral clustering) and with each
 * installed segmentation model (sherpa-onnx offline speaker diarization). Naming is scored
 * leave-one-out (./naming.ts) with the model's catalog policy. With no model installed it says so.
 *
 *   npm run bench:speakers [-- --tiny]
 * `--tiny` runs the neural rows on the test suite's tiny random-weight models: the plumbing only,
 * the figures mean nothing. Models: SUMMY_MODELS_DIR (else DATA_DIR/models), MODELS_CATALOG.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type * as SherpaOnnx from 'sherpa-onnx-node';
import { decodeToPcm, SPEECH_SAMPLE_RATE } from '../../apps/server/src/audio/ffmpeg.ts';
import { installedModels, type InstalledModel } from '../../apps/server/src/models/installed.ts';
import {
  clusterSegments,
  diarize,
  type SpeakerSegment,
} from '../../apps/server/src/providers/stt/offline/diarize.ts';
import { detectSpeech } from '../../apps/server/src/providers/stt/offline/vad.ts';
import { embedWindows } from '../../apps/server/src/providers/stt/local/engine.ts';
import {
  diarizationConfig,
  turnsFromSegments,
} from '../../apps/server/src/providers/stt/local/segmentation.ts';
import { meanSpeakerEmbeddings } from '../../apps/server/src/providers/stt/local/speaker-voices.ts';
import { voiceMatchPolicy } from '../../apps/server/src/services/voices/voice-match-policy.ts';
import { installTinyModels } from '../../apps/server/test/tiny-models.ts';
import { AUDIO_DIR } from '../../testdata/index.ts';
import { benchModelsEnv } from '../stt/providers.ts';
import { parseRttm, scoreDiarization } from '../stt/der.ts';
import { precisionRecall, scoreNaming, type VoicedRecording } from './naming.ts';

const sherpa = () => createRequire(import.meta.url)('sherpa-onnx-node') as typeof SherpaOnnx;

/** The recordings: AMI excerpts with RTTM references (testdata/SOURCES.md). */
const RECORDINGS = [
  { name: 'ES2004a 750-810 s', file: 'ami_es2004a_excerpt/ES2004a_750-810s', group: 'ES2004' },
  { name: 'ES2004c 1120-1180 s', file: 'ami_sdm_excerpts/ES2004c_1120-1180s', group: 'ES2004' },
  { name: 'ES2004c 2100-2160 s', file: 'ami_sdm_excerpts/ES2004c_2100-2160s', group: 'ES2004' },
  { name: 'IS1009b 960-1020 s', file: 'ami_sdm_excerpts/IS1009b_960-1020s', group: 'IS1009' },
  {
    name: 'ES2011a clip 40-46 s',
    file: 'ami_es2011a_clip/ES2011a.Headset-0-40s-46s',
    group: 'ES2011',
    rttm: 'ami_es2011a_clip/ES2011a.Headset-0-40s-46s.ref.rttm',
  },
] as const;

interface System {
  name: string;
  embedding?: InstalledModel;
  segmentation?: InstalledModel;
}

/** Hypothesis turns, and voiceprints per hypothesis speaker (neural rows only). */
async function runSystem(system: System, pcm: Float32Array) {
  const vad = detectSpeech(pcm, SPEECH_SAMPLE_RATE);
  if (!system.embedding) {
    const { segments } = await diarize(pcm, vad.regions, { sampleRate: SPEECH_SAMPLE_RATE });
    return { segments, vectors: null };
  }
  const threads = Math.max(1, os.cpus().length);
  const extractor = new (sherpa().SpeakerEmbeddingExtractor)({
    model: system.embedding.paths.model!,
    numThreads: threads,
    debug: 0,
  });
  const windows = embedWindows(extractor, pcm, vad.regions);
  let segments: SpeakerSegment[];
  if (system.segmentation) {
    const diarizer = new (sherpa().OfflineSpeakerDiarization)(
      diarizationConfig(system.segmentation.paths.model!, system.embedding.paths.model!, threads),
    );
    segments = turnsFromSegments(diarizer.process(pcm));
  } else {
    segments = (await clusterSegments(windows)).segments;
  }
  // One pseudo-word per turn: the voiceprints as the engine makes them from a transcript's turns.
  const words = segments.map((s) => ({
    word: 'x',
    start: s.start,
    end: s.end,
    confidence: 1,
    speaker: s.speaker,
  }));
  const { vectors } = meanSpeakerEmbeddings(windows, words, system.embedding.entry.id);
  return { segments, vectors };
}

const pct = (x: number) => (Number.isNaN(x) ? '  n/a' : `${(100 * x).toFixed(1).padStart(5)}%`);
const stats = (xs: number[]) => {
  if (xs.length === 0) return 'n/a';
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(2);
  return `min ${q(0)} median ${q(0.5)} max ${q(1)} (n=${s.length})`;
};

async function main() {
  const tiny = process.argv.includes('--tiny');
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'summy-bench-speakers-'));
  let env = benchModelsEnv();
  let cleanup = async () => {};
  if (tiny) {
    const t = await installTinyModels({ segmentation: true });
    env = { modelsDir: t.modelsDir, modelsCatalogFile: t.catalogFile };
    cleanup = () => t.remove();
  }
  try {
    const installed = installedModels(env);
    const embeddings = installed.filter((m) => m.entry.kind === 'speaker-embedding');
    const segmenters = installed.filter((m) => m.entry.kind === 'speaker-segmentation');
    const systems: System[] = [{ name: 'fallback (MFCC, no download)' }];
    for (const e of embeddings) {
      systems.push({ name: e.entry.id, embedding: e });
      for (const s of segmenters)
        systems.push({ name: `${s.entry.id} + ${e.entry.id}`, embedding: e, segmentation: s });
    }
    console.log('# bench/speakers: diarization and speaker naming on the AMI excerpts\n');
    if (tiny)
      console.log(
        'Neural rows use the tiny test models (random weights): their figures mean nothing.\n',
      );
    if (embeddings.length === 0) {
      console.log(
        `No speaker embedding model is installed in ${path.relative(process.cwd(), env.modelsDir) || '.'}: only the fallback is measured, and naming is not (download 3dspeaker-campplus-en-voxceleb, optionally pyannote-segmentation-3.0).\n`,
      );
    }

    const audio = new Map<string, Float32Array>();
    for (const r of RECORDINGS) {
      audio.set(
        r.name,
        await decodeToPcm(path.join(AUDIO_DIR, `${r.file}.wav`), {
          sampleRate: SPEECH_SAMPLE_RATE,
        }),
      );
    }
    for (const system of systems) {
      console.log(`## ${system.name}\n`);
      console.log('| recording | DER | speakers found / reference | time (s) |');
      console.log('| --- | ---: | ---: | ---: |');
      const voiced: (VoicedRecording & { group: string })[] = [];
      let derSum = 0;
      for (const r of RECORDINGS) {
        const rttm = 'rttm' in r ? r.rttm : `${r.file}.rttm`;
        const reference = parseRttm(readFileSync(path.join(AUDIO_DIR, rttm), 'utf8'));
        const started = performance.now();
        const { segments, vectors } = await runSystem(system, audio.get(r.name)!);
        const seconds = (performance.now() - started) / 1000;
        const hypothesis = segments.map((s) => ({
          start: s.start,
          end: s.end,
          speaker: String(s.speaker),
        }));
        const der = scoreDiarization(reference, hypothesis);
        derSum += der.der;
        console.log(
          `| ${r.name} | ${pct(der.der)} | ${der.hypothesisSpeakers} / ${der.referenceSpeakers} | ${seconds.toFixed(1)} |`,
        );
        if (vectors) {
          voiced.push({
            name: r.name,
            group: r.group,
            vectors,
            truth: vectors.map((_, i) => der.mapping[String(i)] ?? null),
          });
        }
      }
      console.log(
        `\nMean DER ${pct(derSum / RECORDINGS.length)} (collar 0.25 s, overlap scored).\n`,
      );
      if (!system.embedding) {
        console.log('Naming: not applicable (no voiceprints without the embedding model).\n');
        continue;
      }
      const policy = voiceMatchPolicy(env, system.embedding.entry.id);
      const enrol = voiced.filter((v) => v.group === 'ES2004');
      const score = scoreNaming(enrol, voiced, policy);
      const { precision, recall } = precisionRecall(score);
      console.log(
        `Naming (enrol on each ES2004 excerpt in turn, suggest on the other four; threshold ${policy.threshold}, margin ${policy.margin}): ${score.suggested} suggestions, ${score.correct} right; precision ${pct(precision)}, recall ${pct(recall)} of ${score.nameable} nameable speakers.`,
      );
      console.log(`Cosine to the same person's profile: ${stats(score.same)}.`);
      console.log(`Cosine to another person's profile: ${stats(score.different)}.\n`);
    }
  } finally {
    await cleanup();
    await rm(tmp, { recursive: true, force: true });
  }
}

await main();
