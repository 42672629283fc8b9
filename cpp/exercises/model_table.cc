// The one table of models: a new model is one file under exercises/models/ plus one line here.
// A chapter's core (the WebAssembly module of one chapter's exercise page, cpp/CMakeLists.txt)
// compiles this file again with ATTN_CHAPTER set, so that its table holds that chapter's
// models only and the linker drops the others.
#include <mutex>

#include "exercises/model.h"

namespace attn {

#define ATTN_CH14_MODELS(X) \
  X(kCh14ReadModel)         \
  X(kCh14CostModel)
#define ATTN_CH19_MODELS(X) \
  X(kCh19ReadModel)         \
  X(kCh19BatchModel)        \
  X(kCh19CostModel)         \
  X(kCh19ShapeModel)        \
  X(kCh19RolesModel)        \
  X(kCh19ChoiceModel)       \
  X(kCh19OpenModel)

#if !defined(ATTN_CHAPTER)
#define ATTN_MODELS(X) ATTN_CH14_MODELS(X) ATTN_CH19_MODELS(X)
#elif ATTN_CHAPTER == 14
#define ATTN_MODELS(X) ATTN_CH14_MODELS(X)
#elif ATTN_CHAPTER == 19
#define ATTN_MODELS(X) ATTN_CH19_MODELS(X)
#else
#error "ATTN_CHAPTER names a chapter without models"
#endif

#define ATTN_DECLARE_MODEL(record) extern const Model record;
ATTN_MODELS(ATTN_DECLARE_MODEL)
#undef ATTN_DECLARE_MODEL

namespace {

#define ATTN_ADDRESS_OF_MODEL(record) &record,
const Model* const kShipped[] = {ATTN_MODELS(ATTN_ADDRESS_OF_MODEL)};
#undef ATTN_ADDRESS_OF_MODEL

struct Registry {
  std::mutex mutex;
  std::vector<const Model*> added;
};

Registry& Added() {
  static Registry registry;
  return registry;
}

}  // namespace

std::vector<const Model*> Models() {
  std::vector<const Model*> out(std::begin(kShipped), std::end(kShipped));
  Registry& registry = Added();
  std::lock_guard<std::mutex> lock(registry.mutex);
  out.insert(out.end(), registry.added.begin(), registry.added.end());
  return out;
}

Result<const Model*> ModelNamed(const std::string& name) {
  for (const Model* model : Models())
    if (name == model->name) return model;
  return Status(ErrorCode::kInvalidInput, "unknown model '" + name + "'");
}

Result<const Model*> ModelFor(const Json& exercise) { return ModelNamed(StringField(exercise, "model")); }

Result<GradeRequest> RequestForPart(const Json& exercise, const Json& part, uint32_t seed, bool with_mistakes) {
  ATTN_ASSIGN_OR_RETURN(model, ModelFor(exercise));
  return model->request(exercise, part, seed, with_mistakes);
}

Result<Json> WorkingForPart(const Json& exercise, const Json& part, uint32_t seed) {
  ATTN_ASSIGN_OR_RETURN(model, ModelFor(exercise));
  return model->working(exercise, part, seed);
}

std::vector<FollowThrough> FollowThroughForPart(const Json& exercise, const Json& part,
                                                const std::vector<GivenAnswer>& given) {
  auto model = ModelFor(exercise);
  if (!model.ok() || !(*model)->follow_through || given.empty()) return {};
  return (*model)->follow_through(exercise, part, given);
}

Status RegisterModel(const Model& model) {
  if (ModelNamed(model.name).ok()) {
    return Status(ErrorCode::kInvalidInput, std::string("a model named '") + model.name + "' is already registered");
  }
  Registry& registry = Added();
  std::lock_guard<std::mutex> lock(registry.mutex);
  registry.added.push_back(&model);
  return Status();
}

}  // namespace attn
