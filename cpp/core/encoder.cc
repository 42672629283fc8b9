// The ReLU recurrence over exact states.
#include "core/encoder.h"

namespace attn {

Result<Mat<Exact>> EncodeRelu(const std::vector<std::string>& tokens, const Embeddings& embeddings) {
  if (tokens.empty()) { return Status(ErrorCode::kEmptyMemory, "no eligible source position: the source is empty"); }
  Eigen::Index width = -1;
  for (const auto& token : tokens) {
    auto it = embeddings.find(token);
    if (it == embeddings.end()) {
      return Status(ErrorCode::kInvalidInput, "no embedding is declared for the token '" + token + "'");
    }
    if (width < 0) width = it->second.size();
    if (it->second.size() != width) {
      return Status(ErrorCode::kShapeMismatch, "the embedding of '" + token + "' has width " +
                                                   std::to_string(it->second.size()) + " but earlier ones have width " +
                                                   std::to_string(width));
    }
  }
  Mat<Exact> states(static_cast<Eigen::Index>(tokens.size()), width);
  Vec<Exact> h = Vec<Exact>::Constant(width, Exact(0));
  for (size_t t = 0; t < tokens.size(); ++t) {
    h = h + embeddings.at(tokens[t]);
    for (Eigen::Index i = 0; i < width; ++i) {
      ATTN_RETURN_IF_ERROR(h(i).status());
      if (SignOf(h(i)) < 0) h(i) = Exact(0);
    }
    states.row(static_cast<Eigen::Index>(t)) = h.transpose();
  }
  return states;
}

}  // namespace attn
