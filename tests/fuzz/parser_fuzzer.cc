// libFuzzer target for the answer reader and the grader (issue 9): raw bytes go to
// ParseAnswer under the option sets the models use, to ParseShape and ParseGroupedCount, and
// to Grade against hand-built requests of every kind (a number, a list, a byte count, a
// big-O polynomial, a shape, a position). Nothing may crash, trip a sanitizer, hang, or throw;
// an answer that was read must be printable (ReadAs) without failing.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "answers/answer_parser.h"
#include "answers/grading.h"
#include "slowest.h"

namespace attn {
namespace {

Exact Q(int64_t n, int64_t d = 1) { return Exact(Rational::Of(n, d)); }
Exact Sym(const char* s) { return Exact::Symbol(s); }

std::vector<ParseOptions> OptionSets() {
  std::vector<ParseOptions> sets(5);
  sets[1].symbols = {"T", "S", "D_k", "D_v"};
  sets[2].booleans = true;
  sets[3].nonfinite = true;
  sets[4].symbols = {};
  for (const char* key : {"B", "H", "T", "S"}) sets[4].values[key] = Exact(8);
  return sets;
}

std::vector<GradeRequest> Requests() {
  std::vector<GradeRequest> out;
  const Exact a = Exact::Ln2();
  {  // a number in Chapter 14's world, with a named mistake
    GradeRequest r;
    r.expected = Quantity::Number(a / Q(2));
    r.misconceptions.push_back(Misconception::Value("divided-by-count", Quantity::Number(Q(2, 3) * a), "why"));
    out.push_back(r);
    r.require_exact = true;
    out.push_back(r);
  }
  {  // a list, with a shape mistake, and a double-only list
    GradeRequest r;
    r.expected = Quantity::List({Quantity::Number(a / Q(2)), Quantity::Number(a / Q(4))});
    r.misconceptions.push_back(Misconception::Shape("context-width-is-positions", 3, "why"));
    out.push_back(r);
    GradeRequest d;
    d.expected = Quantity::List({Quantity::List({Quantity::Number(0.19996), Quantity::Number(0.12345)}),
                                 Quantity::List({Quantity::Number(1.0), Quantity::Number(0.0)})});
    d.parse.booleans = true;
    out.push_back(d);
  }
  {  // a count of bytes with the given sizes as values
    GradeRequest r;
    r.count = true;
    r.bytes = true;
    r.parse.symbols = {};
    for (const auto& [key, value] : std::vector<std::pair<const char*, int>>{{"B", 8}, {"H", 4}, {"T", 64}, {"S", 512}})
      r.parse.values[key] = Exact(value);
    r.expected = Quantity::Number(Exact(4194304));
    r.misconceptions.push_back(Misconception::Value("bytes-without-width", Quantity::Number(Exact(1048576)), "why"));
    out.push_back(r);
  }
  {  // a big-O polynomial, compared to leading order
    GradeRequest r;
    r.leading_order = true;
    r.parse.symbols = {"T", "S", "B", "H", "D_k", "D_v"};
    r.expected = Quantity::Number(Sym("T") * Sym("S") * Sym("D_k") + Sym("T") * Sym("S") * Sym("D_v"));
    r.misconceptions.push_back(Misconception::Value("widths-omitted", Quantity::Number(Sym("T") * Sym("S")), "why"));
    out.push_back(r);
  }
  {  // a tensor shape
    GradeRequest r;
    r.shape = true;
    r.expected = Quantity::List({Quantity::Number(Exact(8)), Quantity::Number(Exact(4)), Quantity::Number(Exact(64)),
                                 Quantity::Number(Exact(512))});
    out.push_back(r);
  }
  {  // positions: one of two tied, and a select-all set
    GradeRequest r;
    r.position_labels = {"color", "key", "full_stop"};
    r.expected = Quantity::Position({"key", "full_stop"});
    out.push_back(r);
    GradeRequest s;
    s.position_labels = {"1", "2", "3", "4", "5", "6", "7", "8"};
    s.expected = Quantity::PositionSet({"3", "4", "5", "6"});
    out.push_back(s);
  }
  {  // a word only a known mistake produces
    GradeRequest r;
    r.parse.nonfinite = true;
    r.expected = Quantity::List({Quantity::Number(0.09), Quantity::Number(0.245), Quantity::Number(0.665)});
    r.misconceptions.push_back(Misconception::Words("naive-overflow", {"nan"}, "why"));
    out.push_back(r);
  }
  return out;
}

void Run(std::string_view text) {
  static const std::vector<ParseOptions> options = OptionSets();
  static const std::vector<GradeRequest> requests = Requests();
  for (const ParseOptions& o : options) {
    auto r = ParseAnswer(text, o);
    if (r.ok()) {
      (void)r->ReadAs();
      (void)r->Value();
      (void)r->Leaves();
    } else if (r.status().message().empty()) {
      fuzz::Fail("a refusal without a message", std::string(text));
    }
  }
  auto shape = ParseShape(text);
  if (shape.ok()) (void)shape->ReadAs();
  (void)ParseGroupedCount(text);
  (void)CharacterCount(text);
  for (const GradeRequest& request : requests) {
    Verdict v = Grade(text, request);
    if (v.feedback.empty()) fuzz::Fail("a verdict without feedback", std::string(text));
  }
}

}  // namespace
}  // namespace attn

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  attn::fuzz::Slowest().Time(data, size,
                             [&] { attn::Run(std::string_view(reinterpret_cast<const char*>(data), size)); });
  return 0;
}
