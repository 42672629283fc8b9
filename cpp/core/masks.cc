// Validation of mask specifications.
#include "core/masks.h"

namespace attn {

Status CheckMask(const MaskSpec& mask, int64_t B, int64_t T, int64_t S) {
  if (!mask.lengths.empty()) {
    if (static_cast<int64_t>(mask.lengths.size()) != B) {
      return Status(ErrorCode::kShapeMismatch, "there are " + std::to_string(mask.lengths.size()) +
                                                   " source lengths for a batch of " + std::to_string(B));
    }
    for (int64_t n : mask.lengths) {
      if (n < 0 || n > S) {
        return Status(ErrorCode::kInvalidInput, "a source length of " + std::to_string(n) + " does not fit " +
                                                    std::to_string(S) + " source positions");
      }
    }
  }
  if (mask.half_width < -1) {
    return Status(ErrorCode::kInvalidInput, "a half width is a whole number from 0 up (leave it out for no limit)");
  }
  if (mask.window && (mask.window->first < 0 || mask.window->second < mask.window->first)) {
    return Status(ErrorCode::kInvalidInput, "a window [start, end) needs 0 <= start <= end");
  }
  if (!mask.explicit_mask.empty()) {
    if (static_cast<int64_t>(mask.explicit_mask.size()) != T) {
      return Status(ErrorCode::kShapeMismatch, "the explicit mask has " + std::to_string(mask.explicit_mask.size()) +
                                                   " rows for " + std::to_string(T) + " targets");
    }
    for (const auto& row : mask.explicit_mask) {
      if (static_cast<int64_t>(row.size()) != S) {
        return Status(ErrorCode::kShapeMismatch, "an explicit mask row has " + std::to_string(row.size()) +
                                                     " entries for " + std::to_string(S) + " sources");
      }
    }
  }
  return Status();
}

std::vector<std::vector<bool>> PaddingMask(const std::vector<int64_t>& lengths, int64_t S) {
  MaskSpec spec;
  spec.lengths = lengths;
  std::vector<std::vector<bool>> out;
  for (size_t b = 0; b < lengths.size(); ++b) out.push_back(spec.Row(static_cast<int64_t>(b), 0, S));
  return out;
}

}  // namespace attn
