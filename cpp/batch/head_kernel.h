// The batched kernel proper: for each item and head, tiles of queries against blocks of
// keys, scored by a register-blocked micro-kernel and folded into a running softmax per
// query (see head_kernel.cc for the order of every floating-point operation). The checks
// and the choice of lanes are batch_attention.cc's; which sources each query reads,
// mask_geometry.h's.
#pragma once

#include <cstdint>

#include "batch/batch_attention.h"
#include "batch/lanes4.h"
#include "core/masks.h"

namespace attn {

// Every item and head of a checked batch in turn, on lanes L (lanes4.h): writes every
// context row and all-masked flag, counts the flagged rows into *empty_count, and, when
// weights is not null, writes the weights' eligible entries (the others are left as they
// are: the caller zeroes them).
template <class L>
void RunHeads(const BatchShape& shape, const typename L::Scalar* query, const typename L::Scalar* keys,
              const typename L::Scalar* values, const MaskSpec& mask, typename L::Scalar scale,
              typename L::Scalar* context, typename L::Scalar* weights, uint8_t* empty_rows, int64_t* empty_count);

}  // namespace attn
