// A minimal ONNX ModelProto encoder for the onnxruntime-web benchmark (there is no Python or
// onnx package here): protobuf varints, fixed32 floats and length-delimited fields, only the
// fields the benchmark's graphs use. Field numbers are those of onnx/onnx.proto.
//
//   encodeModel({ irVersion, opsets: [{ domain, version }], graph: { name, nodes, inputs,
//     outputs, initializers } }) -> Uint8Array
//   node: { opType, domain?, inputs: [names ('' for an omitted optional input)], outputs,
//     attributes?: [{ name, f } | { name, i } | { name, ints } | { name, s }] }
//   input/output: { name, elemType: 'float' | 'int32' | 'int64' | 'bool', dims: [numbers] }
//   initializer: { name, elemType, dims, data (a typed array of that type) }

export const ELEM_TYPE = { float: 1, int32: 6, int64: 7, bool: 9 };
const ATTRIBUTE_TYPE = { f: 1, i: 2, s: 3, ints: 7 };

class Writer {
  constructor() { this.bytes = []; }
  // A varint of a non-negative or negative int64 (negative: ten bytes, two's complement).
  varint(value) {
    let v = BigInt.asUintN(64, BigInt(value));
    do {
      const byte = Number(v & 0x7fn);
      v >>= 7n;
      this.bytes.push(v ? byte | 0x80 : byte);
    } while (v);
    return this;
  }
  tag(field, wire) { return this.varint((field << 3) | wire); }
  int(field, value) { return this.tag(field, 0).varint(value); }
  float(field, value) {
    const b = new Uint8Array(new Float32Array([value]).buffer);
    this.tag(field, 5);
    this.bytes.push(...b);
    return this;
  }
  bytesField(field, data) {
    this.tag(field, 2).varint(data.length);
    for (let i = 0; i < data.length; i += 1) this.bytes.push(data[i]);
    return this;
  }
  string(field, text) { return this.bytesField(field, new TextEncoder().encode(text)); }
  message(field, build) {
    const inner = new Writer();
    build(inner);
    return this.bytesField(field, inner.bytes);
  }
}

function attribute(w, a) {
  w.string(1, a.name);
  if (a.f !== undefined) w.float(2, a.f).int(20, ATTRIBUTE_TYPE.f);
  else if (a.i !== undefined) w.int(3, a.i).int(20, ATTRIBUTE_TYPE.i);
  else if (a.s !== undefined) w.string(4, a.s).int(20, ATTRIBUTE_TYPE.s);
  else if (a.ints !== undefined) { a.ints.forEach((v) => w.int(8, v)); w.int(20, ATTRIBUTE_TYPE.ints); }
  else throw new Error(`attribute ${a.name}: no value`);
}

function node(w, n) {
  n.inputs.forEach((name) => w.string(1, name));
  n.outputs.forEach((name) => w.string(2, name));
  w.string(3, n.name ?? `${n.opType}_${n.outputs[0]}`);
  w.string(4, n.opType);
  (n.attributes ?? []).forEach((a) => w.message(5, (x) => attribute(x, a)));
  if (n.domain) w.string(7, n.domain);
}

// ValueInfoProto { name = 1, type = 2: TypeProto { tensor_type = 1: { elem_type = 1,
// shape = 2: TensorShapeProto { dim = 1: { dim_value = 1 } } } } }
function valueInfo(w, v) {
  w.string(1, v.name);
  w.message(2, (type) => type.message(1, (tensor) => {
    tensor.int(1, ELEM_TYPE[v.elemType]);
    tensor.message(2, (shape) => v.dims.forEach((d) => shape.message(1, (dim) => dim.int(1, d))));
  }));
}

// TensorProto { dims = 1, data_type = 2, name = 8, raw_data = 9 (little-endian bytes) }
function tensor(w, t) {
  t.dims.forEach((d) => w.int(1, d));
  w.int(2, ELEM_TYPE[t.elemType]);
  w.string(8, t.name);
  w.bytesField(9, new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
}

export function encodeModel({ irVersion, opsets, graph, producer = 'attention-companion ort-bench' }) {
  const w = new Writer();
  w.int(1, irVersion);
  w.string(2, producer);
  // GraphProto { node = 1, name = 2, initializer = 5, input = 11, output = 12 }
  w.message(7, (g) => {
    graph.nodes.forEach((n) => g.message(1, (x) => node(x, n)));
    g.string(2, graph.name ?? 'graph');
    (graph.initializers ?? []).forEach((t) => g.message(5, (x) => tensor(x, t)));
    graph.inputs.forEach((v) => g.message(11, (x) => valueInfo(x, v)));
    graph.outputs.forEach((v) => g.message(12, (x) => valueInfo(x, v)));
  });
  // OperatorSetIdProto { domain = 1, version = 2 }
  opsets.forEach(({ domain = '', version }) => w.message(8, (o) => o.string(1, domain).int(2, version)));
  return Uint8Array.from(w.bytes);
}
