import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  encodeOnnxModel,
  OnnxType,
  tinySileroVadModel,
  writeTinySileroVad,
} from '@summy/fakes/models';
import { OnnxFormatError, readOnnxSignature } from './onnx-signature.ts';
import { checkSileroModel, SileroModelError, sileroModelPath } from './silero-model.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'summy-silero-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The tiny v5 graph with its tensors renamed or retyped by `edit`. */
function variant(name: string, edit: (m: ReturnType<typeof tinySileroVadModel>) => void): string {
  const model = tinySileroVadModel();
  edit(model);
  const file = path.join(dir, name);
  writeFileSync(file, encodeOnnxModel(model));
  return file;
}

describe('readOnnxSignature', () => {
  it('reads the names, types and shapes of the graph inputs and outputs', async () => {
    const file = await writeTinySileroVad(path.join(dir, 'tiny.onnx'));
    const signature = readOnnxSignature(readFileSync(file));
    expect(signature.inputs).toEqual([
      { name: 'input', elemType: 1, shape: [1, 'N'] },
      { name: 'state', elemType: 1, shape: [2, 1, 128] },
      { name: 'sr', elemType: 7, shape: [1] },
    ]);
    expect(signature.outputs.map((o) => o.name)).toEqual(['output', 'stateN']);
  });

  it('refuses bytes that are no ONNX model', () => {
    expect(() => readOnnxSignature(new TextEncoder().encode('not a model at all'))).toThrow(
      OnnxFormatError,
    );
    expect(() => readOnnxSignature(Uint8Array.of(0x3a, 0xff, 0xff, 0x01))).toThrow(OnnxFormatError);
  });
});

describe('checkSileroModel', () => {
  it('accepts the silero v5 graph and a v4 graph (input, sr, h, c)', async () => {
    expect(checkSileroModel(await writeTinySileroVad(path.join(dir, 'v5.onnx')))).toBe('v5');
    const v4 = variant('v4.onnx', (m) => {
      m.inputs = [
        { name: 'input', type: OnnxType.FLOAT, shape: ['batch', 'N'] },
        { name: 'sr', type: OnnxType.INT64, shape: [] },
        { name: 'h', type: OnnxType.FLOAT, shape: [2, 'batch', 64] },
        { name: 'c', type: OnnxType.FLOAT, shape: [2, 'batch', 64] },
      ];
      m.outputs = ['output', 'hn', 'cn'].map((name) => ({ name, type: OnnxType.FLOAT, shape: [] }));
    });
    expect(checkSileroModel(v4)).toBe('v4');
  });

  it('refuses another graph, naming what it holds', () => {
    const renamed = variant('renamed.onnx', (m) => {
      m.inputs[1]!.name = 'hidden';
    });
    expect(() => checkSileroModel(renamed)).toThrow(SileroModelError);
    expect(() => checkSileroModel(renamed)).toThrow(/inputs are input, hidden, sr/);
    const retyped = variant('retyped.onnx', (m) => {
      m.inputs[2]!.type = OnnxType.FLOAT;
    });
    expect(() => checkSileroModel(retyped)).toThrow(SileroModelError);
    const wrongState = variant('state64.onnx', (m) => {
      m.inputs[1]!.shape = [2, 1, 64];
    });
    expect(() => checkSileroModel(wrongState)).toThrow(SileroModelError);
  });

  it('refuses a missing file and a file that is no model, in plain words', () => {
    expect(() => checkSileroModel(path.join(dir, 'absent.onnx'))).toThrow(/cannot be read/);
    const text = path.join(dir, 'text.onnx');
    writeFileSync(text, 'hello');
    expect(() => checkSileroModel(text)).toThrow(/is not a silero voice activity model/);
  });

  it('finds the model installed by scripts/silero-vad.sh, and it passes the check', () => {
    const installed = sileroModelPath();
    expect(installed).toMatch(/node_modules\/\.summy\/silero-vad\/silero_vad_v5\.onnx$/);
    expect(checkSileroModel(installed!)).toBe('v5');
  });
});
