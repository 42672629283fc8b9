// Chapter 14's toy recurrent encoder: h_0 = 0 and h_t = ReLU(h_{t-1} + E[x_t]).
// Every state is kept, so that a decoder query can read any of them later.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/attention.h"

namespace attn {

using Embeddings = std::map<std::string, Vec<Exact>>;

// The stored states, one row per source token, in source order.
Result<Mat<Exact>> EncodeRelu(const std::vector<std::string>& tokens, const Embeddings& embeddings);

}  // namespace attn
