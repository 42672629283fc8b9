// Open tasks (model "ch19.open"): a checklist the learner ticks, nothing graded.
#include "exercises/model.h"

namespace attn {

extern const Model kCh19OpenModel = {
    "ch19.open",
    "none",
    /*shows_inputs=*/false,
    [](const Json& exercise, const Json&, uint32_t, bool) -> Result<GradeRequest> {
      return Status(ErrorCode::kInvalidInput, "the exercise " + StringField(exercise, "id") + " has no graded parts");
    },
    [](const Json&, const Json&, uint32_t) -> Result<Json> { return Json::object(); },
};

}  // namespace attn
