/**
 * Reads an ONNX model's graph signature (the names, element types and shapes of the top-level
 * graph's inputs and outputs) straight from its protobuf bytes, so a voice activity model can be
 * checked before sherpa-onnx loads it: sherpa-onnx's `Vad` ends the whole process on a graph it
 * does not expect. Only the few fields needed are decoded; everything else is skipped by its wire
 * type. A format check, not an ONNX library.
 *
 * Field numbers are those of the ONNX protobuf schema (onnx.proto): ModelProto graph 7;
 * GraphProto initializer 5, input 11, output 12; TensorProto name 8; ValueInfoProto name 1,
 * type 2; TypeProto tensor_type 1; TypeProto.Tensor elem_type 1, shape 2; TensorShapeProto dim 1;
 * Dimension dim_value 1, dim_param 2.
 */

/** One graph input or output. */
export interface OnnxTensorInfo {
  name: string;
  /** ONNX TensorProto.DataType: 1 float, 7 int64, 0 when the model does not say. */
  elemType: number;
  /** Dimensions: a number when fixed, a string when symbolic, undefined when unknown. */
  shape: (number | string | undefined)[];
}

/** The inputs (initializers left out) and outputs of a model's main graph. */
export interface OnnxSignature {
  inputs: OnnxTensorInfo[];
  outputs: OnnxTensorInfo[];
}

/** Thrown when the bytes are not a well-formed ONNX model. */
export class OnnxFormatError extends Error {
  override name = 'OnnxFormatError';
}

/** A protobuf field: its number, and its bytes (length-delimited) or its value (varint). */
type Field = { no: number; bytes?: Uint8Array; value?: number };

/** Reads a varint at `pos`; numbers above 2^53 lose precision, which no checked field has. */
function readVarint(buf: Uint8Array, pos: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 10; i++) {
    if (pos >= buf.length) throw new OnnxFormatError('The model file ends inside a number');
    const byte = buf[pos++]!;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return [value, pos];
    scale *= 128;
  }
  throw new OnnxFormatError('The model file holds a malformed number');
}

/** Every field of one protobuf message, in order. */
function fields(buf: Uint8Array): Field[] {
  const out: Field[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const [key, afterKey] = readVarint(buf, pos);
    pos = afterKey;
    const no = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === 0) {
      const [value, next] = readVarint(buf, pos);
      out.push({ no, value });
      pos = next;
    } else if (wire === 2) {
      const [length, start] = readVarint(buf, pos);
      if (start + length > buf.length) {
        throw new OnnxFormatError('The model file ends inside a field');
      }
      out.push({ no, bytes: buf.subarray(start, start + length) });
      pos = start + length;
    } else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else throw new OnnxFormatError(`The model file has an unknown protobuf wire type ${wire}`);
  }
  if (pos > buf.length) throw new OnnxFormatError('The model file ends inside a field');
  return out;
}

const text = new TextDecoder('utf-8', { fatal: false });

function stringOf(field: Field | undefined): string {
  return field?.bytes ? text.decode(field.bytes) : '';
}

function tensorInfo(bytes: Uint8Array): OnnxTensorInfo {
  const f = fields(bytes);
  const info: OnnxTensorInfo = {
    name: stringOf(f.find((x) => x.no === 1)),
    elemType: 0,
    shape: [],
  };
  const type = f.find((x) => x.no === 2)?.bytes;
  const tensor = type && fields(type).find((x) => x.no === 1)?.bytes;
  if (!tensor) return info;
  const t = fields(tensor);
  info.elemType = t.find((x) => x.no === 1)?.value ?? 0;
  const shape = t.find((x) => x.no === 2)?.bytes;
  if (!shape) return info;
  for (const dim of fields(shape).filter((x) => x.no === 1)) {
    const d = fields(dim.bytes ?? new Uint8Array());
    const fixed = d.find((x) => x.no === 1)?.value;
    const symbolic = d.find((x) => x.no === 2);
    info.shape.push(fixed ?? (symbolic ? stringOf(symbolic) : undefined));
  }
  return info;
}

/**
 * The signature of the main graph of the ONNX model in `bytes`. Initializers that older models
 * also list as graph inputs are left out of `inputs`.
 * @throws OnnxFormatError when the bytes are no protobuf or hold no graph
 */
export function readOnnxSignature(bytes: Uint8Array): OnnxSignature {
  const graph = fields(bytes).find((x) => x.no === 7)?.bytes;
  if (!graph) throw new OnnxFormatError('The file is not an ONNX model: it holds no graph');
  const g = fields(graph);
  const initializers = new Set(
    g.filter((x) => x.no === 5).map((x) => stringOf(fields(x.bytes!).find((y) => y.no === 8))),
  );
  return {
    inputs: g
      .filter((x) => x.no === 11)
      .map((x) => tensorInfo(x.bytes!))
      .filter((t) => !initializers.has(t.name)),
    outputs: g.filter((x) => x.no === 12).map((x) => tensorInfo(x.bytes!)),
  };
}
