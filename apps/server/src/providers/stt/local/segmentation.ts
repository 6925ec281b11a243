/**
 * Speaker turns from neural speaker segmentation: sherpa-onnx's `OfflineSpeakerDiarization`
 * (k2-fsa/sherpa-onnx sherpa-onnx/csrc/offline-speaker-diarization-pyannote-impl.h), which runs
 * the pyannote segmentation-3.0 model (Plaquet and Bredin, "Powerset multi-class cross entropy
 * loss for neural speaker diarization", Interspeech 2023) over 10 s windows every 1 s, finds up
 * to three local speakers per window, overlaps included, embeds each local speaker with the
 * speaker embedding model, clusters the embeddings across windows and stitches the windows back
 * together. Its answer is per-speaker segments that may overlap; Summy's words each have one
 * speaker, so {@link turnsFromSegments} makes them non-overlapping for `assignSpeakers`.
 *
 * Runs inside the engine's worker (./engine.ts); nothing here loads the addon.
 */
import type { OfflineSpeakerDiarizationConfig, SpeakerDiarizationSegment } from 'sherpa-onnx-node';
import type { SpeakerSegment } from '../offline/diarize.ts';

/**
 * Cosine-distance threshold of sherpa-onnx's agglomerative clustering when the number of speakers
 * is not known: 0.5, the default of its `FastClusteringConfig` (sherpa-onnx/csrc/
 * fast-clustering-config.h) and the value of its diarization examples (nodejs-addon-examples/
 * test_offline_speaker_diarization.js). Larger gives fewer speakers. Not tuned here: the real
 * models cannot be downloaded on the build machines.
 */
export const CLUSTER_THRESHOLD = 0.5;

/**
 * Segments shorter than this are dropped (s), and gaps shorter than {@link MIN_GAP_S} within
 * one speaker are closed: sherpa-onnx's defaults (`min_duration_on` 0.3, `min_duration_off`
 * 0.5 in sherpa-onnx/csrc/offline-speaker-diarization.h).
 */
export const MIN_SEGMENT_S = 0.3;
/** See {@link MIN_SEGMENT_S} (s). */
export const MIN_GAP_S = 0.5;

/**
 * The diarization configuration of a job.
 * @param segmentationModel absolute path of the pyannote `model.onnx`
 * @param embeddingModel absolute path of the speaker embedding model
 * @param threads onnxruntime intra-op threads of each model
 * @param speakerCount a number of speakers to make exactly (the engine passes the attendee count
 *   only when clustering at the threshold found more voices than that); absent, the clustering
 *   cuts at {@link CLUSTER_THRESHOLD}
 */
export function diarizationConfig(
  segmentationModel: string,
  embeddingModel: string,
  threads: number,
  speakerCount?: number,
): OfflineSpeakerDiarizationConfig {
  const known = speakerCount !== undefined && Number.isInteger(speakerCount) && speakerCount > 0;
  return {
    segmentation: { pyannote: { model: segmentationModel }, numThreads: threads, debug: 0 },
    embedding: { model: embeddingModel, numThreads: threads, debug: 0 },
    // numClusters -1: cut the dendrogram at the threshold instead (sherpa-onnx's convention).
    clustering: { numClusters: known ? speakerCount : -1, threshold: CLUSTER_THRESHOLD },
    minDurationOn: MIN_SEGMENT_S,
    minDurationOff: MIN_GAP_S,
  };
}

/**
 * Non-overlapping speaker turns from sherpa-onnx's segments, in time order, speakers renumbered
 * 0, 1, ... by first appearance, touching turns of one speaker joined.
 *
 * Where segments overlap, the one that started later holds the overlap, and an earlier segment
 * that outlasts it resumes after it (ties: the shorter segment, then the lower speaker). Why: a
 * quick reply or interjection inside someone's long turn is exactly what fixed windows lost, and
 * sherpa-onnx's own gap filling (`minDurationOff`) stretches the long turn across it; giving the
 * overlap to the newer voice keeps the reply as a turn of its own while the long turn continues
 * on both sides. At a change of speaker with overlap, the new speaker's turn starts where their
 * voice starts. `assignSpeakers` then smooths runs of words shorter than 0.5 s between two runs
 * of one speaker, so a mere backchannel over someone's words does not take them.
 * @param segments start and end (s) and speaker (any integer), in any order
 */
export function turnsFromSegments(
  segments: readonly SpeakerDiarizationSegment[],
): SpeakerSegment[] {
  const valid = segments.filter((s) => s.end > s.start);
  const bounds = [...new Set(valid.flatMap((s) => [s.start, s.end]))].sort((a, b) => a - b);
  const byStart = [...valid].sort((a, b) => a.start - b.start);
  const active: SpeakerDiarizationSegment[] = [];
  const pieces: SpeakerSegment[] = [];
  let next = 0;
  for (let i = 0; i + 1 < bounds.length; i++) {
    const from = bounds[i]!;
    const to = bounds[i + 1]!;
    while (next < byStart.length && byStart[next]!.start <= from) active.push(byStart[next++]!);
    for (let a = active.length - 1; a >= 0; a--) if (active[a]!.end <= from) active.splice(a, 1);
    if (active.length === 0) continue;
    const owner = active.reduce((best, s) =>
      s.start > best.start ||
      (s.start === best.start &&
        (s.end - s.start < best.end - best.start ||
          (s.end - s.start === best.end - best.start && s.speaker < best.speaker)))
        ? s
        : best,
    );
    const last = pieces[pieces.length - 1];
    if (last && last.speaker === owner.speaker && last.end === from) last.end = to;
    else pieces.push({ start: from, end: to, speaker: owner.speaker });
  }
  const numbers = new Map<number, number>();
  for (const piece of pieces) {
    if (!numbers.has(piece.speaker)) numbers.set(piece.speaker, numbers.size);
    piece.speaker = numbers.get(piece.speaker)!;
  }
  return pieces;
}
