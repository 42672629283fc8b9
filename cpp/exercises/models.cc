// Dispatch from an exercise's "model" to the code that computes its parts.
#include "exercises/models.h"

#include "exercises/models/ch14_cost_model.h"
#include "exercises/models/ch14_read_model.h"
#include "exercises/models/ch19_batch_model.h"
#include "exercises/models/ch19_choice_model.h"
#include "exercises/models/ch19_cost_model.h"
#include "exercises/models/ch19_read_model.h"

namespace attn {

Result<GradeRequest> RequestForPart(const Json& exercise, const Json& part, uint32_t seed, bool with_mistakes) {
  std::string model = StringField(exercise, "model");
  if (model == "ch14.read") return Ch14ReadRequest(exercise, part, with_mistakes);
  if (model == "ch14.cost") return Ch14CostRequest(exercise, part);
  if (model == "ch19.read") return Ch19ReadRequest(exercise, part, with_mistakes);
  if (model == "ch19.batch") return Ch19BatchRequest(exercise, part, with_mistakes);
  if (model == "ch19.cost") return Ch19CostRequest(exercise, part);
  if (model == "ch19.roles") return Ch19RolesRequest(exercise, part, seed);
  if (model == "ch19.choice") return Ch19ChoiceRequest(exercise, part);
  return Status(ErrorCode::kInvalidInput, "unknown model '" + model + "'");
}

Result<Json> WorkingForPart(const Json& exercise, const Json& part, uint32_t seed) {
  std::string model = StringField(exercise, "model");
  if (model == "ch14.read") return Ch14ReadWorking(exercise, part);
  if (model == "ch14.cost") return Ch14CostWorking(exercise);
  if (model == "ch19.read") return Ch19ReadWorking(exercise, part);
  if (model == "ch19.batch") return Ch19BatchWorking(exercise);
  if (model == "ch19.cost") return Ch19CostWorking(exercise);
  if (model == "ch19.roles") return Ch19RolesWorking(exercise, seed);
  if (model == "ch19.choice") return Ch19ChoiceWorking(exercise);
  if (model == "ch19.open") return Json::object();
  return Status(ErrorCode::kInvalidInput, "unknown model '" + model + "'");
}

}  // namespace attn
