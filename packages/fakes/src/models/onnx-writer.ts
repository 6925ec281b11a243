/**
 * A minimal ONNX writer: encodes the few `ModelProto` fields a small inference graph needs
 * (graph nodes with int/ints/float attributes, float initializers, typed inputs and outputs,
 * the opset, and `metadata_props`) as protobuf, by hand. Enough for the tiny test models of
 * ./tiny-models.ts; not a general ONNX library.
 *
 * Field numbers are those of onnx/onnx `onnx/onnx.proto` (ModelProto ir_version 1, graph 7,
 * opset_import 8, metadata_props 14; GraphProto node 1, name 2, initializer 5, input 11,
 * output 12; NodeProto input 1, output 2, name 3, op_type 4, attribute 5; AttributeProto name 1,
 * f 2, i 3, ints 8, type 20; TensorProto dims 1, data_type 2, name 8, raw_data 9;
 * ValueInfoProto name 1, type 2; TypeProto tensor_type 1; TypeProto.Tensor elem_type 1,
 * shape 2; TensorShapeProto dim 1; Dimension dim_value 1, dim_param 2).
 */

/** ONNX TensorProto.DataType values used here. */
export const OnnxType = { FLOAT: 1, INT32: 6, INT64: 7 } as const;

/** An attribute value: an integer, a list of integers, or a float. */
export type OnnxAttribute = { i: number } | { ints: number[] } | { f: number };

/** One operator of the graph. */
export interface OnnxNode {
  op: string;
  inputs: string[];
  outputs: string[];
  attributes?: Record<string, OnnxAttribute>;
}

/** A graph input or output: element type and shape (numbers fixed, strings symbolic). */
export interface OnnxValueInfo {
  name: string;
  type: (typeof OnnxType)[keyof typeof OnnxType];
  shape: (number | string)[];
}

/** A float weight tensor stored in the model. */
export interface OnnxInitializer {
  name: string;
  dims: number[];
  data: Float32Array;
}

/** A whole model. */
export interface OnnxModel {
  /** ONNX opset of the default domain, e.g. 17. */
  opset: number;
  graphName: string;
  nodes: OnnxNode[];
  initializers: OnnxInitializer[];
  inputs: OnnxValueInfo[];
  outputs: OnnxValueInfo[];
  /** `metadata_props`: the key/value pairs sherpa-onnx reads to configure itself. */
  metadata: Record<string, string>;
}

/** IR version 8 (ONNX 1.13): understood by every onnxruntime since 1.14. */
const IR_VERSION = 8;

/** Protobuf bytes of `model`. */
export function encodeOnnxModel(model: OnnxModel): Uint8Array {
  const graph = new Proto();
  for (const node of model.nodes) graph.message(1, encodeNode(node));
  graph.string(2, model.graphName);
  for (const init of model.initializers) graph.message(5, encodeTensor(init));
  for (const input of model.inputs) graph.message(11, encodeValueInfo(input));
  for (const output of model.outputs) graph.message(12, encodeValueInfo(output));

  const out = new Proto();
  out.varint(1, IR_VERSION);
  out.string(2, 'summy-tiny-models');
  out.message(7, graph);
  out.message(8, new Proto().string(1, '').varint(2, model.opset));
  for (const [key, value] of Object.entries(model.metadata)) {
    out.message(14, new Proto().string(1, key).string(2, value));
  }
  return out.bytes();
}

function encodeNode(node: OnnxNode): Proto {
  const p = new Proto();
  for (const input of node.inputs) p.string(1, input);
  for (const output of node.outputs) p.string(2, output);
  p.string(3, `${node.op}_${node.outputs[0]}`);
  p.string(4, node.op);
  for (const [name, value] of Object.entries(node.attributes ?? {})) {
    const a = new Proto().string(1, name);
    // AttributeProto.AttributeType: FLOAT 1, INT 2, INTS 7.
    if ('i' in value) a.varint(3, value.i).varint(20, 2);
    else if ('ints' in value) {
      for (const v of value.ints) a.varint(8, v);
      a.varint(20, 7);
    } else a.float(2, value.f).varint(20, 1);
    p.message(5, a);
  }
  return p;
}

function encodeTensor(t: OnnxInitializer): Proto {
  const p = new Proto();
  for (const d of t.dims) p.varint(1, d);
  p.varint(2, OnnxType.FLOAT);
  p.string(8, t.name);
  // raw_data is little-endian; Float32Array is in the platform's order, little-endian on x64/arm64.
  p.bytesField(9, new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
  return p;
}

function encodeValueInfo(v: OnnxValueInfo): Proto {
  const shape = new Proto();
  for (const d of v.shape) {
    shape.message(1, typeof d === 'number' ? new Proto().varint(1, d) : new Proto().string(2, d));
  }
  const tensor = new Proto().varint(1, v.type).message(2, shape);
  return new Proto().string(1, v.name).message(2, new Proto().message(1, tensor));
}

/** Appends protobuf fields (wire types 0 varint, 2 length-delimited, 5 fixed32). */
class Proto {
  private readonly parts: Uint8Array[] = [];

  varint(field: number, value: number): this {
    this.parts.push(varintBytes(field * 8), varintBytes(value));
    return this;
  }

  float(field: number, value: number): this {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, value, true);
    this.parts.push(varintBytes(field * 8 + 5), b);
    return this;
  }

  bytesField(field: number, value: Uint8Array): this {
    this.parts.push(varintBytes(field * 8 + 2), varintBytes(value.length), value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytesField(field, new TextEncoder().encode(value));
  }

  message(field: number, value: Proto): this {
    return this.bytesField(field, value.bytes());
  }

  bytes(): Uint8Array {
    const length = this.parts.reduce((sum, p) => sum + p.length, 0);
    const out = new Uint8Array(length);
    let offset = 0;
    for (const p of this.parts) {
      out.set(p, offset);
      offset += p.length;
    }
    return out;
  }
}

/** Base-128 varint of an integer; negatives as 64-bit two's complement (10 bytes), as int64. */
function varintBytes(value: number): Uint8Array {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return Uint8Array.from(out);
}
