// The benchmark's plain-JavaScript baseline: the same batched, masked attention written
// the way one would without the core (Float32Array, Math.exp, a score row per target).
// It exists only to be timed against the WASM core and WebGPU; its output is checked
// against the core's by the benchmark before any time is reported. Pages never show its
// numbers as answers.

// mask: the core's normalised mask ({lengths, causal, window, halfWidth}); no explicit mask.
export function plainAttention(shape, scale, mask, query, keys, values) {
  const { B, H, T, S, Dk, Dv } = shape;
  const context = new Float32Array(B * H * T * Dv);
  const emptyRows = new Uint8Array(B * H * T);
  const scores = new Float32Array(S);
  const [start, end] = mask.window ?? [0, S];
  for (let b = 0; b < B; b += 1) {
    for (let h = 0; h < H; h += 1) {
      const head = b * H + h;
      for (let t = 0; t < T; t += 1) {
        const row = head * T + t;
        let max = -Infinity;
        for (let s = 0; s < S; s += 1) {
          const ok = s < mask.lengths[b] && !(mask.causal && s > t) && s >= start && s < end &&
            !(mask.halfWidth >= 0 && Math.abs(s - t) > mask.halfWidth);
          if (!ok) { scores[s] = -Infinity; continue; }
          let dot = 0;
          const q0 = row * Dk;
          const k0 = (head * S + s) * Dk;
          for (let d = 0; d < Dk; d += 1) dot += query[q0 + d] * keys[k0 + d];
          scores[s] = dot * scale;
          if (scores[s] > max) max = scores[s];
        }
        if (max === -Infinity) { emptyRows[row] = 1; continue; }
        let total = 0;
        for (let s = 0; s < S; s += 1) {
          const p = scores[s] === -Infinity ? 0 : Math.exp(scores[s] - max);
          scores[s] = p;
          total += p;
        }
        const c0 = row * Dv;
        for (let s = 0; s < S; s += 1) {
          const w = scores[s] / total;
          if (w === 0) continue;
          const v0 = (head * S + s) * Dv;
          for (let d = 0; d < Dv; d += 1) context[c0 + d] += w * values[v0 + d];
        }
      }
    }
  }
  return { context, emptyRows };
}
