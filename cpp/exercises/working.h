// The working the pages show: a computed exercise's steps laid out in the form of its kind
// ("working": {"kind": ...} in the exercise file). A read's working is built around one softmax
// step (the exercise's read, or the read a part belongs to), from the steps it reads and the
// steps that read it: the scores and what they compare, the weights, the context, a readout.
//
//   exact-read    Chapter 14's table: each position's state, score, exponential and weight,
//                 exact and decimal; the total, the context and the readout
//   read          a decimal read: scores, scaled scores, exponentials, weights, values; the
//                 total, the context, the entropy, the masked mass, the values' ranges
//   rows          score rows with their masks, weights and entropies
//   counts        Chapter 14's counts, each with its formula
//   cost-summary  Chapter 19's shapes and counts
//   roles         the lettered arrays
//   policies      what the core does with a row whose every source is masked
//   none          no step-by-step working
#pragma once

#include <optional>
#include <string>

#include "exercises/computed.h"

namespace attn {

// The exercise's working kind ("none" when it declares none).
std::string WorkingKind(const Json& exercise);

// The step a part's working is built around (its read); nullopt where the kind has none.
std::optional<size_t> WorkingFocus(const Computed& computed, const Json& part);

// The working of the exercise (part = {}) or of a part.
Result<Json> WorkingOf(Computed& computed, const Json& part);

}  // namespace attn
