// Shared by every attention kernel (the GPU module puts this text first): the sizes,
// score scale and mask rules of one run, passed as plain numbers in a uniform buffer.
// Rows are (item b, head h, target t) flattened as ((b * H + h) * T + t), the layout of
// the WASM core (cpp/batch_attention.h).

struct Params {
  B: u32, H: u32, T: u32, S: u32,
  Dk: u32, Dv: u32, rows: u32, groups_x: u32,
  causal: u32, use_explicit: u32, window_start: u32, window_end: u32,
  half_width: i32, scale: f32, pad0: u32, pad1: u32,
};

@group(0) @binding(0) var<uniform> params: Params;

const WORKGROUP: u32 = 64u;
// Scores of masked sources: a finite fill, never -inf (WGSL assumes finite math). Every
// masked weight is still written as an exact 0; the fill only seeds the running maximum.
const MASK_FILL: f32 = -1.0e30;

// Workgroups are dispatched as a 2-D grid when one dimension would exceed the limit.
fn flat_workgroup(wid: vec3<u32>) -> u32 {
  return wid.y * params.groups_x + wid.x;
}
