// The core's operations as an author reads them: what each computes, its arguments, the fields
// a part or a later step may name, and the mistakes it carries (docs/authoring.md's table is
// written from this, by tools/operations-table.mjs).
#include <string>

#include "api/api.h"
#include "exercises/exercise_inputs.h"
#include "exercises/operation.h"

namespace attn {

std::string DescribeOperations() {
  Json out = Json::array();
  for (const Operation* op : Operations()) {
    Json args = Json::array();
    for (const ArgSpec& a : op->args)
      args.push_back({{"name", a.name},
                      {"required", a.required},
                      {"word", a.kind == ArgSpec::Kind::kWord},
                      {"about", a.about ? a.about : ""}});
    Json fields = Json::array();
    for (const FieldSpec& f : op->fields)
      if (f.name && *f.name) fields.push_back({{"name", f.name}, {"noun", f.noun}});
    Json mistakes = Json::array();
    for (const WrongVersion& w : op->wrong) mistakes.push_back(w.id);
    out.push_back({{"name", op->name},
                   {"summary", op->summary ? op->summary : ""},
                   {"args", args},
                   {"fields", fields},
                   {"mistakes", mistakes}});
  }
  return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace attn
