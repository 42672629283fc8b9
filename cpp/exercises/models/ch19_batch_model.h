// Chapter 19's exercises on small batches of score rows (model "ch19.batch"): padding
// masks from source lengths, masked weights and masked mass, the softmax axis, global
// versus local windows, and entropies across lengths. With "lengths", row i is batch
// item i (one target each); without, rows are the targets of one item.
#pragma once

#include "answers/grading.h"
#include "core/attention.h"
#include "core/masks.h"
#include "exercises/exercise_inputs.h"

namespace attn {

// The exercise's score rows and mask, as both the grading and "Run this batch" read them.
struct Ch19Batch {
  Mat<double> scores;  // rows x S
  MaskSpec mask;
  bool rows_are_items = false;
  int64_t relevant = -1;  // 0-based
};

Result<Ch19Batch> Ch19BatchOf(const Json& exercise, const Json& part);

// with_mistakes = false computes only what a right answer is checked against (no known
// mistakes), for the other-part search and the variants' check.
Result<GradeRequest> Ch19BatchRequest(const Json& exercise, const Json& part, bool with_mistakes = true);
Result<Json> Ch19BatchWorking(const Json& exercise);

// The exercise's rows as batches for "Run this batch": {"cases": [{key, title, note,
// options (the batch call's), inputs {query, keys, values}, kernels, rowLabels, table,
// showEntropy, lab}]}. The same reading of the inputs as the grading (BatchOf).
Result<Json> Ch19BatchCases(const Json& exercise);

}  // namespace attn
