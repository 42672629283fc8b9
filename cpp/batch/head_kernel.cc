// The batched kernel: a tiled streaming kernel. For each item and head it packs the keys once,
// then walks blocks of 64 sources; each block is scored against tiles of 4 queries by a
// register-blocked micro-kernel (4 queries x 8 keys), folded into a running softmax per
// query (online softmax: running maximum and sum, rescaled when the maximum grows) and into
// the running context (4 queries x 8 value columns). Masked sources are never scored for a
// tile that cannot see them (mask_geometry.h finds which), and their weights are exactly 0.
//
// The order of every floating-point operation is fixed and documented below (see "The
// order"), and the code is written once against four-lane operations (lanes4.h) that
// WebAssembly SIMD, SSE2 and plain scalar code implement identically, lane by lane: the
// SIMD and scalar paths, and the native and WebAssembly builds, agree bit for bit.
//
// The order, per query row (what each result depends on, and nothing else):
//   score(s)  = ((((0 + q0 k0) + q1 k1) + ...) + q_{D-1} k_{D-1}) * scale     d in order
//   The sources are taken in blocks [64c, 64c + 64); a block with no eligible source for
//   the row leaves its state alone. For the others:
//     m       = the block's largest eligible score (exact: max does not round)
//     first block: max = m. Later, if m > max: f = exp(max - m); sum = sum * f;
//               acc[d] = acc[d] * f; max = m
//     p(s)    = exp(score(s) - max) for eligible s, exactly 0 otherwise
//     sum     = sum + ((L0 + L1) + (L2 + L3)), where lane L_l sums p(s) for s = 64c + l,
//               64c + 4 + l, ... in order
//     acc[d]  = (((acc[d] + p(s0) v(s0)[d]) + p(s1) v(s1)[d]) + ...)   s ascending
//   context[d] = acc[d] * (1 / sum); weight(s) = exp(score(s) - max) * (1 / sum).
// exp is lanes::PolyExp for float (lanes4.h) and std::exp for double. A source that one
// query of a tile may read and another may not is added with p = 0 for the latter, which
// leaves acc unchanged (acc + 0 * v = acc for finite v, up to the sign of an exact zero).
#include "batch/head_kernel.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "batch/mask_geometry.h"
#include "batch/tiling.h"

namespace attn {
namespace {

// Two turns of the score loop per pass (clang: the WebAssembly build; 5% faster there, same
// bits: each sum still takes its terms in order).
#if defined(__clang__)
#define ATTN_UNROLL_TWICE _Pragma("clang loop unroll_count(2)")
#else
#define ATTN_UNROLL_TWICE
#endif

// The score micro-kernel and the block step stay functions of their own: inlined into one
// large function, V8's optimising compiler keeps fewer values in registers, and the
// WebAssembly build ran 16-26% slower on the dense benchmark shapes (same bits either way).
#if defined(__GNUC__)
#define ATTN_OUT_OF_LINE __attribute__((noinline))
#else
#define ATTN_OUT_OF_LINE
#endif

// One item and head, float lanes L (or double lanes for the float64 path).
template <class L>
class HeadKernel {
 public:
  using F = typename L::Scalar;
  using V = typename L::V;

  HeadKernel(const BatchShape& shape, const MaskSpec& mask, F scale)
      : shape_(shape),
        mask_(mask),
        scale_(scale),
        packed_(static_cast<size_t>((shape.S + kPanel - 1) / kPanel * kPanel * shape.Dk)),
        acc_(static_cast<size_t>(kChunk * shape.Dv)) {}

  // Fills the context rows (and weight rows, when weights is not null) of head `head` of
  // item b; flags and counts the rows with no eligible source.
  void Run(int64_t b, const F* query, const F* keys, const F* values, F* context, F* weights, uint8_t* empty_rows,
           int64_t* empty_count) {
    // Only the panels of the sources some query of this head can see are packed, and only
    // their blocks are walked.
    const auto [from, to] = HeadSources(mask_, b, shape_.T, shape_.S);
    PackKeys(keys, from, to);
    values_ = values;
    for (int64_t t0 = 0; t0 < shape_.T; t0 += kChunk) {
      const int64_t rows = std::min<int64_t>(kChunk, shape_.T - t0);
      const int64_t tiles = (rows + kTile - 1) / kTile;
      for (int64_t i = 0; i < rows; ++i) {
        state_[i] = RowState{};
        range_[i] = RowSources(mask_, b, t0 + i, shape_.S);
      }
      std::fill(acc_.begin(), acc_.end(), F(0));
      // Key blocks outside, query tiles inside: a block's keys and values are read from
      // memory once for the whole chunk of queries.
      for (int64_t s0 = from; s0 < to; s0 += kBlock) {
        for (int64_t tile = 0; tile < tiles; ++tile) {
          const int64_t first = tile * kTile;
          const int live = static_cast<int>(std::min<int64_t>(kTile, rows - first));
          const F* q[kTile];
          for (int i = 0; i < kTile; ++i) q[i] = query + (t0 + first + std::min(i, live - 1)) * shape_.Dk;
          Block(t0 + first, first, live, s0, q, weights == nullptr ? nullptr : weights + (t0 + first) * shape_.S);
        }
      }
      for (int64_t i = 0; i < rows; ++i) {
        const int64_t t = t0 + i;
        Finish(t, i, context + t * shape_.Dv, weights == nullptr ? nullptr : weights + t * shape_.S, empty_rows + t,
               empty_count);
      }
    }
  }

 private:
  struct RowState {
    F max = F(0);
    F sum = F(0);
    bool started = false;
  };

  // K^T in panels of 8 keys: panel p holds, for d = 0..Dk-1, keys 8p..8p+7 side by side,
  // so that the micro-kernel reads two vectors per d. Keys past S are zeros (never used).
  // Only the panels of sources [from, to) are packed (from a multiple of kPanel).
  void PackKeys(const F* keys, int64_t from, int64_t to) {
    const int64_t dk = shape_.Dk;
    const int64_t panels = (std::min(to, shape_.S) + kPanel - 1) / kPanel;
    for (int64_t p = from / kPanel; p < panels; ++p) {
      F* out = packed_.data() + p * dk * kPanel;
      for (int j = 0; j < kPanel; ++j) {
        const int64_t s = p * kPanel + j;
        const F* k = keys + s * dk;
        for (int64_t d = 0; d < dk; ++d) out[d * kPanel + j] = s < shape_.S ? k[d] : F(0);
      }
    }
  }

  // Scores of 4 queries against one panel of 8 keys: score = (sum over d in order) * scale.
  ATTN_OUT_OF_LINE void ScorePanel(const F* const q[kTile], const F* panel,
                                   F* out /* [kTile][kBlock] at this panel */) const {
    V a00 = L::Splat(F(0)), a01 = a00, a10 = a00, a11 = a00, a20 = a00, a21 = a00, a30 = a00, a31 = a00;
    const F *q0 = q[0], *q1 = q[1], *q2 = q[2], *q3 = q[3];
    const int dk = static_cast<int>(shape_.Dk);
    ATTN_UNROLL_TWICE
    for (int d = 0; d < dk; ++d) {
      const V k0 = L::Load(panel + d * kPanel);
      const V k1 = L::Load(panel + d * kPanel + 4);
      V x = L::Splat(q0[d]);
      a00 = L::Add(a00, L::Mul(x, k0));
      a01 = L::Add(a01, L::Mul(x, k1));
      x = L::Splat(q1[d]);
      a10 = L::Add(a10, L::Mul(x, k0));
      a11 = L::Add(a11, L::Mul(x, k1));
      x = L::Splat(q2[d]);
      a20 = L::Add(a20, L::Mul(x, k0));
      a21 = L::Add(a21, L::Mul(x, k1));
      x = L::Splat(q3[d]);
      a30 = L::Add(a30, L::Mul(x, k0));
      a31 = L::Add(a31, L::Mul(x, k1));
    }
    const V scale = L::Splat(scale_);
    L::Store(out + 0 * kBlock, L::Mul(a00, scale));
    L::Store(out + 0 * kBlock + 4, L::Mul(a01, scale));
    L::Store(out + 1 * kBlock, L::Mul(a10, scale));
    L::Store(out + 1 * kBlock + 4, L::Mul(a11, scale));
    L::Store(out + 2 * kBlock, L::Mul(a20, scale));
    L::Store(out + 2 * kBlock + 4, L::Mul(a21, scale));
    L::Store(out + 3 * kBlock, L::Mul(a30, scale));
    L::Store(out + 3 * kBlock + 4, L::Mul(a31, scale));
  }

  // acc_i[d] += p_i(s) v(s)[d] for the listed sources in order, 4 queries x 8 columns at a
  // time (then 4, then one by one): each element's sum runs over s in the same order.
  // kRun: the block's sources are one run (block_.sources[u] = block_.start + u), read without
  // the index.
  template <bool kRun>
  void AccumulateValues(int64_t first) {
    const int64_t dv = shape_.Dv;
    F* acc[kTile];  // a tile's rows past T have p = 0 and are never read back
    for (int i = 0; i < kTile; ++i) acc[i] = acc_.data() + (first + i) * dv;
    int64_t d = 0;
    for (; d + 8 <= dv; d += 8) {
      V c00 = L::Load(acc[0] + d), c01 = L::Load(acc[0] + d + 4), c10 = L::Load(acc[1] + d),
        c11 = L::Load(acc[1] + d + 4), c20 = L::Load(acc[2] + d), c21 = L::Load(acc[2] + d + 4),
        c30 = L::Load(acc[3] + d), c31 = L::Load(acc[3] + d + 4);
      const F* block_values = values_ + block_start_ * dv + d;
      const int stride = static_cast<int>(dv);
      for (int u = 0; u < block_.used; ++u) {
        const int j = kRun ? block_.start + u : block_.sources[u];
        const F* v = block_values + j * stride;
        const V v0 = L::Load(v), v1 = L::Load(v + 4);
        V p = L::Splat(p_[0][j]);
        c00 = L::Add(c00, L::Mul(p, v0));
        c01 = L::Add(c01, L::Mul(p, v1));
        p = L::Splat(p_[1][j]);
        c10 = L::Add(c10, L::Mul(p, v0));
        c11 = L::Add(c11, L::Mul(p, v1));
        p = L::Splat(p_[2][j]);
        c20 = L::Add(c20, L::Mul(p, v0));
        c21 = L::Add(c21, L::Mul(p, v1));
        p = L::Splat(p_[3][j]);
        c30 = L::Add(c30, L::Mul(p, v0));
        c31 = L::Add(c31, L::Mul(p, v1));
      }
      L::Store(acc[0] + d, c00), L::Store(acc[0] + d + 4, c01), L::Store(acc[1] + d, c10);
      L::Store(acc[1] + d + 4, c11), L::Store(acc[2] + d, c20), L::Store(acc[2] + d + 4, c21);
      L::Store(acc[3] + d, c30), L::Store(acc[3] + d + 4, c31);
    }
    for (; d < dv; ++d) {  // the last columns, one at a time, same order per element
      for (int i = 0; i < kTile; ++i) {
        F c = acc[i][d];
        for (int u = 0; u < block_.used; ++u) {
          const int j = block_.sources[u];
          c = c + p_[i][j] * values_[(block_start_ + j) * dv + d];
        }
        acc[i][d] = c;
      }
    }
  }

  // One block of sources [s0, s0 + 64) against one tile: rows first..first+live-1 of the
  // chunk, targets t..t+live-1.
  ATTN_OUT_OF_LINE void Block(int64_t t, int64_t first, int live, int64_t s0, const F* const q[kTile], F* weights) {
    const int64_t n = std::min<int64_t>(kBlock, shape_.S - s0);
    BlockMask& seen = block_;
    seen.Fill(mask_, range_ + first, t, live, s0, n, weights != nullptr);
    if (seen.used == 0) return;
    block_start_ = s0;

    // Scores of the panels some query of the tile can see (the others stay unread).
    int vectors = 0;  // 4-lane vectors of the block up to the last panel scored
    for (int p = 0; p < kPanels; ++p) {
      if (!seen.panel_used[p]) continue;
      ScorePanel(q, packed_.data() + (s0 / kPanel + p) * shape_.Dk * kPanel, &scores_[0][p * kPanel]);
      vectors = 2 * (p + 1);
    }

    // The running softmax of each row (see "The order" at the top of the file).
    const V lowest = L::Splat(-std::numeric_limits<F>::infinity());
    const V zero = L::Splat(F(0));
    for (int i = 0; i < kTile; ++i) {
      F* p = p_[i];
      if (!seen.row_any[i]) {
        std::fill(p, p + kBlock, F(0));
        continue;
      }
      RowState& st = state_[first + i];
      // A row that sees the whole block needs no lane masks (selecting every lane changes nothing).
      const bool whole = seen.row_whole[i];
      V top = lowest;
      for (int v = 0; v < vectors; ++v) {
        const V score = L::Load(scores_[i] + 4 * v);
        top = L::Max(top, whole ? score : L::Select(L::LoadMask(seen.bits[i] + 4 * v), score, lowest));
      }
      F m = L::Lane(top, 0);
      for (int l = 1; l < 4; ++l) m = std::max(m, L::Lane(top, l));
      if (!st.started) {
        st.max = m;
        st.started = true;
      } else if (m > st.max) {  // a larger maximum: what was summed so far shrinks by exp(old - new)
        const F shrink = lanes::Exp1<L>(st.max - m);
        st.sum = st.sum * shrink;
        F* acc = acc_.data() + (first + i) * shape_.Dv;
        for (int64_t d = 0; d < shape_.Dv; ++d) acc[d] = acc[d] * shrink;
        st.max = m;
      }
      const V top_all = L::Splat(st.max);
      V lane_sums = zero;
      for (int v = 0; v < vectors; ++v) {
        const V exp = L::ExpOfNonPositive(L::Sub(L::Load(scores_[i] + 4 * v), top_all));  // score <= max
        const V e = whole ? exp : L::Select(L::LoadMask(seen.bits[i] + 4 * v), exp, zero);
        L::Store(p + 4 * v, e);
        lane_sums = L::Add(lane_sums, e);
      }
      std::fill(p + 4 * vectors, p + kBlock, F(0));  // unscored panels: p = 0, sums unchanged
      st.sum =
          st.sum + ((L::Lane(lane_sums, 0) + L::Lane(lane_sums, 1)) + (L::Lane(lane_sums, 2) + L::Lane(lane_sums, 3)));
      if (weights != nullptr) {  // the scores for now; Finish turns them into weights
        F* w = weights + i * shape_.S + s0;
        for (int j = 0; j < n; ++j) {
          if (seen.bits[i][j]) w[j] = scores_[i][j];
        }
      }
    }
    if (seen.one_run) {
      AccumulateValues<true>(first);
    } else {
      AccumulateValues<false>(first);
    }
  }

  void Finish(int64_t t, int64_t i, F* context, F* weights, uint8_t* empty, int64_t* empty_count) {
    const RowState& st = state_[i];
    if (!st.started) {  // every source masked: zeros, flagged and counted
      std::fill(context, context + shape_.Dv, F(0));
      *empty = 1;
      ++*empty_count;
      return;
    }
    *empty = 0;
    const F inverse = F(1) / st.sum;
    const F* acc = acc_.data() + i * shape_.Dv;
    for (int64_t d = 0; d < shape_.Dv; ++d) context[d] = acc[d] * inverse;
    if (weights == nullptr) return;
    const SourceRange r = range_[i];
    for (int64_t s = std::max<int64_t>(r.lo, 0); s < std::min(r.hi, shape_.S); ++s) {
      if (mask_.explicit_mask.empty() || mask_.explicit_mask[static_cast<size_t>(t)][static_cast<size_t>(s)]) {
        weights[s] = lanes::Exp1<L>(weights[s] - st.max) * inverse;
      }
    }
  }

  const BatchShape& shape_;
  const MaskSpec& mask_;
  const F scale_;
  std::vector<F> packed_;  // this head's keys, K^T in panels
  std::vector<F> acc_;     // [kChunk][Dv]: the running (unnormalised) contexts
  const F* values_ = nullptr;
  RowState state_[kChunk];
  SourceRange range_[kChunk];
  BlockMask block_;  // the sources of the block being walked that the tile's queries see
  alignas(16) F scores_[kTile][kBlock];
  alignas(16) F p_[kTile][kBlock];
  int64_t block_start_ = 0;
};

}  // namespace

// Each head's keys are packed once and reused by all its queries.
template <class L>
void RunHeads(const BatchShape& shape, const typename L::Scalar* query, const typename L::Scalar* keys,
              const typename L::Scalar* values, const MaskSpec& mask, typename L::Scalar scale,
              typename L::Scalar* context, typename L::Scalar* weights, uint8_t* empty_rows, int64_t* empty_count) {
  HeadKernel<L> kernel(shape, mask, scale);
  for (int64_t b = 0; b < shape.B; ++b) {
    for (int64_t h = 0; h < shape.H; ++h) {
      const int64_t head = b * shape.H + h;
      kernel.Run(b, query + head * shape.T * shape.Dk, keys + head * shape.S * shape.Dk,
                 values + head * shape.S * shape.Dv, context + head * shape.T * shape.Dv,
                 weights != nullptr ? weights + head * shape.T * shape.S : nullptr, empty_rows + head * shape.T,
                 empty_count);
    }
  }
}

// The lanes the float and double batches run on (batch_attention.cc chooses): the WebAssembly
// module carries its SIMD lanes only.
#define ATTN_RUN_HEADS(L)                                                                                             \
  template void RunHeads<L>(const BatchShape&, const L::Scalar*, const L::Scalar*, const L::Scalar*, const MaskSpec&, \
                            L::Scalar, L::Scalar*, L::Scalar*, uint8_t*, int64_t*)
ATTN_RUN_HEADS(lanes::ScalarLanes64);
#if !defined(ATTN_LANES_WASM)
ATTN_RUN_HEADS(lanes::ScalarLanes);
#endif
#if defined(ATTN_HAS_SIMD_LANES)
ATTN_RUN_HEADS(lanes::SimdLanes);
#endif

}  // namespace attn
