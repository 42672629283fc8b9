// The check of a whole exercise file over many seeds, for teachers and for the shipped
// exercises alike: every variant drawn and well posed, every text rendered, every shown value
// accepted, every mistake named when typed, the teacher's own tests passing. Each check uses
// the calls a learner's page uses (RenderTexts, Computed::Request, Grade, VerdictIn), so that
// what passes here is what learners meet.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "answers/grading.h"
#include "api/api.h"
#include "api/give_away.h"
#include "api/verdict_in.h"
#include "exercises/computation.h"
#include "exercises/exercise_keys.h"
#include "exercises/file_limits.h"
#include "exercises/texts.h"
#include "exercises/variant_drawing.h"

namespace attn {
namespace {

// Failures are grouped by what failed (the same message at many seeds is one problem), each with
// its first seeds and how many there were; the first kKinds kinds are kept.
constexpr size_t kKinds = 40;
constexpr size_t kSeedsListed = 10;

struct Tally {
  Json failures = Json::array();
  int64_t failure_count = 0;
  void Fail(uint32_t seed, const std::string& check, const std::string& part, std::string message) {
    ++failure_count;
    // A variant's refusal names its seed; the problem is the same at every seed.
    const std::string lead = "no well-posed variant for seed " + std::to_string(seed) + ": ";
    if (message.rfind(lead, 0) == 0) message.erase(0, lead.size());
    for (auto& f : failures) {
      if (f["check"] != check || f["message"] != message || f.value("part", "") != part) continue;
      f["count"] = f["count"].get<int64_t>() + 1;
      if (f["seeds"].size() < kSeedsListed) f["seeds"].push_back(seed);
      return;
    }
    if (failures.size() >= kKinds) return;
    Json f = {{"seeds", Json::array({seed})}, {"count", 1}, {"check", check}, {"message", message}};
    if (!part.empty()) f["part"] = part;
    failures.push_back(std::move(f));
  }
};

// Every string of the rendered exercise that still holds a placeholder, named by where it is.
void Unfilled(const Json& j, const std::string& where, std::vector<std::string>& out) {
  if (j.is_string()) {
    if (j.get<std::string>().find("{{") != std::string::npos) out.push_back(where);
  } else if (j.is_object()) {
    for (const auto& [key, value] : j.items()) Unfilled(value, where.empty() ? key : where + "." + key, out);
  } else if (j.is_array()) {
    for (size_t i = 0; i < j.size(); ++i) Unfilled(j[i], where + "[" + std::to_string(i + 1) + "]", out);
  }
}

bool Finite(const Quantity& q) {
  if (q.kind == Quantity::Kind::kList) return std::all_of(q.items.begin(), q.items.end(), Finite);
  return q.kind != Quantity::Kind::kNumber || q.exact || std::isfinite(q.approx);
}

// A placeholder as a learner reads it: "e.g. [0.1, 0.2]" is an example of the form, [0.1, 0.2].
std::string Example(std::string text) {
  for (const char* lead : {"e.g.", "E.g.", "for example", "For example"}) {
    if (text.rfind(lead, 0) == 0) {
      text.erase(0, std::string(lead).size());
      break;
    }
  }
  return text;
}

// The value as the companion shows it, each form a learner may type back: an exact value is
// shown as "a/2 ≈ 0.347" (the decimal only where the part takes decimals), a choice among
// tied positions as "key or full_stop" (each accepted).
std::vector<std::string> ShownForms(const Quantity& q, const Json& part) {
  if (q.kind == Quantity::Kind::kPosition && !q.all_required && q.positions.size() > 1) return q.positions;
  const std::string text = q.Text();
  const std::string approx = " \u2248 ";
  const size_t at = text.find(approx);
  if (at == std::string::npos) return {text};
  std::vector<std::string> out = {text.substr(0, at)};
  if (!part.value("exact", false)) out.push_back(text.substr(at + approx.size()));
  return out;
}

// A teacher's test: {part, answer, expect: "correct" | "incorrect" | "invalid" | a mistake's
// tag, seeds?: [seed, ...], earlier?: {part: answer}}; answers may be written from the variant
// ("{{=read.weights}}", "{{query}}").
struct TeacherTest {
  std::string part, answer, expect;
  Json seeds, earlier;
  int64_t passed = 0, failed = 0;
};

Result<std::vector<TeacherTest>> TestsOf(const Json& exercise) {
  std::vector<TeacherTest> out;
  for (const auto& t : exercise.value("tests", Json::array())) {
    TeacherTest test;
    test.part = StringField(t, "part");
    test.answer = StringField(t, "answer");
    test.expect = StringField(t, "expect");
    const std::string called = "the test of part '" + test.part + "' with '" + test.answer + "'";
    if (test.part.empty() || !t.contains("answer") || test.expect.empty())
      return Status(ErrorCode::kInvalidInput, called + " needs \"part\", \"answer\" and \"expect\"");
    bool found = false;
    for (const auto& p : exercise.value("parts", Json::array())) found = found || StringField(p, "name") == test.part;
    if (!found) return Status(ErrorCode::kInvalidInput, called + ": the exercise has no part '" + test.part + "'");
    test.seeds = t.value("seeds", Json());
    if (!test.seeds.is_null() && !test.seeds.is_array())
      return Status(ErrorCode::kInvalidInput, called + ": \"seeds\" is a list of seeds");
    test.earlier = t.value("earlier", Json::object());
    if (!test.earlier.is_object())
      return Status(ErrorCode::kInvalidInput, called + ": \"earlier\" is an object of part: answer");
    out.push_back(std::move(test));
  }
  return out;
}

bool Applies(const TeacherTest& test, uint32_t seed) {
  if (test.seeds.is_null()) return true;
  return std::any_of(test.seeds.begin(), test.seeds.end(),
                     [&](const Json& s) { return s.is_number_unsigned() && s.get<uint32_t>() == seed; });
}

bool Expected(const TeacherTest& test, const Json& verdict) {
  const std::string kind = StringField(verdict, "verdict");
  if (test.expect == "correct" || test.expect == "incorrect" || test.expect == "invalid") return kind == test.expect;
  if (kind == "correct") return false;
  const Json tags = verdict.value("misconceptions", Json::array());
  return std::find(tags.begin(), tags.end(), Json(test.expect)) != tags.end();
}

struct MistakeCount {
  int64_t named = 0, unread = 0, collisions = 0, accepted = 0;
};

struct PartTally {
  int64_t shown = 0;
  std::vector<std::string> order;
  std::map<std::string, MistakeCount> mistakes;
};

void CheckPart(Computed& c, const Json& rendered_part, const Json& part, const Json& parts, uint32_t seed,
               PartTally& tally, Tally& failures) {
  const std::string name = StringField(part, "name");
  const auto& request = c.Request(part, /*with_mistakes=*/true);
  if (!request.ok()) return failures.Fail(seed, "part", name, request.status().message());
  const Quantity& expected = request->expected;
  if (!Finite(expected)) failures.Fail(seed, "finite", name, "its value is not a finite number");
  // The value the companion shows is one it accepts.
  for (const std::string& shown : ShownForms(expected, part)) {
    if (Grade(shown, *request).kind != Verdict::Kind::kCorrect)
      failures.Fail(seed, "shown", name, "the value shown, " + shown + ", is not accepted when typed");
  }
  ++tally.shown;
  // The example in the answer box answers no part. (One written "e.g. ..." RenderTexts has
  // already tried against every part and written again with other digits where it answered one.)
  const std::string shown_placeholder = StringField(rendered_part, "placeholder");
  const std::string placeholder = Example(shown_placeholder);
  if (!placeholder.empty() && shown_placeholder.rfind("e.g. ", 0) != 0) {
    for (const auto& other : parts) {
      const auto& theirs = c.Request(other, /*with_mistakes=*/false);
      if (theirs.ok() && Grade(placeholder, *theirs).kind == Verdict::Kind::kCorrect)
        failures.Fail(
            seed, "placeholder", name,
            "the placeholder '" + placeholder + "' is the answer to part '" + StringField(other, "name") + "'");
    }
  }
  // Each mistake, typed as its learner types it, is named and is not the answer.
  const auto& ms = request->misconceptions;
  std::map<std::string, Verdict> verdicts;
  for (size_t i = 0; i < ms.size(); ++i) {
    const Misconception& m = ms[i];
    if (!tally.mistakes.count(m.tag)) tally.order.push_back(m.tag);
    MistakeCount& count = tally.mistakes[m.tag];
    // (One tag may come from two wrong versions: it is named once on a variant.)
    bool again = false;
    for (size_t k = 0; k < i; ++k) again = again || ms[k].tag == m.tag;
    if (!again) ++count.named;
    if (m.value && m.value->SameAs(expected))
      failures.Fail(seed, "mistake", name, "the mistake '" + m.tag + "' gives the right value");
    bool collides = false;
    for (size_t k = 0; k < ms.size() && m.value; ++k)
      collides = collides || (k != i && ms[k].value && ms[k].tag != m.tag && ms[k].value->SameAs(*m.value));
    if (collides) ++count.collisions;
    const Json typed = AnswerOf(m, expected);
    if (!typed.is_string()) {
      ++count.unread;
      continue;
    }
    // (Two mistakes with one value are typed alike: the answer is graded once.)
    auto graded = verdicts.find(typed.get<std::string>());
    if (graded == verdicts.end())
      graded = verdicts.emplace(typed.get<std::string>(), Grade(typed.get<std::string>(), *request)).first;
    const Verdict& v = graded->second;
    if (v.kind == Verdict::Kind::kCorrect) {
      // Right at the places it is written (weights rounded early can leave a context that is
      // right to four places): a learner who types it is right, and is told so.
      ++count.accepted;
      continue;
    }
    bool named = std::find(v.misconceptions.begin(), v.misconceptions.end(), m.tag) != v.misconceptions.end();
    for (const auto& better : m.yields_to)
      named = named || std::find(v.misconceptions.begin(), v.misconceptions.end(), better) != v.misconceptions.end();
    if (!named)
      failures.Fail(seed, "mistake", name,
                    "the mistake '" + m.tag + "' typed as " + typed.get<std::string>() + " is not named (" +
                        std::string(VerdictName(v.kind)) + ": " + v.feedback + ")");
  }
}

// The draws of the seeds checked: how many, how many of them made a variant, and why each one
// drawn again was, by reason.
struct Drawing {
  int64_t draws = 0, variants = 0;
  std::map<std::string, int64_t> redrawn;
};

void CheckSeed(const Json& exercise, uint32_t seed, std::vector<TeacherTest>& tests,
               std::map<std::string, PartTally>& parts, Drawing& drawing, Tally& failures) {
  auto computed = Computed::Of(exercise, seed);
  if (!computed.ok()) {
    drawing.draws += seed == 0 || !HasDraws(exercise) ? 1 : Computed::kMostDraws;
    return failures.Fail(seed, "variant", "", computed.status().message());
  }
  Computed& c = computed.value();
  drawing.draws += c.draws();
  ++drawing.variants;
  for (const auto& [reason, count] : c.redrawn()) drawing.redrawn[reason] += count;
  auto rendered = RenderTexts(c);
  if (!rendered.ok()) return failures.Fail(seed, "text", "", rendered.status().message());
  std::vector<std::string> unfilled;
  for (const char* key : {"title", "intro", "parts", "premises", "explain", "reference_notes", "checklist", "tables"})
    if (rendered->contains(key)) Unfilled((*rendered)[key], key, unfilled);
  // The exercise's own mistakes' explanations are written when a learner's answer is judged.
  for (const auto& mistake : c.exercise().value("mistakes", Json::array())) {
    auto because = RenderText(StringField(mistake, "because"), c, Json::object());
    if (!because.ok())
      failures.Fail(seed, "text", "",
                    "the mistake '" + StringField(mistake, "tag") + "': " + because.status().message());
  }
  for (const auto& where : unfilled) failures.Fail(seed, "text", "", "the text at " + where + " keeps a '{{'");
  const Json declared = c.exercise().value("parts", Json::array());
  // No text a learner sees before answering a part gives its value away: the teacher's own numbers
  // (seed 0) written out, or a step of the same value placed in a text. (On a variant a
  // placeholder's example may meet some value by chance; the page then redraws it.)
  if (seed == 0) {
    std::vector<std::vector<std::string>> shown;
    for (const auto& part : declared) {
      const auto& request = c.Request(part, /*with_mistakes=*/false);
      shown.push_back(request.ok() ? ShownForms(request->expected, part) : std::vector<std::string>{});
    }
    for (const GiveAway& g : GiveAways(c, *rendered, shown)) failures.Fail(seed, "give-away", g.part, g.message);
  }
  const Json rendered_parts = rendered->value("parts", Json::array());
  for (size_t i = 0; i < declared.size(); ++i) {
    const Json rendered_part = i < rendered_parts.size() ? rendered_parts[i] : Json::object();
    CheckPart(c, rendered_part, declared[i], declared, seed, parts[StringField(declared[i], "name")], failures);
  }
  for (auto& test : tests) {
    if (!Applies(test, seed)) continue;
    Json part;
    for (const auto& p : declared)
      if (StringField(p, "name") == test.part) part = p;
    auto answer = RenderText(test.answer, c, part);
    GradeContext context;
    for (const auto& [other, text] : test.earlier.items()) {
      auto written = text.is_string() ? RenderText(text.get<std::string>(), c, part) : Result<std::string>("");
      context.earlier[other] = written.ok() ? *written : "";
    }
    const Json verdict =
        answer.ok() ? VerdictIn(c, part, *answer, context) : Json{{"error", answer.status().message()}};
    if (Expected(test, verdict)) {
      ++test.passed;
      continue;
    }
    ++test.failed;
    const std::string got = verdict.contains("error")
                                ? "an error: " + StringField(verdict, "error")
                                : StringField(verdict, "verdict") + " (" + StringField(verdict, "feedback") + ")";
    failures.Fail(seed, "test", test.part,
                  "the test '" + test.answer + "'" + (answer.ok() ? " (typed as " + *answer + ")" : "") + " expects " +
                      test.expect + " but is " + got);
  }
}

// The seeds tried before the rest: 0 (the file's own numbers) and two variants.
constexpr uint32_t kProbed = 3;

// The failure seeds 0 .. kProbed - 1 share, where each fails to make a variant the same way: the
// reason to refuse the file at once.
std::optional<std::string> FailsAlike(const Json& exercise) {
  std::string shared;
  for (uint32_t seed = 0; seed < kProbed; ++seed) {
    auto computed = Computed::Of(exercise, seed);
    if (computed.ok()) return std::nullopt;
    std::string message = computed.status().message();
    const std::string lead = "no well-posed variant for seed " + std::to_string(seed) + ": ";
    if (message.rfind(lead, 0) == 0) message.erase(0, lead.size());
    if (seed > 0 && message != shared) return std::nullopt;
    shared = message;
  }
  return "seed 0 and the next " + std::to_string(kProbed - 1) + " variants (each drawn " +
         std::to_string(Computed::kMostDraws) + " times) all fail the same way, so every variant would: " + shared;
}

}  // namespace

std::string CheckExercise(const std::string& exercise_json, uint32_t first_seed, uint32_t seeds) {
  auto refused = [&](const std::string& message) {
    return Json{{"refused", Bounded(message)}}.dump(-1, ' ', false, Json::error_handler_t::replace);
  };
  auto read = ReadExerciseText(exercise_json);
  if (!read.ok()) return refused(read.status().message());
  Json exercise = std::move(read).value();
  // What is wrong with the file itself is said once, not once a seed.
  if (!exercise.contains("id")) return refused("the exercise needs an \"id\" such as \"teacher.week3-read\"");
  if (auto limits = CheckFileLimits(exercise); !limits.ok()) return refused(limits.message());
  if (auto keys = CheckKeys(exercise); !keys.ok()) return refused(keys.message());
  if (auto draws = CheckDraws(exercise); !draws.ok()) return refused(draws.message());
  if (auto computation = Computation::Of(exercise); !computation.ok()) return refused(computation.status().message());
  auto listed_items = [&](const char* key) {
    return exercise.contains(key) && exercise[key].is_array() && !exercise[key].empty();
  };
  // A design task is a checklist the learner works to, with no graded part.
  const bool written = listed_items("explain") || listed_items("checklist");
  if (!written && !listed_items("parts")) return refused("the exercise has no parts, written items or checklist");
  auto listed = TestsOf(exercise);
  if (!listed.ok()) return refused(listed.status().message());
  std::vector<TeacherTest> tests = std::move(listed).value();
  for (const auto& part : exercise.value("parts", Json::array())) {
    if (auto step = Computation::Of(exercise)->Resolve(StringField(part, "step")); !step.ok())
      return refused("the part '" + StringField(part, "name") + "': " + step.status().message());
  }
  // Seed 0 and the next few first: where each fails the same way, so will every other (a mask of
  // the wrong length, a temperature of 0), and the file is refused at once.
  if (first_seed == 0 && seeds > kProbed) {
    if (auto same = FailsAlike(exercise)) return refused(*same);
  }
  Tally failures;
  std::map<std::string, PartTally> parts;
  Drawing drawing;
  const uint64_t last = std::min<uint64_t>(uint64_t{first_seed} + seeds, uint64_t{1} << 32);
  for (uint64_t seed = first_seed; seed < last; ++seed)
    CheckSeed(exercise, static_cast<uint32_t>(seed), tests, parts, drawing, failures);
  std::vector<std::pair<std::string, int64_t>> reasons(drawing.redrawn.begin(), drawing.redrawn.end());
  std::stable_sort(reasons.begin(), reasons.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  Json redrawn = Json::array();
  for (const auto& [reason, count] : reasons)
    if (redrawn.size() < kKinds) redrawn.push_back({{"reason", Excerpt(reason)}, {"count", count}});
  Json part_report = Json::array();
  for (const auto& part : exercise.value("parts", Json::array())) {
    const std::string name = StringField(part, "name");
    const PartTally& tally = parts[name];
    Json mistakes = Json::array();
    for (const auto& tag : tally.order) {
      const MistakeCount& m = tally.mistakes.at(tag);
      mistakes.push_back({{"tag", tag},
                          {"named", m.named},
                          {"unread", m.unread},
                          {"collisions", m.collisions},
                          {"accepted", m.accepted}});
    }
    part_report.push_back({{"name", name}, {"shown", tally.shown}, {"mistakes", mistakes}});
  }
  Json test_report = Json::array();
  for (const auto& t : tests)
    test_report.push_back(
        {{"part", t.part}, {"answer", t.answer}, {"expect", t.expect}, {"passed", t.passed}, {"failed", t.failed}});
  return Json{{"id", StringField(exercise, "id")},
              {"version", ExerciseVersion(exercise)},
              {"from", first_seed},
              {"seeds", last - first_seed},
              {"draws", drawing.draws},
              {"variants", drawing.variants},
              {"redrawn", redrawn},
              {"failures", failures.failures},
              {"failureCount", failures.failure_count},
              {"parts", part_report},
              {"tests", test_report}}
      .dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace attn
