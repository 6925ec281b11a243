/**
 * A tiny pyannote-style speaker segmentation model, in the one file sherpa-onnx's
 * `OfflineSpeakerSegmentationPyannoteModel` loads for `OfflineSpeakerDiarization`
 * (k2-fsa/sherpa-onnx sherpa-onnx/csrc/offline-speaker-segmentation-pyannote-model.cc and
 * offline-speaker-diarization-pyannote-impl.h; the export: scripts/pyannote/segmentation/
 * export-onnx.py there):
 *
 * - input `x` float [N, 1, T]: T = 160,000 samples, one 10 s window at 16 kHz (sherpa-onnx pads
 *   the last window with zeros);
 * - output `y` float [N, frames, 7]: per frame a score for each of the 7 powerset classes of
 *   pyannote segmentation-3.0 (Plaquet and Bredin, "Powerset multi-class cross entropy loss for
 *   neural speaker diarization", Interspeech 2023): class 0 nobody, 1 to 3 one of three local
 *   speakers, 4 to 6 two of them at once. sherpa-onnx takes the argmax per frame, so only the
 *   order of the scores matters; these are log-probabilities, as the real model's are.
 * - metadata: `sample_rate` 16000, `window_size` 160000 (samples), `receptive_field_size` 991
 *   and `receptive_field_shift` 270 (samples: 62 ms every 16.875 ms), `num_speakers` 3,
 *   `powerset_max_classes` 2, `num_classes` 7, read by sherpa-onnx; `model_type`, `version`,
 *   as the export writes them.
 *
 * The graph: a convolution with the real receptive field (kernel 991, stride 270, so 589 frames
 * per window, as the real model gives), its magnitude smoothed over about 150 ms, the log of
 * that (a crude log band energy per channel), and a 1x1 convolution to the 7 classes. The class
 * weights are fixed-seed random except for their structure, which makes the output usable for
 * tests: "nobody" scores high when the overall level is low (silence), the speaker classes see
 * only the shape of the channel energies (what differs between voices and sounds), and the
 * overlap classes start lower. So silence gives no speaker and speech gives several classes
 * over time, deterministically; what they mean is whatever random weights make of a voice.
 */
import { OnnxType, type OnnxModel } from './onnx-writer.ts';
import { unitVariance, weights } from './random-weights.ts';

/** Samples per window (10 s at 16 kHz) and the receptive field (samples) of pyannote 3.0. */
export const TINY_SEGMENTATION_WINDOW = 160_000;
const RECEPTIVE_FIELD_SIZE = 991;
const RECEPTIVE_FIELD_SHIFT = 270;
/** Powerset classes: nobody, 3 single speakers, 3 pairs. */
const CLASSES = 7;
const SPEAKERS = 3;
/** Filter channels of the tiny front end. */
const CHANNELS = 16;
/** Frames averaged for the smoothed magnitude (9 frames: about 150 ms). */
const SMOOTHING = 9;
/** Floor added before the log, so silence (zeros) gives a finite, very low level. */
const FLOOR = 1e-4;
/**
 * Level (mean log magnitude over the channels) below which "nobody" wins, and how steeply. In the
 * test recordings the level is about -5 to -3 in speech (median -4.9 in the AMI excerpt, -3.8 in
 * JFK) and -7.5 to -8 in their quietest twentieth; sherpa-onnx's zero padding gives -9.2.
 */
const SILENCE_LEVEL = -5.5;
const SILENCE_SLOPE = 3;
/** Scale of the speaker classes' random weights on the energy shape, and the overlap handicap. */
const SHAPE_SCALE = 2;
const OVERLAP_HANDICAP = 0.5;

/**
 * The tiny segmentation model (see the module comment).
 * @param seed fixed seed of its random weights
 */
export function tinySegmentationModel(seed: number): OnnxModel {
  const random = unitVariance(seed);
  const conv = weights(
    random,
    CHANNELS * RECEPTIVE_FIELD_SIZE,
    1 / Math.sqrt(RECEPTIVE_FIELD_SIZE),
  );
  const head = new Float32Array(CLASSES * CHANNELS);
  const bias = new Float32Array(CLASSES);
  // "Nobody": minus the mean log level, so it wins below SILENCE_LEVEL.
  for (let c = 0; c < CHANNELS; c++) head[c] = -SILENCE_SLOPE / CHANNELS;
  bias[0] = SILENCE_SLOPE * SILENCE_LEVEL;
  for (let k = 1; k < CLASSES; k++) {
    const row = weights(random, CHANNELS, SHAPE_SCALE);
    // Zero-sum rows see the shape of the channel energies, not their level.
    const mean = row.reduce((sum, v) => sum + v, 0) / CHANNELS;
    for (let c = 0; c < CHANNELS; c++) head[k * CHANNELS + c] = row[c]! - mean;
    bias[k] = k > SPEAKERS ? -OVERLAP_HANDICAP : 0;
  }
  return {
    opset: 17,
    graphName: 'tiny_pyannote_segmentation',
    inputs: [{ name: 'x', type: OnnxType.FLOAT, shape: ['N', 1, 'T'] }],
    outputs: [{ name: 'y', type: OnnxType.FLOAT, shape: ['N', 'frames', CLASSES] }],
    initializers: [
      { name: 'w1', dims: [CHANNELS, 1, RECEPTIVE_FIELD_SIZE], data: conv },
      { name: 'floor', dims: [1], data: Float32Array.of(FLOOR) },
      { name: 'w2', dims: [CLASSES, CHANNELS, 1], data: head },
      { name: 'b2', dims: [CLASSES], data: bias },
    ],
    nodes: [
      {
        op: 'Conv',
        inputs: ['x', 'w1'],
        outputs: ['filtered'],
        attributes: {
          kernel_shape: { ints: [RECEPTIVE_FIELD_SIZE] },
          strides: { ints: [RECEPTIVE_FIELD_SHIFT] },
        },
      },
      { op: 'Abs', inputs: ['filtered'], outputs: ['magnitude'] },
      {
        op: 'AveragePool',
        inputs: ['magnitude'],
        outputs: ['smoothed'],
        attributes: {
          kernel_shape: { ints: [SMOOTHING] },
          pads: { ints: [(SMOOTHING - 1) / 2, (SMOOTHING - 1) / 2] },
          strides: { ints: [1] },
        },
      },
      { op: 'Add', inputs: ['smoothed', 'floor'], outputs: ['floored'] },
      { op: 'Log', inputs: ['floored'], outputs: ['level'] },
      {
        op: 'Conv',
        inputs: ['level', 'w2', 'b2'],
        outputs: ['scores_ncf'],
        attributes: { kernel_shape: { ints: [1] } },
      },
      {
        op: 'Transpose',
        inputs: ['scores_ncf'],
        outputs: ['scores'],
        attributes: { perm: { ints: [0, 2, 1] } },
      },
      { op: 'LogSoftmax', inputs: ['scores'], outputs: ['y'], attributes: { axis: { i: -1 } } },
    ],
    metadata: {
      model_type: 'pyannote-segmentation-3.0',
      version: '1',
      model_author: 'Summy test model',
      maintainer: 'summy',
      num_speakers: String(SPEAKERS),
      powerset_max_classes: '2',
      num_classes: String(CLASSES),
      sample_rate: '16000',
      window_size: String(TINY_SEGMENTATION_WINDOW),
      receptive_field_size: String(RECEPTIVE_FIELD_SIZE),
      receptive_field_shift: String(RECEPTIVE_FIELD_SHIFT),
      comment: 'Summy test model: fixed-seed random weights (packages/fakes/src/models)',
    },
  };
}
