// "letters": the six arrays of one read (query, keys, values, scores, weights, context) shown
// under the letters A to F in an order the variant's seed shuffles (Chapter 19's exercise 1);
// each field is the letter that shows that array.
#include <algorithm>

#include "core/seeded_random.h"
#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
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

Value RecordOf(const std::vector<std::string>& letters, const StepContext& c) {
  std::vector<std::pair<std::string, Value>> fields;
  for (size_t i = 0; i < kRoles.size(); ++i) fields.emplace_back(kRoles[i], Value::Choice({letters[i]}, kLetters));
  // The arrays as shown, letter by letter (the working).
  for (size_t i = 0; i < kRoles.size(); ++i)
    if (const Value* array = c.Arg(kRoles[i])) fields.emplace_back("array." + letters[i], array->Main());
  return Value::Record(std::move(fields), "query");
}

Result<Value> Apply(const StepContext& c, const Given&) {
  for (const auto& role : kRoles) ATTN_RETURN_IF_ERROR(c.Need(role).status());
  return RecordOf(LettersFor(c.seed), c);
}

template <int a, int b>
Result<WrongResult> Swapped(const StepContext& c, const Value&) {
  std::vector<std::string> letters = LettersFor(c.seed);
  std::swap(letters[a], letters[b]);
  return Wrong(RecordOf(letters, c));
}

std::string ScoresWeightsWords(const Explaining& e) {
  if (e.noun == "weights")
    return "that array holds the scores: they can be negative and need not add up to 1. The weights are their "
           "softmax.";
  return "that array holds the weights (non-negative, adding up to 1); the scores are what softmax starts from.";
}

std::string KeysValuesWords(const Explaining& e) {
  if (e.noun == "values")
    return "that array holds the keys, which the query is compared with. The values are what gets mixed into the "
           "context.";
  return "that array holds the values, which get mixed into the context. The keys are what the query is compared "
         "with.";
}

}  // namespace
}  // namespace ops

using namespace ops;

extern const Operation kLettersOperation = {
    "letters",
    "The six arrays of one read shown under the letters A to F, in an order the variant's seed shuffles; each "
    "field is the letter that shows that array.",
    {{"query", ArgSpec::Kind::kValue, true, "the query"},
     {"keys", ArgSpec::Kind::kValue, true, "the keys"},
     {"values", ArgSpec::Kind::kValue, true, "the values"},
     {"scores", ArgSpec::Kind::kValue, true, "the scores"},
     {"weights", ArgSpec::Kind::kValue, true, "the weights"},
     {"context", ArgSpec::Kind::kValue, true, "the context"}},
    {{"query", "query", false},
     {"keys", "keys", true},
     {"values", "values", true},
     {"scores", "scores", true},
     {"weights", "weights", true},
     {"context", "context", false}},
    Apply,
    {
        {"scores-as-weights", nullptr, 33, true, Swapped<3, 4>, ScoresWeightsWords},
        {"keys-as-values", nullptr, 91, true, Swapped<1, 2>, KeysValuesWords},
    },
};

}  // namespace attn
