// Token deletion with re-encoding (a frozen removal is a read with that position ineligible).
#include "core/interventions.h"

namespace attn {

Result<Mat<Exact>> ReencodeDeletion(const std::vector<std::string>& tokens, const Embeddings& embeddings,
                                    Eigen::Index deleted) {
  if (deleted < 0 || deleted >= static_cast<Eigen::Index>(tokens.size())) {
    return Status(ErrorCode::kInvalidInput, "there is no source token " + std::to_string(deleted + 1) + " to delete");
  }
  std::vector<std::string> kept = tokens;
  kept.erase(kept.begin() + deleted);
  return EncodeRelu(kept, embeddings);
}

}  // namespace attn
