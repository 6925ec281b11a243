/**
 * A tiny voice activity model with the graph signature of silero VAD v5, as sherpa-onnx-node's
 * `Vad` runs it (sherpa-onnx's silero-vad-model.cc): inputs `input` float [1, N] (a window of
 * 16 kHz samples), `state` float [2, 1, 128] and `sr` int64 [1]; outputs `output` float [1, 1]
 * (the speech probability) and `stateN` (the state for the next window). Instead of a network
 * it says "speech" where a window is loud: output = Sigmoid(1e4 · (mean(input²) − 1e-3)), so a
 * tone of amplitude above ~0.045 is speech and silence is not, and the state passes through
 * unchanged. Lets the tests check the detector's timing on a known signal without the real
 * 2 MB model.
 */
import { writeFile } from 'node:fs/promises';
import { encodeOnnxModel, OnnxType, type OnnxModel } from './onnx-writer.ts';

/** The tiny silero-v5-shaped VAD graph (see the module comment). */
export function tinySileroVadModel(): OnnxModel {
  return {
    opset: 17,
    graphName: 'tiny_silero_vad_v5',
    inputs: [
      { name: 'input', type: OnnxType.FLOAT, shape: [1, 'N'] },
      { name: 'state', type: OnnxType.FLOAT, shape: [2, 1, 128] },
      { name: 'sr', type: OnnxType.INT64, shape: [1] },
    ],
    outputs: [
      { name: 'output', type: OnnxType.FLOAT, shape: [1, 1] },
      { name: 'stateN', type: OnnxType.FLOAT, shape: [2, 1, 128] },
    ],
    initializers: [
      { name: 'threshold', dims: [], data: Float32Array.of(1e-3) },
      { name: 'gain', dims: [], data: Float32Array.of(1e4) },
    ],
    nodes: [
      { op: 'Mul', inputs: ['input', 'input'], outputs: ['squared'] },
      {
        op: 'ReduceMean',
        inputs: ['squared'],
        outputs: ['power'],
        attributes: { axes: { ints: [1] }, keepdims: { i: 1 } },
      },
      { op: 'Sub', inputs: ['power', 'threshold'], outputs: ['above'] },
      { op: 'Mul', inputs: ['above', 'gain'], outputs: ['logit'] },
      { op: 'Sigmoid', inputs: ['logit'], outputs: ['output'] },
      { op: 'Identity', inputs: ['state'], outputs: ['stateN'] },
    ],
    metadata: {},
  };
}

/**
 * Writes the tiny silero-v5-shaped VAD to `file` (same bytes on every call).
 * @returns `file`
 */
export async function writeTinySileroVad(file: string): Promise<string> {
  await writeFile(file, encodeOnnxModel(tinySileroVadModel()));
  return file;
}
