// The mask's geometry for the tiled kernel: see mask_geometry.h.
#include "batch/mask_geometry.h"

#include <algorithm>

namespace attn {

SourceRange RowSources(const MaskSpec& mask, int64_t b, int64_t t, int64_t S) {
  SourceRange r{0, S};
  if (!mask.lengths.empty()) r.hi = std::min(r.hi, mask.lengths[static_cast<size_t>(b)]);
  if (mask.causal) r.hi = std::min(r.hi, t + 1);
  if (mask.window) {
    r.lo = std::max(r.lo, mask.window->first);
    r.hi = std::min(r.hi, mask.window->second);
  }
  if (mask.half_width >= 0) {  // |s - t| <= half_width, without overflow for a huge half width
    r.lo = std::max(r.lo, t - mask.half_width);
    if (mask.half_width < S) r.hi = std::min(r.hi, t + mask.half_width + 1);
  }
  return r;
}

SourceRange HeadSources(const MaskSpec& mask, int64_t b, int64_t T, int64_t S) {
  int64_t from = S, to = 0;
  for (int64_t t = 0; t < T; ++t) {
    const SourceRange r = RowSources(mask, b, t, S);
    if (r.lo < r.hi) {
      from = std::min(from, std::max<int64_t>(r.lo, 0));
      to = std::max(to, r.hi);
    }
  }
  return {from / kBlock * kBlock, to};
}

void BlockMask::Fill(const MaskSpec& mask, const SourceRange* rows, int64_t t, int live, int64_t s0, int64_t n,
                     bool weights) {
  constexpr uint32_t kAll = ~uint32_t{0};
  std::fill(panel_used, panel_used + kPanels, false);
  std::fill(row_any, row_any + kTile, false);
  std::fill(row_whole, row_whole + kTile, false);
  const bool explicit_mask = !mask.explicit_mask.empty();
  // Without an explicit mask each row sees one run of sources; when the live rows that see
  // any see the same run, the block's sources are that run, with no per-source scan.
  int64_t run_lo = -1, run_hi = -1;
  one_run = !explicit_mask;
  int64_t row_lo[kTile] = {}, row_hi[kTile] = {};  // each row's run in the block (none past live)
  for (int i = 0; i < kTile; ++i) {
    if (i >= live) {  // no sources (the explicit mask's bits are written here, the others below)
      if (explicit_mask) std::fill(bits[i], bits[i] + kBlock, 0u);
      continue;
    }
    const SourceRange r = rows[i];
    const int64_t lo = std::clamp<int64_t>(r.lo - s0, 0, n), hi = std::clamp<int64_t>(r.hi - s0, lo, n);
    row_lo[i] = lo;
    row_hi[i] = hi;
    if (explicit_mask) {
      uint32_t* m = bits[i];
      std::fill(m, m + kBlock, 0u);
      const auto& row = mask.explicit_mask[static_cast<size_t>(t + i)];
      for (int64_t j = lo; j < hi; ++j) m[j] = row[static_cast<size_t>(s0 + j)] ? kAll : 0u;
      for (int64_t j = lo; j < hi; ++j) {
        if (m[j]) {
          row_any[i] = true;
          panel_used[j / kPanel] = true;
        }
      }
    } else if (lo < hi) {
      row_any[i] = true;
      row_whole[i] = lo == 0 && hi == kBlock;
      for (int64_t p = lo / kPanel; p <= (hi - 1) / kPanel; ++p) panel_used[p] = true;
      if (run_lo < 0) {
        run_lo = lo;
        run_hi = hi;
      } else if (lo != run_lo || hi != run_hi) {
        one_run = false;
      }
    }
  }
  // The lane masks are read where a row sees part of the block, where the sources are not
  // one run, and for the weights; where every row that sees any sees all of it, they are
  // not written.
  bool partial = false;  // a row that sees part of the block
  for (int i = 0; i < kTile; ++i) partial = partial || (row_any[i] && !row_whole[i]);
  if (!explicit_mask && (weights || !one_run || partial)) {
    for (int i = 0; i < kTile; ++i) {
      uint32_t* m = bits[i];
      std::fill(m, m + row_lo[i], 0u);
      std::fill(m + row_lo[i], m + row_hi[i], kAll);
      std::fill(m + row_hi[i], m + kBlock, 0u);
    }
  }
  used = 0;
  if (one_run) {
    start = static_cast<int>(std::max<int64_t>(run_lo, 0));
    for (int64_t j = start; j < run_hi; ++j) sources[used++] = static_cast<int>(j);
  } else {
    for (int j = 0; j < n; ++j) {
      if (bits[0][j] | bits[1][j] | bits[2][j] | bits[3][j]) sources[used++] = j;
    }
  }
}

}  // namespace attn
