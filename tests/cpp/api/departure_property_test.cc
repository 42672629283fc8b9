// Where a wrong answer departs from the part's step (answers/judge_departure.cc), as a property over
// 1,000 seeds of every exercise: answers that no named mistake explains (another step's value,
// two entries swapped, weights scaled so that they do not add up to 1, a list one entry short)
// are graded, and every sentence the verdict says about them is checked against the numbers:
// a step named is one whose value the answer grades correct against; a swap named is one that
// makes it correct; a sum stated is the sum of the learner's own numbers, and it is not 1 at
// the places typed; a count stated is the answer's own. Under a policy that hides values only
// the sum and the count are ever said. The solution of every part ends in the part's value.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "answers/answer_parser.h"
#include "api/api.h"
#include "api/solution_ending.h"
#include "api/worked_solution.h"
#include "exercises/computed.h"
#include "exercises/exercise_files.h"
#include "exercises/variant_drawing.h"
#include "property_seeds.h"

namespace attn {
namespace {

using Json = nlohmann::json;

std::string Rounded(double x, int figures) {
  if (!std::isfinite(x)) return "nan";
  if (std::fabs(x) < 1e-12) return "0";
  int places = std::max(0, figures - 1 - static_cast<int>(std::floor(std::log10(std::fabs(x)))));
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", places, x);
  return buffer;
}

// A quantity as a learner writes it: 4 significant figures, each entry scaled by `scale`.
std::string Written(const Quantity& q, double scale = 1) {
  if (q.kind == Quantity::Kind::kList) {
    std::string out = "[";
    for (size_t i = 0; i < q.items.size(); ++i) out += (i ? ", " : "") + Written(q.items[i], scale);
    return out + "]";
  }
  if (scale == 1 && q.exact && q.exact->constant() && q.exact->constant()->is_integer()) return q.exact->to_string();
  return Rounded(q.approx * scale, 4);
}

bool GradesAs(const std::string& answer, GradeRequest request, const Quantity& value) {
  request.expected = value;
  request.misconceptions.clear();
  request.accepted_rule.clear();
  request.reveal_values = true;
  return Grade(answer, request).kind == Verdict::Kind::kCorrect;
}

struct Counts {
  std::map<std::string, size_t> kinds;
  size_t graded = 0;
};

// Checks one verdict's departure against the numbers.
void CheckDeparture(Computed& c, const Json& part, const GradeRequest& request, const std::string& answer,
                    const Json& v, bool reveal, const std::string& where, Counts& counts) {
  ++counts.graded;
  const Json& d = v["departure"];
  if (d.is_null()) return;
  const std::string kind = d["kind"];
  const std::string sentence = d["sentence"];
  ++counts.kinds[kind + (reveal ? "" : " (values hidden)")];
  SCOPED_TRACE(where + ": " + answer + " -> " + v.dump());
  EXPECT_TRUE(v["misconception"].is_null());
  if (kind != "length") EXPECT_NE(std::string(v["feedback"]).find(sentence), std::string::npos);
  if (kind == "other-step" || kind == "swapped") EXPECT_TRUE(reveal) << "a hidden value told";
  if (kind == "other-step") {
    const std::string step = d["step"];
    bool found = false;
    for (size_t i = 0; i < c.computation().steps().size(); ++i) {
      if (c.computation().steps()[i].name != step) continue;
      const Value& whole = c.values()[i];
      std::vector<std::string> fields =
          whole.kind == Value::Kind::kRecord ? whole.field_names : std::vector<std::string>{""};
      for (const auto& field : fields) {
        auto selected = Computation::Select(c.values(), StepRef{i, field});
        if (selected.ok() && selected->kind == Value::Kind::kNumbers &&
            GradesAs(answer, request, selected->ToQuantity()))
          found = true;
      }
    }
    if (const Value* input = c.computation().Input(step); input && input->kind == Value::Kind::kNumbers)
      found = found || GradesAs(answer, request, input->ToQuantity());
    EXPECT_TRUE(found) << "the answer is not the value of step " << step;
    EXPECT_FALSE(GradesAs(answer, request, request.expected));
  } else if (kind == "swapped") {
    std::smatch m;
    ASSERT_TRUE(std::regex_search(sentence, m, std::regex("(entries|rows) (\\d+) and (\\d+) are swapped")));
    size_t i = std::stoul(m[2]) - 1, j = std::stoul(m[3]) - 1;
    ASSERT_LT(j, request.expected.items.size());
    Quantity swapped = request.expected;
    std::swap(swapped.items[i], swapped.items[j]);
    EXPECT_TRUE(GradesAs(answer, request, swapped));
    EXPECT_FALSE(GradesAs(answer, request, request.expected));
  } else if (kind == "sum") {
    std::smatch m;
    ASSERT_TRUE(std::regex_search(sentence, m,
                                  std::regex("(?:Row (\\d+) of your \\w+ adds|Your \\w+ add) up to "
                                             "([-0-9./]+), not 1")));
    auto read = ParseAnswer(answer, request.parse);
    ASSERT_TRUE(read.ok());
    const Answer* row = &*read;
    if (m[1].matched) row = &read->items.at(std::stoul(m[1]) - 1);
    long double sum = 0, slack = 0;
    for (const Answer& a : row->items) {
      sum += a.value.to_long_double().value_or(NAN);
      slack += a.unit / 2;
    }
    const std::string said = m[2];
    long double stated = 0;
    if (said.find('/') != std::string::npos) {
      stated = std::stold(said.substr(0, said.find('/'))) / std::stold(said.substr(said.find('/') + 1));
    } else {
      stated = std::stold(said);
    }
    EXPECT_NEAR(static_cast<double>(stated), static_cast<double>(sum), 1e-9) << "the sum stated is not the answer's";
    EXPECT_GT(std::fabs(static_cast<double>(sum - 1)), static_cast<double>(slack)) << "rounding could make it 1";
  } else if (kind == "length") {
    std::smatch m;
    ASSERT_TRUE(std::regex_search(sentence, m, std::regex("Your list has (\\d+) \\w+; this part asks for (\\d+)")));
    auto read = ParseAnswer(answer, request.parse);
    ASSERT_TRUE(read.ok());
    EXPECT_EQ(std::stoul(m[1]), read->items.size());
    EXPECT_EQ(std::stoul(m[2]), request.expected.items.size());
  } else {
    ADD_FAILURE() << "unknown departure " << kind;
  }
}

// The answers tried for a part: other steps' values, a swap, scaled weights, a short list.
std::vector<std::string> Candidates(Computed& c, const Quantity& expected, uint32_t seed) {
  std::vector<std::string> out;
  const auto& steps = c.computation().steps();
  // Two other steps' values a seed (every one over the seeds).
  size_t k = 0;
  for (size_t i = 0; i < steps.size(); ++i) {
    const Value& whole = c.values()[i];
    std::vector<std::string> fields =
        whole.kind == Value::Kind::kRecord ? whole.field_names : std::vector<std::string>{""};
    for (const auto& field : fields) {
      auto selected = Computation::Select(c.values(), StepRef{i, field});
      if (!selected.ok() || selected->kind != Value::Kind::kNumbers) continue;
      if ((k++ + seed) % 4 < 2) out.push_back(Written(selected->ToQuantity()));
    }
  }
  for (const auto& [name, given] : c.computation().inputs())
    if (given.kind == Value::Kind::kNumbers && seed % 2 == 0) out.push_back(Written(given.ToQuantity()));
  if (expected.kind == Quantity::Kind::kList && expected.items.size() >= 2) {
    Quantity swapped = expected;
    size_t i = seed % expected.items.size(), j = (i + 1) % expected.items.size();
    std::swap(swapped.items[i], swapped.items[j]);
    out.push_back(Written(swapped));
    out.push_back(Written(expected, 1.1));
    out.push_back(Written(expected, 0.9));
    Quantity shorter = expected;
    shorter.items.pop_back();
    out.push_back(Written(shorter));
  }
  return out;
}

TEST(DepartureProperty, EverySentenceIsTrueOfTheNumbers) {
  Counts counts;
  for (const auto& [id, text] : Exercises()) {
    Json exercise = Json::parse(text);
    const uint32_t seeds = HasDraws(exercise) ? PropertySeeds(1001) : 1;
    for (uint32_t seed = 0; seed < seeds; ++seed) {
      auto computed = Computed::Of(exercise, seed);
      ASSERT_TRUE(computed.ok()) << id << " " << seed;
      Computed& c = computed.value();
      for (const auto& part : c.exercise().value("parts", Json::array())) {
        auto request = c.Request(part, /*with_mistakes=*/false);
        if (!request.ok() || request->expected.kind == Quantity::Kind::kPosition) continue;
        const std::string name = part["name"];
        for (const std::string& answer : Candidates(c, request->expected, seed)) {
          for (bool reveal : {true, false}) {
            Json v = Json::parse(GradeAnswerIn(text, name, answer, seed, reveal ? "" : "{\"revealValues\": false}"));
            if (v.contains("error")) continue;
            CheckDeparture(c, part, *request, answer, v, reveal, id + " seed " + std::to_string(seed) + " part " + name,
                           counts);
          }
        }
        // The worked solution ends in the part's value.
        auto solution = SolutionOf(c, part);
        ASSERT_TRUE(solution.ok()) << id << " " << name;
        ASSERT_FALSE(solution->empty());
        const std::string last = solution->back().get<std::string>();
        if (request->expected.kind != Quantity::Kind::kPosition)
          EXPECT_EQ(LineEnd(last, request->expected), request->expected.Text(/*fixed_places=*/true))
              << id << " seed " << seed << " " << name << ": " << last;
      }
    }
  }
  for (const auto& [kind, n] : counts.kinds) std::printf("%s: %zu\n", kind.c_str(), n);
  std::printf("%zu answers graded\n", counts.graded);
  // The property is about something: each kind of sentence is said, over many variants.
  EXPECT_GT(counts.kinds["other-step"], PropertySeeds(1000));
  EXPECT_GT(counts.kinds["swapped"], PropertySeeds(1000));
  EXPECT_GT(counts.kinds["sum"], PropertySeeds(1000));
  EXPECT_GT(counts.kinds["sum (values hidden)"], PropertySeeds(1000));
  EXPECT_EQ(counts.kinds.count("other-step (values hidden)"), 0u);
  EXPECT_EQ(counts.kinds.count("swapped (values hidden)"), 0u);
}

}  // namespace
}  // namespace attn
