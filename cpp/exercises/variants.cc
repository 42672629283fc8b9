// Variants: the model's generator, redrawn until the check below passes.
#include "exercises/variants.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "exercises/model.h"
#include "exercises/texts.h"

namespace attn {

Status CheckWellPosed(const Json& exercise) {
  if (!exercise.contains("parts") || !exercise["parts"].is_array()) return Status();
  for (const auto& part : exercise["parts"]) {
    std::string name = StringField(part, "name");
    auto request = RequestForPart(exercise, part, 0, /*with_mistakes=*/false);
    if (!request.ok()) return Status(ErrorCode::kInvalidInput, name + ": " + request.status().message());
    const Quantity& q = request->expected;
    std::string quantity = StringField(part, "quantity");
    bool asks_largest = quantity.find("largest") != std::string::npos;
    // Chapter 14's exercise 4 ties on purpose (key and full stop); variants must not.
    if (asks_largest && q.positions.size() > 1)
      return Status(ErrorCode::kInvalidInput, name + ": a tie for the largest");
    std::function<bool(const Quantity&)> finite = [&](const Quantity& x) {
      if (x.kind == Quantity::Kind::kList) return std::all_of(x.items.begin(), x.items.end(), finite);
      return x.kind != Quantity::Kind::kNumber || x.exact || std::isfinite(x.approx);
    };
    if (!finite(q)) return Status(ErrorCode::kInvalidInput, name + ": a value is not finite");
  }
  return CheckPremises(exercise);
}

Status CheckPremises(const Json& exercise) {
  if (!exercise.contains("premises") || !exercise["premises"].is_array()) return Status();
  for (const auto& premise : exercise["premises"]) {
    const std::string says = StringField(premise, "says");
    auto holds = ConditionHolds(premise, exercise);
    if (!holds.ok()) return Status(ErrorCode::kInvalidInput, "the premise '" + says + "': " + holds.status().message());
    if (!*holds) return Status(ErrorCode::kInvalidInput, "the premise '" + says + "' does not hold");
  }
  return Status();
}

bool HasVariants(const Json& exercise) {
  auto model = ModelFor(exercise);
  return model.ok() && (*model)->draw_variant != nullptr;
}

Result<Json> VariantOf(const Json& exercise, uint32_t seed) {
  if (seed == 0) return exercise;
  // The generators write into the inputs: they must be an object of texts.
  if (exercise.contains("inputs")) {
    if (!exercise["inputs"].is_object())
      return Status(ErrorCode::kInvalidInput, "the exercise's inputs are not an object");
    for (const auto& [key, value] : exercise["inputs"].items()) {
      if (!value.is_string() && !value.is_object() && !value.is_array()) {
        return Status(ErrorCode::kInvalidInput, "the input '" + key + "' must be written as text");
      }
    }
  }
  ATTN_ASSIGN_OR_RETURN(model, ModelFor(exercise));
  if (!model->draw_variant) return exercise;  // roles, choices and open tasks: the seed only reorders letters
  Status last;
  // 256 draws: a premise that holds for one draw in ten (Exercise 14.4's counterexample)
  // still fails to be drawn less than once in 10^12 seeds.
  for (uint64_t attempt = 0; attempt < 256; ++attempt) {
    Json variant = exercise;
    SeededRandom random(seed, attempt);
    ATTN_RETURN_IF_ERROR(model->draw_variant(variant, random));
    last = CheckWellPosed(variant);
    if (last.ok()) {
      variant["seed"] = seed;
      return variant;
    }
  }
  return Status(ErrorCode::kInvalidInput,
                "no well-posed variant for seed " + std::to_string(seed) + ": " + last.message());
}

}  // namespace attn
