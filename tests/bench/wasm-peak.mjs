// A peak reference for the batch benchmarks (not a test): a WebAssembly loop of six
// independent four-lane multiply-adds (acc_i = acc_i + v_i * s, s moving by a tiny step each
// turn so that nothing can be hoisted), the pattern of the kernel's inner loops without its
// loads, encoded here byte by byte. A multiply and an add per lane: 48 flops a turn.
// tests/bench/ort-bench.mjs times it as one more engine in its rounds, in CPU time, so that
// "% of peak" compares figures taken in the same minutes.
const v128 = (x) => {
  const bytes = new Uint8Array(16);
  new Float32Array(bytes.buffer).fill(x);
  return [0xfd, 0x0c, ...bytes];
};
const F32X4_ADD = [0xfd, 0xe4, 0x01];
const F32X4_MUL = [0xfd, 0xe6, 0x01];
const get = (i) => [0x20, i];
const set = (i) => [0x21, i];
const LANES = 6;
const S = 1;
const EPS = 2;
const V = (i) => 3 + i;
const ACC = (i) => 3 + LANES + i;

function peakModule() {
  const body = [];
  body.push(...v128(1), ...set(S), ...v128(1e-7), ...set(EPS));
  for (let i = 0; i < LANES; i += 1) body.push(...v128(0.25 + i / 16), ...set(V(i)));
  body.push(0x03, 0x40);  // loop
  body.push(...get(S), ...get(EPS), ...F32X4_ADD, ...set(S));
  for (let i = 0; i < LANES; i += 1) body.push(...get(ACC(i)), ...get(V(i)), ...get(S), ...F32X4_MUL, ...F32X4_ADD, ...set(ACC(i)));
  body.push(...get(0), 0x41, 0x01, 0x6b, 0x22, 0x00, 0x0d, 0x00, 0x0b);  // n -= 1; br_if n; end
  body.push(...get(ACC(0)));
  for (let i = 1; i < LANES; i += 1) body.push(...get(ACC(i)), ...F32X4_ADD);
  body.push(0xfd, 0x1f, 0x00, 0x0b);  // f32x4.extract_lane 0; end
  const locals = [0x01, 2 + 2 * LANES, 0x7b];  // one run of v128 locals
  const code = [...locals, ...body];
  const section = (id, content) => [id, ...leb(content.length), ...content];
  const bytes = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(0x01, [0x01, 0x60, 0x01, 0x7f, 0x01, 0x7d]),
    ...section(0x03, [0x01, 0x00]),
    ...section(0x07, [0x01, 0x04, ...[...'peak'].map((c) => c.charCodeAt(0)), 0x00, 0x00]),
    ...section(0x0a, [0x01, ...leb(code.length), ...code])];
  return new Uint8Array(bytes);
}

function leb(n) {
  const out = [];
  let x = n;
  do {
    let byte = x & 0x7f;
    x >>>= 7;
    if (x) byte |= 0x80;
    out.push(byte);
  } while (x);
  return out;
}

// -> {call(), flops}: one call runs `turns` turns of the loop, `flops` floating-point
// operations; it throws if the sums overflowed.
export async function peakLoop({ turns = 100_000 } = {}) {
  const { instance } = await WebAssembly.instantiate(peakModule());
  const { peak } = instance.exports;
  return {
    call() {
      if (!Number.isFinite(peak(turns))) throw new Error('the peak loop overflowed');
    },
    flops: turns * 8 * LANES,
  };
}
