// Which sources each query of the batched kernel may read, in the shapes the kernel walks
// (head_kernel.cc): the run of sources a row sees under the padding, causal, window and
// half-width rules; the sources some row of a head sees (only those are packed and
// walked); and, for one block of sources against one tile of queries, the lane masks,
// the panels worth scoring and the sources in order. Integers only: the floating-point
// order of the kernel does not depend on how these are found.
#pragma once

#include <cstdint>

#include "batch/tiling.h"
#include "core/masks.h"

namespace attn {

// Sources [lo, hi); empty when lo >= hi.
struct SourceRange {
  int64_t lo, hi;
};

// The sources that the padding, causal, window and half-width rules leave to target t of
// item b; an explicit mask, if any, removes more (checked per source).
SourceRange RowSources(const MaskSpec& mask, int64_t b, int64_t t, int64_t S);

// The sources that some target of item b can see, from a multiple of kBlock: a block that
// no target can see changes nothing, so it is neither packed nor walked. Empty (lo >= hi)
// when no target sees any.
SourceRange HeadSources(const MaskSpec& mask, int64_t b, int64_t T, int64_t S);

// One block of sources [s0, s0 + n) against one tile of queries (rows 0..live-1, targets
// t..t+live-1, each row's SourceRange in `rows`).
struct BlockMask {
  // Finds what the kernel reads below. The lane masks are written where they are read: for
  // an explicit mask, for the weights, where a row sees part of the block, and where the
  // rows that see any do not all see the same run.
  void Fill(const MaskSpec& mask, const SourceRange* rows, int64_t t, int live, int64_t s0, int64_t n, bool weights);

  alignas(16) uint32_t bits[kTile][kBlock];  // all ones where row i may read source s0 + j, else 0
  bool panel_used[kPanels];                  // a panel that some row can see (the others are not scored)
  bool row_any[kTile];                       // the row sees some source of the block
  bool row_whole[kTile];                     // the row sees every source of a full block (no lane masks needed)
  bool one_run;                              // the sources are the run start, start + 1, ..., start + used - 1
  int start;
  int used;             // how many sources some row of the tile sees
  int sources[kBlock];  // those sources (offsets from s0), ascending
};

}  // namespace attn
