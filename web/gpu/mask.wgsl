// Eligibility of source s for target t of batch item b: the same rules as MaskSpec in
// cpp/masks.h (padding lengths, causal order, a [start, end) window, a half-width band
// around the target, an explicit [T, S] mask shared by the batch).

@group(0) @binding(1) var<storage, read> lengths: array<u32>;
@group(0) @binding(2) var<storage, read> explicit_mask: array<u32>;

fn eligible(b: u32, t: u32, s: u32) -> bool {
  if (s >= lengths[b]) { return false; }
  if (params.causal != 0u && s > t) { return false; }
  if (s < params.window_start || s >= params.window_end) { return false; }
  if (params.half_width >= 0) {
    let offset = i32(s) - i32(t);
    if (offset < -params.half_width || offset > params.half_width) { return false; }
  }
  if (params.use_explicit != 0u && explicit_mask[t * params.S + s] == 0u) { return false; }
  return true;
}
