// The two deletions of Chapter 14, section 14.5, which hold different things fixed:
//  - frozen removal: the stored states stay as computed; one position leaves both the
//    scores and the normalising sum, and the rest renormalise;
//  - re-encode deletion: the input token is deleted and the encoder runs again, so later
//    states can change.
#pragma once

#include <string>
#include <vector>

#include "encoder.h"

namespace attn {

// The read with one stored state removed; weights stay in source order with an exact 0
// at the removed position.
Result<Read<Exact>> FrozenRemoval(const Vec<Exact>& query, const Mat<Exact>& states,
                                  Eigen::Index removed);

// The states after deleting the token at `deleted` and re-encoding the rest.
Result<Mat<Exact>> ReencodeDeletion(const std::vector<std::string>& tokens,
                                    const Embeddings& embeddings, Eigen::Index deleted);

}  // namespace attn
