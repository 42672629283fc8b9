// The ONNX formulations of one attention workload that the onnxruntime-web benchmark
// (tests/bench/ort-bench.mjs) tries, each with its model encoded in memory (onnx-model.mjs)
// and its feeds from the core's float32 inputs, with the same mask (per-item key lengths):
//   plain        MatMul(Q, Transpose(K)) -> Mul(scale) -> Add(mask bias) -> Softmax -> MatMul(., V)
//   plain-qscale the same with the scale folded into Q (Mul on T*D, not T*S, elements)
//   attention    the ONNX Attention op (opset 23: bool attn_mask; opset 24: nonpad_kv_seqlen)
//   mha          com.microsoft MultiHeadAttention (Q as [B, T, H*D]: the graph transposes
//                in and out so the model keeps the [B, H, T, D] contract)
// variants(ort, workload, scale) -> [{name, candidates: [{config (words for the report),
// model (bytes), feeds(arrays) -> ort feeds}]}]: a variant's candidates are tried in order,
// and the first that loads, runs and agrees with the core is timed.

import { encodeModel } from './onnx-model.mjs';

const f32 = (name, dims) => ({ name, elemType: 'float', dims });
const scalar = (name, value) => ({ name, elemType: 'float', dims: [], data: new Float32Array([value]) });
const int64s = (name, values) => ({ name, elemType: 'int64', dims: [values.length], data: BigInt64Array.from(values.map(BigInt)) });

export function variants(ort, w, scale) {
  const { B, H, T, S, D, lengths } = w;
  const qkv = [f32('Q', [B, H, T, D]), f32('K', [B, H, S, D]), f32('V', [B, H, S, D])];
  const out = [f32('context', [B, H, T, D])];
  const tensor = (type, data, dims) => new ort.Tensor(type, data, dims);
  const baseFeeds = (a) => ({ Q: tensor('float32', a.query, [B, H, T, D]), K: tensor('float32', a.keys, [B, H, S, D]),
    V: tensor('float32', a.values, [B, H, S, D]) });
  // Additive key mask [B, 1, 1, S]: 0 where the key takes part, -inf where it is padding.
  const bias = lengths && (() => {
    const m = new Float32Array(B * S);
    lengths.forEach((n, b) => m.fill(-Infinity, b * S + Math.min(n, S), (b + 1) * S));
    return m;
  })();
  const keep = lengths && (() => {
    const m = new Uint8Array(B * S);
    lengths.forEach((n, b) => m.fill(1, b * S, b * S + Math.min(n, S)));
    return m;
  })();
  const model = (opsets, nodes, inputs, initializers = [], irVersion = 10) =>
    encodeModel({ irVersion, opsets, graph: { name: w.name, nodes, inputs, outputs: out, initializers } });

  const plain = (prescale) => {
    const nodes = [{ opType: 'Transpose', inputs: ['K'], outputs: ['Kt'], attributes: [{ name: 'perm', ints: [0, 1, 3, 2] }] }];
    if (prescale) {
      nodes.push({ opType: 'Mul', inputs: ['Q', 'scale'], outputs: ['Qs'] },
        { opType: 'MatMul', inputs: ['Qs', 'Kt'], outputs: ['scaled'] });
    } else {
      nodes.push({ opType: 'MatMul', inputs: ['Q', 'Kt'], outputs: ['scores'] },
        { opType: 'Mul', inputs: ['scores', 'scale'], outputs: ['scaled'] });
    }
    if (lengths) nodes.push({ opType: 'Add', inputs: ['scaled', 'mask'], outputs: ['biased'] });
    nodes.push({ opType: 'Softmax', inputs: [lengths ? 'biased' : 'scaled'], outputs: ['weights'], attributes: [{ name: 'axis', i: -1 }] },
      { opType: 'MatMul', inputs: ['weights', 'V'], outputs: ['context'] });
    return [{
      config: `opset 17${lengths ? ', float mask bias [B,1,1,S] (0 / -inf)' : ', no mask'}`,
      model: model([{ version: 17 }], nodes, [...qkv, ...(lengths ? [f32('mask', [B, 1, 1, S])] : [])], [scalar('scale', scale)]),
      feeds: (a) => ({ ...baseFeeds(a), ...(lengths ? { mask: tensor('float32', bias, [B, 1, 1, S]) } : {}) }),
    }];
  };

  const attention = () => {
    const attrs = [{ name: 'scale', f: scale }];
    const candidates = [];
    if (lengths) {
      candidates.push({
        config: 'opset 23, bool attn_mask [B,1,1,S]',
        model: model([{ version: 23 }], [{ opType: 'Attention', inputs: ['Q', 'K', 'V', 'mask'], outputs: ['context'], attributes: attrs }],
          [...qkv, { name: 'mask', elemType: 'bool', dims: [B, 1, 1, S] }], [], 11),
        feeds: (a) => ({ ...baseFeeds(a), mask: tensor('bool', keep, [B, 1, 1, S]) }),
      }, {
        config: 'opset 24, nonpad_kv_seqlen [B] (int64)',
        model: model([{ version: 24 }], [{ opType: 'Attention', inputs: ['Q', 'K', 'V', '', '', '', 'lens'], outputs: ['context'], attributes: attrs }],
          [...qkv, { name: 'lens', elemType: 'int64', dims: [B] }], [], 11),
        feeds: (a) => ({ ...baseFeeds(a), lens: tensor('int64', BigInt64Array.from(lengths.map((n) => BigInt(Math.min(n, S)))), [B]) }),
      }, {
        config: 'opset 23, float attn_mask [B,1,1,S] (0 / -inf)',
        model: model([{ version: 23 }], [{ opType: 'Attention', inputs: ['Q', 'K', 'V', 'mask'], outputs: ['context'], attributes: attrs }],
          [...qkv, f32('mask', [B, 1, 1, S])], [], 11),
        feeds: (a) => ({ ...baseFeeds(a), mask: tensor('float32', bias, [B, 1, 1, S]) }),
      });
    } else {
      candidates.push({
        config: 'opset 23, no mask',
        model: model([{ version: 23 }], [{ opType: 'Attention', inputs: ['Q', 'K', 'V'], outputs: ['context'], attributes: attrs }], qkv, [], 11),
        feeds: baseFeeds,
      });
    }
    return candidates;
  };

  // MultiHeadAttention wants Q as [B, T, H*D]; K and V either 4-D [B, H, S, D] (BNSH) or
  // transposed to [B, S, H*D] too. The output [B, T, H*D] goes back to [B, H, T, D].
  const mha = () => {
    const toBSh = (from, to, len) => [
      { opType: 'Transpose', inputs: [from], outputs: [`${to}_t`], attributes: [{ name: 'perm', ints: [0, 2, 1, 3] }] },
      { opType: 'Reshape', inputs: [`${to}_t`, `shape_${len}`], outputs: [to] }];
    const back = [
      { opType: 'Reshape', inputs: ['ctx3', 'shape_out'], outputs: ['ctx4'] },
      { opType: 'Transpose', inputs: ['ctx4'], outputs: ['context'], attributes: [{ name: 'perm', ints: [0, 2, 1, 3] }] }];
    const shapes = (kvLayout) => [int64s('shape_T', [B, T, H * D]), int64s('shape_out', [B, T, H, D]),
      ...(kvLayout === 'BSH' ? [int64s('shape_S', [B, S, H * D])] : [])];
    const attrs = [{ name: 'num_heads', i: H }, { name: 'scale', f: scale }];
    const masks = lengths ? [
      { words: 'key_padding_mask [B] (int32 lengths)', input: { name: 'kpm', elemType: 'int32', dims: [B] },
        feed: () => ({ kpm: tensor('int32', Int32Array.from(lengths.map((n) => Math.min(n, S))), [B]) }) },
      { words: 'key_padding_mask [B,S] (int32 1/0)', input: { name: 'kpm', elemType: 'int32', dims: [B, S] },
        feed: () => ({ kpm: tensor('int32', Int32Array.from(keep), [B, S]) }) },
    ] : [{ words: 'no mask', input: null, feed: () => ({}) }];
    const candidates = [];
    for (const kvLayout of ['BNSH', 'BSH']) {
      for (const mask of masks) {
        const kv = kvLayout === 'BNSH' ? ['K', 'V'] : ['K3', 'V3'];
        const nodes = [...toBSh('Q', 'Q3', 'T'), ...(kvLayout === 'BNSH' ? [] : [...toBSh('K', 'K3', 'S'), ...toBSh('V', 'V3', 'S')]),
          { opType: 'MultiHeadAttention', domain: 'com.microsoft', inputs: ['Q3', ...kv, '', mask.input ? 'kpm' : ''],
            outputs: ['ctx3'], attributes: attrs },
          ...back];
        candidates.push({
          config: `K, V ${kvLayout === 'BNSH' ? '4-D [B,H,S,D]' : 'transposed to [B,S,H*D]'}, ${mask.words}`,
          model: model([{ version: 17 }, { domain: 'com.microsoft', version: 1 }], nodes,
            [...qkv, ...(mask.input ? [mask.input] : [])], shapes(kvLayout)),
          feeds: (a) => ({ ...baseFeeds(a), ...mask.feed() }),
        });
      }
    }
    return candidates;
  };

  return [
    { name: 'ORT plain graph', candidates: plain(false) },
    { name: 'ORT plain graph, Q pre-scaled', candidates: plain(true) },
    { name: 'ORT Attention op', candidates: attention() },
    { name: 'ORT com.microsoft MHA', candidates: mha() },
  ];
}
