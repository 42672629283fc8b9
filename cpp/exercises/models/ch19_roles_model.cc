// The roles exercise (model "ch19.roles"): the six arrays of one read shown under letters
// whose order the seed shuffles, and the role each letter plays.
#include <algorithm>

#include "core/seeded_random.h"
#include "exercises/model.h"
#include "exercises/models/ch19_read_model.h"

namespace attn {
namespace {

const std::vector<std::string> kRoles = {"query", "keys", "values", "scores", "weights", "context"};
const std::vector<std::string> kLetters = {"A", "B", "C", "D", "E", "F"};

// letters[i] is the letter that shows role i.
std::vector<std::string> LettersFor(uint64_t seed) {
  std::vector<size_t> order = {0, 1, 2, 3, 4, 5};
  SeededRandom random(seed, /*stream=*/19);
  for (size_t i = order.size() - 1; i > 0; --i)
    std::swap(order[i], order[static_cast<size_t>(random.Integer(0, static_cast<int64_t>(i)))]);
  std::vector<std::string> letters(6);
  for (size_t i = 0; i < 6; ++i) letters[order[i]] = kLetters[i];
  return letters;
}

Result<GradeRequest> RolesRequest(const Json& /*exercise*/, const Json& part, uint64_t seed) {
  std::string q = StringField(part, "quantity");
  auto it = std::find(kRoles.begin(), kRoles.end(), q);
  if (it == kRoles.end()) return Status(ErrorCode::kInvalidInput, "the model ch19.roles has no role '" + q + "'");
  std::vector<std::string> letters = LettersFor(seed);
  GradeRequest request;
  request.position_labels = kLetters;
  request.expected = Quantity::Position({letters[static_cast<size_t>(it - kRoles.begin())]});
  auto confuse = [&](const std::string& right, const std::string& wrong, const char* tag, const char* why) {
    if (q == right)
      request.misconceptions.push_back(Misconception::Position(
          tag,
          Quantity::Position(
              {letters[static_cast<size_t>(std::find(kRoles.begin(), kRoles.end(), wrong) - kRoles.begin())]}),
          why));
  };
  confuse("weights", "scores", "scores-as-weights",
          "that array holds the scores: they can be negative and need not add up to 1. The weights are their softmax.");
  confuse("scores", "weights", "scores-as-weights",
          "that array holds the weights (non-negative, adding up to 1); the scores are what softmax starts from.");
  confuse(
      "values", "keys", "keys-as-values",
      "that array holds the keys, which the query is compared with. The values are what gets mixed into the context.");
  confuse(
      "keys", "values", "keys-as-values",
      "that array holds the values, which get mixed into the context. The keys are what the query is compared with.");
  return request;
}

Result<Json> RolesWorking(const Json& exercise, uint64_t seed) {
  ATTN_ASSIGN_OR_RETURN(in, Ch19ReadInputsOf(exercise, Json::object()));
  ATTN_ASSIGN_OR_RETURN(read, Ch19ReadOf(in, Ch19Method::kCorrect));
  if (!in.query || !in.keys) return Status(ErrorCode::kInvalidInput, "the roles exercise needs a query and keys");
  const Vec<double>& query = *in.query;
  const Mat<double>& keys = *in.keys;
  auto vec = [](const Vec<double>& v) {
    Json out = Json::array();
    for (Eigen::Index i = 0; i < v.size(); ++i) out.push_back(v(i));
    return out;
  };
  auto mat = [&](const Mat<double>& m) {
    Json out = Json::array();
    for (Eigen::Index i = 0; i < m.rows(); ++i) out.push_back(vec(m.row(i).transpose()));
    return out;
  };
  std::vector<Json> arrays = {vec(query),       mat(keys),         mat(read.values),
                              vec(read.scores), vec(read.weights), vec(read.context)};
  std::vector<std::string> letters = LettersFor(seed);
  Json shown = Json::array();
  for (const auto& letter : kLetters) {
    for (size_t role = 0; role < kRoles.size(); ++role)
      if (letters[role] == letter) shown.push_back({{"letter", letter}, {"array", arrays[role]}});
  }
  return Json{{"arrays", shown}};
}

}  // namespace

extern const Model kCh19RolesModel = {
    "ch19.roles",
    "roles",
    /*shows_inputs=*/false,
    [](const Json& exercise, const Json& part, uint32_t seed, bool) { return RolesRequest(exercise, part, seed); },
    [](const Json& exercise, const Json&, uint32_t seed) { return RolesWorking(exercise, seed); },
};

}  // namespace attn
