// Reference pass 1 of 3: one invocation per (row, source) writes the scaled dot-product
// score q . k_s * scale, or the finite fill for a masked source.

@group(0) @binding(3) var<storage, read> query: array<f32>;
@group(0) @binding(4) var<storage, read> keys: array<f32>;
@group(0) @binding(5) var<storage, read_write> scores: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let index = flat_workgroup(wid) * WORKGROUP + lid;
  if (index >= params.rows * params.S) { return; }
  let row = index / params.S;
  let s = index % params.S;
  let t = row % params.T;
  let head = row / params.T;
  let b = head / params.H;
  var score = MASK_FILL;
  if (eligible(b, t, s)) {
    var dot = 0.0;
    let q0 = row * params.Dk;
    let k0 = (head * params.S + s) * params.Dk;
    for (var d = 0u; d < params.Dk; d += 1u) {
      dot += query[q0 + d] * keys[k0 + d];
    }
    score = dot * params.scale;
  }
  scores[index] = score;
}
