/**
 * A tiny NeMo token-and-duration transducer (TDT), the family of Parakeet TDT, Summy's default
 * recognizer, in the three files sherpa-onnx's `OfflineTransducerNeMoModel` loads
 * (k2-fsa/sherpa-onnx sherpa-onnx/csrc/offline-transducer-nemo-model.cc,
 * offline-recognizer-transducer-nemo-impl.h and
 * offline-transducer-greedy-search-nemo-decoder.cc):
 *
 * - encoder: inputs `audio_signal` float [N, 80, T] and `length` int64 [N]; outputs float
 *   [N, dim, T/4] and its lengths int64 [N] (the decoder walks exactly that many frames);
 *   metadata `vocab_size` (without the blank), `subsampling_factor`, `normalize_type`,
 *   `pred_rnn_layers`, `pred_hidden`, `feat_dim`, and a `url` naming a TDT model, which is how
 *   sherpa-onnx tells TDT from plain transducers.
 * - decoder (prediction network): inputs `targets` int32 [N, 1], `target_length` int32 [N] and
 *   two LSTM states float [layers, N, hidden]; outputs float [N, dim, 1], lengths, the states.
 *   Here an embedding of the last token; the states pass through.
 * - joiner: inputs one encoder frame float [N, dim, 1] and the decoder output [N, dim, 1];
 *   output logits whose last axis is the vocabulary (blank last) then the durations (0 to 4
 *   frames), fixed in the graph, as sherpa-onnx checks it when loading.
 *
 * Fixed-seed random weights: what it decodes is nonsense made of the tiny vocabulary.
 */
import { OnnxType, type OnnxModel } from './onnx-writer.ts';
import { weights } from './random-weights.ts';

/** The three graphs of a transducer. */
export interface TinyTransducer {
  encoder: OnnxModel;
  decoder: OnnxModel;
  joiner: OnnxModel;
}

/** Durations a TDT joiner predicts, in encoder frames. */
export const TINY_TDT_DURATIONS = [0, 1, 2, 3, 4] as const;

const ENCODER_DIM = 32;
const DECODER_DIM = 16;
const JOINER_DIM = 32;

/**
 * The tiny TDT transducer over a vocabulary of `vocab` tokens (blank last).
 * @param random a fixed-seed source of unit-variance numbers
 */
export function tinyTransducer(
  random: () => number,
  options: { vocab: number; featureDim: number; subsampling: number },
): TinyTransducer {
  const { vocab, featureDim, subsampling: k } = options;
  const w = (n: number, scale: number) => weights(random, n, scale);
  const comment = 'Summy test model: fixed-seed random weights (packages/fakes/src/models)';

  const encoder: OnnxModel = {
    opset: 17,
    graphName: 'tiny_nemo_tdt_encoder',
    inputs: [
      { name: 'audio_signal', type: OnnxType.FLOAT, shape: ['N', featureDim, 'T'] },
      { name: 'length', type: OnnxType.INT64, shape: ['N'] },
    ],
    outputs: [
      { name: 'outputs', type: OnnxType.FLOAT, shape: ['N', ENCODER_DIM, 'T_out'] },
      { name: 'encoded_lengths', type: OnnxType.INT64, shape: ['N'] },
    ],
    initializers: [
      {
        name: 'w1',
        dims: [ENCODER_DIM, featureDim, k],
        data: w(ENCODER_DIM * featureDim * k, 1 / Math.sqrt(featureDim * k)),
      },
      { name: 'b1', dims: [ENCODER_DIM], data: w(ENCODER_DIM, 0.1) },
      { name: 'stride', dims: [], data: Float32Array.of(k) },
    ],
    nodes: [
      {
        op: 'Conv',
        inputs: ['audio_signal', 'w1', 'b1'],
        outputs: ['h1'],
        attributes: { kernel_shape: { ints: [k] }, strides: { ints: [k] } },
      },
      { op: 'Tanh', inputs: ['h1'], outputs: ['outputs'] },
      // floor(length / k): the frames the stride-k convolution gives.
      { op: 'Cast', inputs: ['length'], outputs: ['length_f'], attributes: { to: { i: 1 } } },
      { op: 'Div', inputs: ['length_f', 'stride'], outputs: ['frames_f'] },
      { op: 'Floor', inputs: ['frames_f'], outputs: ['frames_floor'] },
      {
        op: 'Cast',
        inputs: ['frames_floor'],
        outputs: ['encoded_lengths'],
        attributes: { to: { i: OnnxType.INT64 } },
      },
    ],
    metadata: {
      vocab_size: String(vocab - 1),
      subsampling_factor: String(k),
      normalize_type: 'per_feature',
      pred_rnn_layers: '1',
      pred_hidden: String(DECODER_DIM),
      feat_dim: String(featureDim),
      url: 'https://example.invalid/tiny-nemo-tdt',
      comment,
    },
  };

  const decoder: OnnxModel = {
    opset: 17,
    graphName: 'tiny_nemo_tdt_decoder',
    inputs: [
      { name: 'targets', type: OnnxType.INT32, shape: ['N', 1] },
      { name: 'target_length', type: OnnxType.INT32, shape: ['N'] },
      { name: 'states.1', type: OnnxType.FLOAT, shape: [1, 'N', DECODER_DIM] },
      { name: 'onnx::Slice_3', type: OnnxType.FLOAT, shape: [1, 'N', DECODER_DIM] },
    ],
    outputs: [
      { name: 'outputs', type: OnnxType.FLOAT, shape: ['N', DECODER_DIM, 1] },
      { name: 'prednet_lengths', type: OnnxType.INT32, shape: ['N'] },
      { name: 'states', type: OnnxType.FLOAT, shape: [1, 'N', DECODER_DIM] },
      { name: '162', type: OnnxType.FLOAT, shape: [1, 'N', DECODER_DIM] },
    ],
    initializers: [
      { name: 'embedding', dims: [vocab, DECODER_DIM], data: w(vocab * DECODER_DIM, 1) },
    ],
    nodes: [
      { op: 'Gather', inputs: ['embedding', 'targets'], outputs: ['embedded'] },
      { op: 'Tanh', inputs: ['embedded'], outputs: ['activated'] },
      {
        op: 'Transpose',
        inputs: ['activated'],
        outputs: ['outputs'],
        attributes: { perm: { ints: [0, 2, 1] } },
      },
      { op: 'Identity', inputs: ['target_length'], outputs: ['prednet_lengths'] },
      { op: 'Identity', inputs: ['states.1'], outputs: ['states'] },
      { op: 'Identity', inputs: ['onnx::Slice_3'], outputs: ['162'] },
    ],
    metadata: { comment },
  };

  const outputs = vocab + TINY_TDT_DURATIONS.length;
  const bias = w(outputs, 0.5);
  // Head starts, as trained models have: most frames emit nothing and move on by one frame.
  bias[vocab - 1]! += 3;
  bias[vocab + 1]! += 3;
  const joiner: OnnxModel = {
    opset: 17,
    graphName: 'tiny_nemo_tdt_joiner',
    inputs: [
      { name: 'encoder_outputs', type: OnnxType.FLOAT, shape: ['N', ENCODER_DIM, 1] },
      { name: 'decoder_outputs', type: OnnxType.FLOAT, shape: ['N', DECODER_DIM, 1] },
    ],
    outputs: [{ name: 'outputs', type: OnnxType.FLOAT, shape: ['N', 1, outputs] }],
    initializers: [
      {
        name: 'we',
        dims: [ENCODER_DIM, JOINER_DIM],
        data: w(ENCODER_DIM * JOINER_DIM, 1 / Math.sqrt(ENCODER_DIM)),
      },
      {
        name: 'wd',
        dims: [DECODER_DIM, JOINER_DIM],
        data: w(DECODER_DIM * JOINER_DIM, 1 / Math.sqrt(DECODER_DIM)),
      },
      { name: 'wo', dims: [JOINER_DIM, outputs], data: w(JOINER_DIM * outputs, 1) },
      { name: 'bo', dims: [outputs], data: bias },
    ],
    nodes: [
      {
        op: 'Transpose',
        inputs: ['encoder_outputs'],
        outputs: ['enc_t'],
        attributes: { perm: { ints: [0, 2, 1] } },
      },
      {
        op: 'Transpose',
        inputs: ['decoder_outputs'],
        outputs: ['dec_t'],
        attributes: { perm: { ints: [0, 2, 1] } },
      },
      { op: 'MatMul', inputs: ['enc_t', 'we'], outputs: ['enc_p'] },
      { op: 'MatMul', inputs: ['dec_t', 'wd'], outputs: ['dec_p'] },
      { op: 'Add', inputs: ['enc_p', 'dec_p'], outputs: ['joint'] },
      { op: 'Tanh', inputs: ['joint'], outputs: ['joint_a'] },
      { op: 'MatMul', inputs: ['joint_a', 'wo'], outputs: ['logits'] },
      { op: 'Add', inputs: ['logits', 'bo'], outputs: ['outputs'] },
    ],
    metadata: { comment },
  };
  return { encoder, decoder, joiner };
}
