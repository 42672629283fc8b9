// What the core does with a row whose every source is masked, shown as the working of the
// masked-row policy exercise (operations/policy.cc).
#pragma once

#include <nlohmann/json.hpp>

#include "exercises/value.h"

namespace attn {

// {"single": {"error": the single read's message}, "batched": {"rows": [{length, weights,
// flagged}], "emptyRows"} or {"error"}} for rows of these lengths and S sources.
Result<nlohmann::json> MaskedRowPolicyWorking(const Value& lengths, const Value& S);

}  // namespace attn
