// The fused streaming kernel: one workgroup per row walks the sources in tiles of 64
// with an online softmax (a running maximum and a running sum; what was accumulated is
// shrunk by exp(old max - new max) when the maximum grows). Scores and weights exist
// only for the current tile, so no T x S array is ever written. D_k and D_v are at most
// MAX_WIDTH (the GPU module checks). An all-masked row is written as zeros, flagged and
// counted in status, as in softmax.wgsl.

@group(0) @binding(3) var<storage, read> query: array<f32>;
@group(0) @binding(4) var<storage, read> keys: array<f32>;
@group(0) @binding(5) var<storage, read> values: array<f32>;
@group(0) @binding(6) var<storage, read_write> context: array<f32>;
@group(0) @binding(7) var<storage, read_write> status: array<atomic<u32>>;

const MAX_WIDTH: u32 = 256u;
const PER_THREAD: u32 = 4u;  // MAX_WIDTH / WORKGROUP value coordinates per invocation

var<workgroup> query_row: array<f32, MAX_WIDTH>;
var<workgroup> partial: array<f32, WORKGROUP>;
var<workgroup> tile_weights: array<f32, WORKGROUP>;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let row = flat_workgroup(wid);
  if (row >= params.rows) { return; }
  let t = row % params.T;
  let head = row / params.T;
  let b = head / params.H;

  for (var d = lid; d < params.Dk; d += WORKGROUP) {
    query_row[d] = query[row * params.Dk + d];
  }
  workgroupBarrier();

  var running_max = MASK_FILL;
  var total = 0.0;
  var acc = array<f32, PER_THREAD>(0.0, 0.0, 0.0, 0.0);
  for (var s0 = 0u; s0 < params.S; s0 += WORKGROUP) {
    // Each invocation scores one source of the tile.
    let s = s0 + lid;
    var ok = false;
    var score = MASK_FILL;
    if (s < params.S) {
      if (eligible(b, t, s)) {
        ok = true;
        var dot = 0.0;
        let k0 = (head * params.S + s) * params.Dk;
        for (var d = 0u; d < params.Dk; d += 1u) {
          dot += query_row[d] * keys[k0 + d];
        }
        score = dot * params.scale;
      }
    }
    partial[lid] = score;
    workgroupBarrier();
    for (var stride = WORKGROUP / 2u; stride > 0u; stride = stride / 2u) {
      if (lid < stride) { partial[lid] = max(partial[lid], partial[lid + stride]); }
      workgroupBarrier();
    }
    let new_max = max(running_max, partial[0]);
    let shrink = exp(running_max - new_max);
    var p = 0.0;
    if (ok) { p = exp(score - new_max); }
    workgroupBarrier();
    partial[lid] = p;
    tile_weights[lid] = p;
    workgroupBarrier();
    for (var stride = WORKGROUP / 2u; stride > 0u; stride = stride / 2u) {
      if (lid < stride) { partial[lid] = partial[lid] + partial[lid + stride]; }
      workgroupBarrier();
    }
    total = total * shrink + partial[0];
    running_max = new_max;

    let count = min(WORKGROUP, params.S - s0);
    for (var i = 0u; i < PER_THREAD; i += 1u) {
      let d = lid + i * WORKGROUP;
      if (d < params.Dv) {
        var a = acc[i] * shrink;
        let v0 = (head * params.S + s0) * params.Dv + d;
        for (var j = 0u; j < count; j += 1u) {
          let w = tile_weights[j];
          if (w != 0.0) { a += w * values[v0 + j * params.Dv]; }
        }
        acc[i] = a;
      }
    }
    workgroupBarrier();  // the next tile overwrites partial and tile_weights
  }

  let empty = total == 0.0;
  let inverse = select(1.0 / select(total, 1.0, empty), 0.0, empty);
  for (var i = 0u; i < PER_THREAD; i += 1u) {
    let d = lid + i * WORKGROUP;
    if (d < params.Dv) { context[row * params.Dv + d] = select(acc[i] * inverse, 0.0, empty); }
  }
  if (lid == 0u) {
    atomicStore(&status[1u + row], select(0u, 1u, empty));
    if (empty) { atomicAdd(&status[0], 1u); }
  }
}
