// The move to declared steps changed nothing that was shipped. tests/parity/old-engine.tsv.xz is
// what the engine before it (one hand-written model per kind of exercise, at commit 0d28ca3)
// computed for every shipped exercise, seeds 0 to 1,000 and every part: the expected value and
// every mistake it named (tag and value); tests/parity/exercises.json holds the same exercises
// as declared steps. For each, this engine must compute the same expected value (to 1e-9,
// relative) and name every mistake the old one named that could be named at all (one whose
// value differs from the right one, and a tiny residue where a 0 is required only where the
// variant masks some position); it may name more.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "exercises/computed.h"
#include "property_seeds.h"

namespace attn {
namespace {

std::string Canonical(const Quantity& q) {
  switch (q.kind) {
    case Quantity::Kind::kNumber: {
      if (q.exact) return "x:" + q.exact->to_string();
      char buffer[64];
      std::snprintf(buffer, sizeof buffer, "%.12g", q.approx == 0 ? 0.0 : q.approx);
      return std::string("d:") + buffer;
    }
    case Quantity::Kind::kList: {
      std::string out = "[";
      for (size_t i = 0; i < q.items.size(); ++i) out += (i ? "," : "") + Canonical(q.items[i]);
      return out + "]";
    }
    case Quantity::Kind::kPosition: {
      std::string out = q.all_required ? "p:all:" : "p:";
      for (size_t i = 0; i < q.positions.size(); ++i) out += (i ? "|" : "") + q.positions[i];
      return out;
    }
  }
  return "";
}

std::string Canonical(const Misconception& m) {
  if (m.value) return Canonical(*m.value);
  if (m.list_length) return "len:" + std::to_string(*m.list_length);
  if (!m.words.empty()) {
    std::string out = "words:";
    for (const auto& w : m.words) out += w + "|";
    return out;
  }
  return m.tiny_for_zero ? "tiny" : "?";
}

// Two canonical values alike: the same text, numbers equal to 1e-9 (relative).
bool Same(const std::string& a, const std::string& b) {
  if (a == b) return true;
  static const std::regex number("d:(-?[0-9.e+-]+)");
  std::sregex_token_iterator ia(a.begin(), a.end(), number, {-1, 1}), ib(b.begin(), b.end(), number, {-1, 1}), end;
  int i = 0;
  for (; ia != end && ib != end; ++ia, ++ib, ++i) {
    if (i % 2 == 0) {
      if (ia->str() != ib->str()) return false;
      continue;
    }
    const double x = std::stod(ia->str()), y = std::stod(ib->str());
    if (std::fabs(x - y) > 1e-9 * std::max(1.0, std::fabs(x))) return false;
  }
  return ia == end && ib == end;
}

// The written wrong versions that a derived mistake now gives (cpp/exercises/mutations/), deleted from
// their operations: the tag each is named by now. Such a value stays explained: by the derived
// mistake, or by a written one with the same value, which comes first (it keeps the chapter's words).
const std::map<std::string, std::vector<std::string>> kDerived = {
    {"temperature-multiplied", {"multiplied:temperature"}},
    {"temperature-ignored", {"left-out:temperature"}},
    {"mask-ignored", {"left-out:mask"}},
    {"local-window-miss", {"left-out:mask", "local-window-miss"}},
    {"bytes-without-width", {"left-out:bytes_per_number"}},
    {"positions-not-numbers", {"left-out:d"}},
    {"one-read-counted", {"left-out:t"}},
    {"d-additions", {"term-left-out"}},
    {"heads-omitted", {"left-out:H"}},
    {"scores-transposed", {"axes-swapped"}},
    {"mask-inverted", {"mask-inverted"}},
    {"change-reversed", {"swapped:after:before"}},
    {"readout-coefficients-reversed", {"reversed:coefficients"}},
    {"scaled-vs-unscaled", {"scaled-for-dot", "dot-for-scaled"}},
    {"scores-normalised", {"scores-normalised"}},
    {"base-2", {"base-2"}},
    {"divided-by-count", {"divided-by-count"}},
    {"exponentials-as-weights", {"exponentials-as-weights"}},
    {"wrong-axis", {"wrong-axis"}},
    {"all-entries", {"all-entries"}},
    {"entropy-in-bits", {"entropy-in-bits"}},
    {"entropy-in-log10", {"entropy-in-log10"}},
    {"relu-forgotten", {"relu-forgotten"}},
};

struct Recorded {
  std::string expected;
  std::vector<std::pair<std::string, std::string>> mistakes;  // tag, value
};

std::map<std::string, Recorded> OldRecord() {
  std::map<std::string, Recorded> out;
  std::unique_ptr<FILE, int (*)(FILE*)> in(popen("xz -dc " ATTN_PARITY_DIR "/old-engine.tsv.xz", "r"), pclose);
  if (!in) return out;
  char buffer[1 << 16];
  std::string line;
  while (fgets(buffer, sizeof buffer, in.get())) {
    line += buffer;
    if (line.empty() || line.back() != '\n') continue;
    line.pop_back();
    std::vector<std::string> fields;
    std::stringstream split(line);
    for (std::string f; std::getline(split, f, '\t');) fields.push_back(f);
    line.clear();
    if (fields.size() < 4) continue;
    Recorded r;
    r.expected = fields[3];
    if (fields.size() > 4) {
      std::stringstream ms(fields[4]);
      for (std::string m; std::getline(ms, m, ';');) {
        const size_t eq = m.find('=');
        r.mistakes.emplace_back(m.substr(0, eq), m.substr(eq + 1));
      }
    }
    out[fields[0] + "\t" + fields[1] + "\t" + fields[2]] = r;
  }
  return out;
}

TEST(Parity, TheDeclaredStepsComputeWhatTheModelsDid) {
  const auto old = OldRecord();
  ASSERT_GT(old.size(), 100000u) << "the old engine's record could not be read";
  std::ifstream file(ATTN_PARITY_DIR "/exercises.json");
  std::stringstream text;
  text << file.rdbuf();
  const Json exercises = Json::parse(text.str());
  ASSERT_EQ(exercises.size(), 34u);
  size_t parts = 0, mistakes = 0, derived_now = 0;
  for (const auto& [id, exercise] : exercises.items()) {
    for (uint32_t seed = 0; seed < PropertySeeds(1001); ++seed) {
      auto computed = Computed::Of(exercise, seed);
      ASSERT_TRUE(computed.ok()) << id << " seed " << seed << ": " << computed.status().message();
      bool masks = false;  // some position that may not be read
      for (size_t i = 0; i < computed.value().values().size(); ++i) {
        const Value& v = computed.value().values()[i].Main();
        for (const auto& row : v.eligible)
          for (bool may : row) masks = masks || !may;
      }
      for (const auto& part : exercise.value("parts", Json::array())) {
        const std::string where = id + " seed " + std::to_string(seed) + " " + part["name"].get<std::string>();
        auto found = old.find(id + "\t" + std::to_string(seed) + "\t" + part["name"].get<std::string>());
        ASSERT_NE(found, old.end()) << where;
        auto request = computed.value().Request(part, /*with_mistakes=*/true);
        ASSERT_TRUE(request.ok()) << where << ": " << request.status().message();
        const std::string expected = Canonical(request->expected);
        ASSERT_TRUE(Same(found->second.expected, expected))
            << where << ": " << found->second.expected << " then, " << expected << " now";
        ++parts;
        for (const auto& [tag, value] : found->second.mistakes) {
          if (Same(value, expected)) continue;      // no mistake where it gives the right value
          if (value == "tiny" && !masks) continue;  // no residue of a mask where nothing is masked
          bool named = false, as_derived = false;
          const auto derived = kDerived.find(tag);
          for (const Misconception& m : request->misconceptions) {
            if (!Same(value, Canonical(m))) continue;
            named = named || m.tag == tag;
            as_derived = as_derived || derived != kDerived.end();
          }
          EXPECT_TRUE(named || as_derived) << where << ": " << tag << " = " << value << " was named and is not";
          ++mistakes;
          if (!named && as_derived) ++derived_now;
        }
      }
      if (::testing::Test::HasFailure()) return;
    }
  }
  std::printf("%zu parts and %zu named mistakes as the models had them (%zu of them now derived)\n", parts, mistakes,
              derived_now);
  EXPECT_EQ(parts, 118u * PropertySeeds(1001));  // every part of every exercise, at every seed
}

}  // namespace
}  // namespace attn
