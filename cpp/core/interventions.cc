// Frozen-memory removal and token deletion with re-encoding.
#include "core/interventions.h"

namespace attn {

Result<Read<Exact>> FrozenRemoval(const Vec<Exact>& query, const Mat<Exact>& states,
                                  Eigen::Index removed) {
  if (removed < 0 || removed >= states.rows()) {
    return Status(ErrorCode::kInvalidInput,
                  "there is no source position " + std::to_string(removed + 1) + " to remove");
  }
  Eligibility eligible(static_cast<size_t>(states.rows()), true);
  eligible[static_cast<size_t>(removed)] = false;
  return ReadOf(query, states, states, eligible);
}

Result<Mat<Exact>> ReencodeDeletion(const std::vector<std::string>& tokens,
                                    const Embeddings& embeddings, Eigen::Index deleted) {
  if (deleted < 0 || deleted >= static_cast<Eigen::Index>(tokens.size())) {
    return Status(ErrorCode::kInvalidInput,
                  "there is no source token " + std::to_string(deleted + 1) + " to delete");
  }
  std::vector<std::string> kept = tokens;
  kept.erase(kept.begin() + deleted);
  return EncodeRelu(kept, embeddings);
}

}  // namespace attn
