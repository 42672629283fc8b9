// One exercise model ("ch14.read", "ch19.batch", ...) as one record: what it computes for a
// part (the grading request with its known mistakes), its working, how it draws a variant,
// and what else it offers the pages (how its working is laid out, a batch to run). Each
// model lives in its own file under exercises/models/ and is registered by one line in
// exercises/model_table.cc; nothing outside those two places names a model.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "answers/grading.h"
#include "core/seeded_random.h"
#include "exercises/exercise_inputs.h"

namespace attn {

// A learner's answer to another part of the exercise, read as that part's value: the part
// (its JSON, with its quantity and inputs) and the answer.
struct GivenAnswer {
  std::string name;
  const Json* part;
  Answer answer;
};

// A part's value recomputed from the learner's own answers to earlier parts (follow-through):
// the parts it was computed from, by name, and the value.
struct FollowThrough {
  std::vector<std::string> from;
  Quantity value;
};

struct Model {
  const char* name;
  // How the pages lay out the working (a renderer's name, shared by models whose working
  // has the same form): "exact-read", "read", "rows", "counts", "cost-summary", "roles", "policies", "none".
  const char* working_kind;
  // Whether the page shows the exercise's inputs as a block above the parts.
  bool shows_inputs;
  // The expected quantity for one part and, with with_mistakes, the known mistakes, each
  // from a {method, tag, explanation} table in the model's file; the exercise's inputs are
  // read from the JSON once per request.
  Result<GradeRequest> (*request)(const Json& exercise, const Json& part, uint32_t seed, bool with_mistakes);
  // The working of the exercise (part = {}) or of a part that changes the inputs.
  Result<Json> (*working)(const Json& exercise, const Json& part, uint32_t seed);
  // Draws fresh inputs into the exercise; nullptr: the model has no numeric variants (a
  // seed may still reorder letters).
  Status (*draw_variant)(Json& exercise, SeededRandom& random) = nullptr;
  // The exercise as batches for "Run this batch" (the form is Ch19BatchCases's, in
  // models/ch19_batch_model.h), or null when this exercise has none; nullptr: never any.
  Result<Json> (*batch_cases)(const Json& exercise) = nullptr;
  // Follow-through: which parts this part is computed from, and how. For each way the part
  // follows from the learner's answers to other parts (`given`), its value recomputed with
  // those answers in place of what the core computes; empty where it follows from none of
  // them (a part follows from another only where that part's right answer is what this
  // part's computation takes in). nullptr: no part of this model follows from another.
  std::vector<FollowThrough> (*follow_through)(const Json& exercise, const Json& part,
                                               const std::vector<GivenAnswer>& given) = nullptr;
};

// The model an exercise names, or an error that says the name is unknown.
Result<const Model*> ModelFor(const Json& exercise);
Result<const Model*> ModelNamed(const std::string& name);

// The request and the working through the exercise's model.
Result<GradeRequest> RequestForPart(const Json& exercise, const Json& part, uint32_t seed, bool with_mistakes = true);
Result<Json> WorkingForPart(const Json& exercise, const Json& part, uint32_t seed);

// The ways a part follows from the learner's answers to other parts, through its model.
std::vector<FollowThrough> FollowThroughForPart(const Json& exercise, const Json& part,
                                                const std::vector<GivenAnswer>& given);

// Every registered model, shipped ones first.
std::vector<const Model*> Models();

// Adds a model at run time (tests register a demonstration model this way); a name that is
// already registered is refused.
Status RegisterModel(const Model& model);

}  // namespace attn
