// The worked solutions (api/worked_solution.cc, api/working_*.cc), as a property over seeds
// 0-1,000 of every shipped exercise: each line that substitutes numbers into a formula is read
// back and recomputed here from the numbers it writes (a small evaluator of +, −, ×, /, exp and
// a = ln 2, independent of the step that wrote it), and every expression on it must agree; the
// last line is the part's value; no line holds inf or NaN (save a last line whose value is not
// finite), and where a position is removed no line writes it as a score or an exponential. Every
// decimal is at one precision: six places, or fewer where the number is that decimal itself
// (0.480, 0.5625), never a rounded one with its last zero dropped (0.12987 for 0.129870). A count's
// working names the sizes it multiplies.
#include "api/worked_solution.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "api/solution_ending.h"
#include "exercises/computed.h"
#include "exercises/exercise_files.h"
#include "exercises/variant_drawing.h"
#include "property_seeds.h"

namespace attn {
namespace {

using Json = nlohmann::json;

// Reads an expression of the working back: numbers, a (= ln 2), exp(...), brackets, + − × / ^,
// and a number before a or a bracket multiplying it ("3a/2").
class Evaluator {
 public:
  explicit Evaluator(std::string text) {
    // One byte a sign: the minus sign and the times sign as ASCII.
    for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{{"\u2212", "-"}, {"\u00d7", "*"}})
      for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at))
        text.replace(at, from.size(), to);
    for (char ch : text)
      if (ch != ' ') s_ += ch;
  }
  std::optional<double> Value() {
    auto v = Sum();
    if (!v || at_ != s_.size()) return std::nullopt;
    return v;
  }

 private:
  std::optional<double> Sum() {
    auto v = Product();
    while (v && at_ < s_.size() && (s_[at_] == '+' || s_[at_] == '-')) {
      const char op = s_[at_++];
      auto w = Product();
      if (!w) return std::nullopt;
      v = op == '+' ? *v + *w : *v - *w;
    }
    return v;
  }
  std::optional<double> Product() {
    auto v = Power();
    while (v && at_ < s_.size()) {
      const char op = s_[at_];
      const bool implicit = op == 'a' || op == '(' || op == 'e';
      if (op != '*' && op != '/' && !implicit) break;
      if (!implicit) ++at_;
      auto w = Power();
      if (!w) return std::nullopt;
      v = op == '/' ? *v / *w : *v * *w;
    }
    return v;
  }
  std::optional<double> Power() {
    auto v = Unit();
    if (v && at_ < s_.size() && s_[at_] == '^') {
      ++at_;
      auto p = Unit();
      if (!p) return std::nullopt;
      v = std::pow(*v, *p);
    }
    return v;
  }
  std::optional<double> Unit() {
    if (at_ >= s_.size()) return std::nullopt;
    if (s_[at_] == '-') {
      ++at_;
      auto v = Power();
      return v ? std::optional<double>(-*v) : std::nullopt;
    }
    if (s_.compare(at_, 4, "exp(") == 0) {
      at_ += 3;
      auto v = Unit();
      return v ? std::optional<double>(std::exp(*v)) : std::nullopt;
    }
    if (s_[at_] == '(') {
      ++at_;
      auto v = Sum();
      if (!v || at_ >= s_.size() || s_[at_] != ')') return std::nullopt;
      ++at_;
      return v;
    }
    if (s_[at_] == 'a') {
      ++at_;
      return std::log(2.0);
    }
    size_t end = at_;
    while (end < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[end])) || s_[end] == '.')) ++end;
    if (end == at_) return std::nullopt;
    // A tiny number in powers of ten: 1.60e-08.
    if (end + 2 < s_.size() && s_[end] == 'e' && (s_[end + 1] == '-' || s_[end + 1] == '+')) {
      end += 2;
      while (end < s_.size() && std::isdigit(static_cast<unsigned char>(s_[end]))) ++end;
    }
    const double v = std::stod(s_.substr(at_, end - at_));
    at_ = end;
    return v;
  }
  std::string s_;
  size_t at_ = 0;
};

// The line without its typeset notation ($...$).
std::string WithoutNotation(const std::string& line) { return std::regex_replace(line, std::regex("\\$[^$]*\\$"), ""); }

// The expressions a line of working sets equal ("… = 0.8 × 0.2 + … = 0.27"), or none where it
// is not such a line (a formula, a result, a sentence).
std::vector<std::string> Sides(const std::string& line) {
  const std::string plain = WithoutNotation(line);
  std::vector<std::string> sides;
  size_t from = 0;
  for (size_t at = plain.find(" = "); at != std::string::npos; at = plain.find(" = ", from)) {
    sides.push_back(plain.substr(from, at - from));
    from = at + 3;
  }
  sides.push_back(plain.substr(from));
  if (sides.size() < 3) return {};
  sides.erase(sides.begin());  // what is computed, in words
  std::vector<std::string> out;
  for (const std::string& side : sides)
    if (side.find_first_not_of(' ') != std::string::npos) out.push_back(side);
  return out.size() >= 2 ? out : std::vector<std::string>{};
}

// How many score steps of a part's chain (before its own) have a removed position.
size_t RemovedScores(const Computed& c, size_t part_step) {
  size_t n = 0;
  for (size_t i = 0; i < part_step; ++i) {
    if (!c.computation().DependsOn(part_step, i)) continue;
    const Value& v = c.values()[i];
    if (std::string(c.computation().steps()[i].op->name) == "scores" && v.role == MaskRole::kRemoval &&
        !v.eligible.empty())
      ++n;
  }
  return n;
}

// The decimals of a line (digits '.' digits, not in powers of ten) written at five places: a rounded
// number with its last zero dropped.
std::vector<std::string> MixedPrecision(const std::string& line) {
  std::vector<std::string> out;
  const std::regex decimal("(\\d+)\\.(\\d+)(?![\\de])");
  for (auto it = std::sregex_iterator(line.begin(), line.end(), decimal); it != std::sregex_iterator(); ++it) {
    const std::string places = (*it)[2];
    if (places.size() == 5 || places.size() > 6) out.push_back(it->str());
  }
  return out;
}

TEST(WorkedSolution, EveryLineRecomputesAndEndsInTheValue) {
  size_t named_counts = 0;                   // counts whose working names its sizes ($B \times H \times …$)
  std::map<std::string, size_t> recomputed;  // lines read back, by the operation of the part's exercise step
  size_t solutions = 0;
  for (const auto& [id, text] : Exercises()) {
    Json exercise = Json::parse(text);
    // Every part at the first seeds; past them every fifth seed (the machine is shared).
    const uint32_t seeds = HasDraws(exercise) ? PropertySeeds(1001) : 1;
    for (uint32_t seed = 0; seed < seeds; seed += seed < 50 ? 1 : 5) {
      auto computed = Computed::Of(exercise, seed);
      ASSERT_TRUE(computed.ok()) << id << " " << seed;
      Computed& c = computed.value();
      for (const auto& part : c.exercise().value("parts", Json::array())) {
        if (!part.contains("step")) continue;
        auto request = c.Request(part, /*with_mistakes=*/false);
        if (!request.ok()) continue;
        auto solution = SolutionOf(c, part);
        const std::string where = id + " seed " + std::to_string(seed) + " part " + std::string(part["name"]);
        ASSERT_TRUE(solution.ok()) << where;
        ASSERT_FALSE(solution->empty()) << where;
        ++solutions;
        std::vector<std::string> lines;
        for (const auto& line : *solution) lines.push_back(line.get<std::string>());
        if (request->expected.kind != Quantity::Kind::kPosition) {
          EXPECT_EQ(LineEnd(lines.back(), request->expected), request->expected.Text(/*fixed_places=*/true))
              << where << ": " << lines.back();
        }
        const bool finite = !request->expected.HasNotFinite();
        auto step = c.PartStep(part);
        ASSERT_TRUE(step.ok()) << where;
        const std::string op = c.computation().steps()[step->step].op->name;
        size_t removed_lines = 0;
        for (size_t n = 0; n < lines.size(); ++n) {
          const std::string& line = lines[n];
          SCOPED_TRACE(where + " line " + std::to_string(n + 1) + ": " + line);
          if (finite || n + 1 < lines.size()) {
            EXPECT_FALSE(std::regex_search(line, std::regex("\\binf\\b|\\bnan\\b", std::regex::icase)));
            EXPECT_EQ(line.find("not finite"), std::string::npos);
          }
          // A removed position is written as removed, never as a score; an exponential is never 0.
          if (n + 1 < lines.size() && line.rfind("Scores", 0) == 0 && line.find("removed") != std::string::npos)
            ++removed_lines;
          if (n + 1 < lines.size() && line.rfind("Exponentials", 0) == 0) {
            EXPECT_FALSE(std::regex_search(line, std::regex("[\\[ ]0[,\\]]")));
          }
          EXPECT_EQ(MixedPrecision(line), std::vector<std::string>{});
          if (op == "count" && line.find("product of the shape's sizes: $") != std::string::npos) ++named_counts;
          const std::vector<std::string> sides = Sides(line);
          if (sides.empty()) continue;
          std::optional<double> first;
          for (const std::string& side : sides) {
            auto v = Evaluator(side).Value();
            ASSERT_TRUE(v.has_value()) << "cannot read back: " << side;
            if (!first) {
              first = v;
              continue;
            }
            EXPECT_NEAR(*v, *first, 1e-3 * std::max(std::fabs(*v), std::fabs(*first)) + 2e-6) << side;
          }
          ++recomputed[op];
        }
        EXPECT_GE(removed_lines, RemovedScores(c, step->step)) << where;
      }
    }
  }
  for (const auto& [op, n] : recomputed) std::printf("%s: %zu lines recomputed\n", op.c_str(), n);
  std::printf("%zu solutions, %zu counts with their sizes named\n", solutions, named_counts);
  EXPECT_GT(named_counts, 0u);
  // Each operation that writes working has lines read back (so the property is about something).
  for (const char* op : {"scores", "softmax", "context", "count", "bytes", "state_numbers", "dot_products",
                         "largest_removal_effect", "in_hull"})
    EXPECT_GT(recomputed[op], 0u) << op;
}

}  // namespace
}  // namespace attn
