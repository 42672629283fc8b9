// The one table of the core's operations: a new operation is one file under
// exercises/operations/ plus one line here. The order is the order docs/authoring.md lists them.
// A chapter's core (the WebAssembly module of one chapter's exercise pages, cpp/CMakeLists.txt)
// compiles this file again with ATTN_CHAPTER set, so that its table holds the operations that
// chapter's exercises use and the linker drops the others.
#include "exercises/operation.h"

namespace attn {

#define ATTN_ALL_OPERATIONS(X)            \
  X(kEncodeOperation)                     \
  X(kRemoveStateOperation)                \
  X(kScoresOperation)                     \
  X(kShiftOperation)                      \
  X(kSoftmaxOperation)                    \
  X(kNaiveSoftmaxOperation)               \
  X(kContextOperation)                    \
  X(kReplaceValueOperation)               \
  X(kReadoutOperation)                    \
  X(kDifferenceOperation)                 \
  X(kEntropyOperation)                    \
  X(kSumOperation)                        \
  X(kMaskedMassOperation)                 \
  X(kLargestOperation)                    \
  X(kLargestRemovalEffectOperation)       \
  X(kEntryOperation)                      \
  X(kPositionsOfOperation)                \
  X(kNormalisedAxisOperation)             \
  X(kPaddingMaskOperation)                \
  X(kWindowMaskOperation)                 \
  X(kCausalMaskOperation)                 \
  X(kZerosLikeOperation)                  \
  X(kRangesOperation)                     \
  X(kInsideRangesOperation)               \
  X(kAffineWeightsOperation)              \
  X(kInHullOperation)                     \
  X(kScoreShapeOperation)                 \
  X(kContextShapeOperation)               \
  X(kShapeOfOperation)                    \
  X(kCountOperation)                      \
  X(kBytesOperation)                      \
  X(kStateNumbersOperation)               \
  X(kDotProductsOperation)                \
  X(kMultiplicationsPerDotOperation)      \
  X(kAdditionsPerDotOperation)            \
  X(kAttentionMultiplicationsOperation)   \
  X(kScoreMultiplicationsOperation)       \
  X(kWeightedSumMultiplicationsOperation) \
  X(kLettersOperation)                    \
  X(kMaskedRowPolicyOperation)

#define ATTN_CH14_OPERATIONS(X)      \
  X(kEncodeOperation)                \
  X(kRemoveStateOperation)           \
  X(kScoresOperation)                \
  X(kSoftmaxOperation)               \
  X(kContextOperation)               \
  X(kReadoutOperation)               \
  X(kLargestOperation)               \
  X(kLargestRemovalEffectOperation)  \
  X(kBytesOperation)                 \
  X(kStateNumbersOperation)          \
  X(kDotProductsOperation)           \
  X(kMultiplicationsPerDotOperation) \
  X(kAdditionsPerDotOperation)

#define ATTN_CH19_OPERATIONS(X)         \
  X(kScoresOperation)                   \
  X(kShiftOperation)                    \
  X(kSoftmaxOperation)                  \
  X(kNaiveSoftmaxOperation)             \
  X(kContextOperation)                  \
  X(kReplaceValueOperation)             \
  X(kReadoutOperation)                  \
  X(kDifferenceOperation)               \
  X(kEntropyOperation)                  \
  X(kSumOperation)                      \
  X(kMaskedMassOperation)               \
  X(kLargestOperation)                  \
  X(kEntryOperation)                    \
  X(kPositionsOfOperation)              \
  X(kNormalisedAxisOperation)           \
  X(kPaddingMaskOperation)              \
  X(kWindowMaskOperation)               \
  X(kZerosLikeOperation)                \
  X(kRangesOperation)                   \
  X(kInsideRangesOperation)             \
  X(kAffineWeightsOperation)            \
  X(kInHullOperation)                   \
  X(kScoreShapeOperation)               \
  X(kContextShapeOperation)             \
  X(kShapeOfOperation)                  \
  X(kCountOperation)                    \
  X(kBytesOperation)                    \
  X(kAttentionMultiplicationsOperation) \
  X(kLettersOperation)                  \
  X(kMaskedRowPolicyOperation)

#if !defined(ATTN_CHAPTER)
#define ATTN_OPERATIONS(X) ATTN_ALL_OPERATIONS(X)
#elif ATTN_CHAPTER == 14
#define ATTN_OPERATIONS(X) ATTN_CH14_OPERATIONS(X)
#elif ATTN_CHAPTER == 19
#define ATTN_OPERATIONS(X) ATTN_CH19_OPERATIONS(X)
#else
#error "ATTN_CHAPTER names a chapter without operations"
#endif

#define ATTN_DECLARE_OPERATION(record) extern const Operation record;
ATTN_OPERATIONS(ATTN_DECLARE_OPERATION)
#undef ATTN_DECLARE_OPERATION

const std::vector<const Operation*>& Operations() {
#define ATTN_ADDRESS_OF_OPERATION(record) &record,
  static const std::vector<const Operation*> table = {ATTN_OPERATIONS(ATTN_ADDRESS_OF_OPERATION)};
#undef ATTN_ADDRESS_OF_OPERATION
  return table;
}

}  // namespace attn
