// What the softmax operation's files share (softmax.cc computes it; softmax_mistakes.cc holds the
// wrong versions written for it): the step's inputs and the ways the computation can be done.
#pragma once

#include <vector>

#include "exercises/operations/kit.h"

namespace attn::ops::softmax {

// What the step reads: scores as rows, the rows' eligibility, the temperature, and the role
// of whatever excludes positions.
struct Inputs {
  const Value* scores = nullptr;
  const Value* mask = nullptr;
  int rank = 1;
  Eigen::Index rows = 0, cols = 0;
  std::vector<std::vector<bool>> eligible;  // rows x cols
  bool any_excluded = false;
  MaskRole role = MaskRole::kNone;
  const Value* temperature = nullptr;
};

Result<Inputs> InputsOf(const StepContext& c);

bool RowEmpty(const std::vector<bool>& row);

// How the computation is done: the right way, or one of the wrong ways below.
enum class Way {
  kRight,
  kDividedByCount,
  kZeroScoreZeroWeight,
  kZeroScoreOutOfTotal,
  kDividedByOriginalCount,
  kScoresNormalised,
  kScoresAsWeights,
  kExponentialsAsWeights,
  kShiftedNotNormalised,
  kBase2,
  kTemperatureMultiplied,
  kTemperatureIgnored,
  kMaskIgnored,
  kMaskAfterSoftmax,
  kMaskedScoreZero,
  kMaskTiny,
  kWrongAxis,
  kWrongAxisMasked,
  kAllEntries,
  kLogSoftmax,
};

// The softmax of the step's rows done `way`, with `given` fields taken as they are.
Result<Value> Run(const StepContext& c, Way way, const Given& given);

// The wrong versions written for the softmax (softmax_mistakes.cc).
std::vector<WrongVersion> WrongVersions();

}  // namespace attn::ops::softmax
