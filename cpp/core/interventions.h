// The interventions of the chapters. Chapter 14, section 14.5, has two deletions that hold
// different things fixed:
//  - frozen removal: the stored states stay as computed; one position leaves both the
//    scores and the normalising sum, and the rest renormalise;
//  - re-encode deletion: the input token is deleted and the encoder runs again, so later
//    states can change.
// Chapter 19's exercise 19 replaces one value with a control value and measures the change
// in a readout; the scores, and so the weights, stay as they were.
#pragma once

#include <string>
#include <vector>

#include "core/encoder.h"

namespace attn {

// The states after deleting the token at `deleted` and re-encoding the rest.
Result<Mat<Exact>> ReencodeDeletion(const std::vector<std::string>& tokens, const Embeddings& embeddings,
                                    Eigen::Index deleted);

// The values with the row at `position` (0-based) replaced by `control`.
template <class S>
Result<Mat<S>> ReplaceValue(const Mat<S>& values, Eigen::Index position, const Vec<S>& control) {
  if (position < 0 || position >= values.rows() || control.size() != values.cols()) {
    return Status(ErrorCode::kInvalidInput, "a replacement needs a position 1.." + std::to_string(values.rows()) +
                                                " and a control value of width " + std::to_string(values.cols()));
  }
  Mat<S> out = values;
  out.row(position) = control.transpose();
  return out;
}

}  // namespace attn
