// Reference pass 2 of 3: one workgroup per row. Softmax over the source axis only, over
// the eligible sources, shifted by the row maximum; exp in f32. Masked sources get an
// exact 0. A row with no eligible source is written as zeros, flagged and counted:
// status[0] counts such rows, status[1 + row] flags them.

@group(0) @binding(3) var<storage, read> scores: array<f32>;
@group(0) @binding(4) var<storage, read_write> weights: array<f32>;
@group(0) @binding(5) var<storage, read_write> status: array<atomic<u32>>;

var<workgroup> partial: array<f32, WORKGROUP>;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let row = flat_workgroup(wid);
  if (row >= params.rows) { return; }
  let t = row % params.T;
  let b = (row / params.T) / params.H;
  let base = row * params.S;

  var local_max = MASK_FILL;
  for (var s = lid; s < params.S; s += WORKGROUP) {
    if (eligible(b, t, s)) { local_max = max(local_max, scores[base + s]); }
  }
  partial[lid] = local_max;
  workgroupBarrier();
  for (var stride = WORKGROUP / 2u; stride > 0u; stride = stride / 2u) {
    if (lid < stride) { partial[lid] = max(partial[lid], partial[lid + stride]); }
    workgroupBarrier();
  }
  let row_max = partial[0];
  workgroupBarrier();

  var local_sum = 0.0;
  for (var s = lid; s < params.S; s += WORKGROUP) {
    if (eligible(b, t, s)) { local_sum += exp(scores[base + s] - row_max); }
  }
  partial[lid] = local_sum;
  workgroupBarrier();
  for (var stride = WORKGROUP / 2u; stride > 0u; stride = stride / 2u) {
    if (lid < stride) { partial[lid] = partial[lid] + partial[lid + stride]; }
    workgroupBarrier();
  }
  let total = partial[0];
  // The largest eligible score contributes exp(0) = 1, so total is 0 only when no
  // source is eligible.
  let empty = total == 0.0;
  let inverse = select(1.0 / select(total, 1.0, empty), 0.0, empty);

  for (var s = lid; s < params.S; s += WORKGROUP) {
    var w = 0.0;
    if (!empty && eligible(b, t, s)) { w = exp(scores[base + s] - row_max) * inverse; }
    weights[base + s] = w;
  }
  if (lid == 0u) {
    atomicStore(&status[1u + row], select(0u, 1u, empty));
    if (empty) { atomicAdd(&status[0], 1u); }
  }
}
