// Reference pass 3 of 3: one invocation per (row, value coordinate) forms the context
// c_d = sum_s w_s v_{s,d}. Masked sources and all-masked rows have weight 0, so they add
// nothing and an all-masked row's context is 0.

@group(0) @binding(3) var<storage, read> weights: array<f32>;
@group(0) @binding(4) var<storage, read> values: array<f32>;
@group(0) @binding(5) var<storage, read_write> context: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let index = flat_workgroup(wid) * WORKGROUP + lid;
  if (index >= params.rows * params.Dv) { return; }
  let row = index / params.Dv;
  let d = index % params.Dv;
  let head = row / params.T;
  let w0 = row * params.S;
  let v0 = head * params.S * params.Dv + d;
  var sum = 0.0;
  for (var s = 0u; s < params.S; s += 1u) {
    let w = weights[w0 + s];
    if (w != 0.0) { sum += w * values[v0 + s * params.Dv]; }
  }
  context[index] = sum;
}
