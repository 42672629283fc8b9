// Declared draws of a variant's inputs (variant_drawing.h).
#include "exercises/variant_drawing.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "answers/answer_parser.h"
#include "core/convex_hull.h"

namespace attn {
namespace {

Status Refused(const std::string& message) { return Status(ErrorCode::kInvalidInput, message); }

const std::set<std::string> kKinds = {"integers", "tenths",      "power_of_two", "one_of",
                                      "same_as",  "probability", "ascending",    "in_box_of"};

// A bound written as a number or as an input's name.
Result<int64_t> Bound(const Json& written, const Json& inputs, const std::string& what) {
  if (written.is_number_integer()) return written.get<int64_t>();
  if (written.is_number()) return Refused(what + " must be a whole number");
  if (written.is_string()) {
    const std::string name = written.get<std::string>();
    if (!inputs.contains(name)) return Refused(what + " names no input '" + name + "'");
    ATTN_ASSIGN_OR_RETURN(n, CountInput(Json{{"inputs", inputs}}, Json::object(), name));
    return n;
  }
  return Refused(what + " must be a number or an input's name");
}

// A range [lo, hi] in units of `unit` (tenths: [-1, 1] -> -10..10).
Result<std::pair<int64_t, int64_t>> Range(const Json& written, const Json& inputs, const std::string& what,
                                          double unit) {
  if (!written.is_array() || written.size() != 2) return Refused(what + " must be [lowest, highest]");
  std::pair<int64_t, int64_t> out;
  for (int i = 0; i < 2; ++i) {
    const Json& end = written[static_cast<size_t>(i)];
    int64_t v = 0;
    if (unit != 1 && end.is_number()) {
      double scaled = end.get<double>() / unit;
      if (std::fabs(scaled - std::round(scaled)) > 1e-9)
        return Refused(what + " must be in steps of " + std::to_string(unit));
      v = static_cast<int64_t>(std::llround(scaled));
    } else {
      ATTN_ASSIGN_OR_RETURN(b, Bound(end, inputs, what));
      v = b;
    }
    (i == 0 ? out.first : out.second) = v;
  }
  if (out.first > out.second) return Refused(what + ": the lowest is above the highest");
  if (out.second - out.first > 1000000000) return Refused(what + " is too wide");
  return out;
}

// One number drawn by a single-number kind ("integers", "tenths", "power_of_two").
Result<std::function<std::string()>> NumberDraw(const Json& spec, const Json& inputs, SeededRandom& r,
                                                const std::string& what) {
  if (spec.contains("integers")) {
    ATTN_ASSIGN_OR_RETURN(range, Range(spec["integers"], inputs, what + "'s integers", 1));
    return std::function<std::string()>([range, &r] { return std::to_string(r.Integer(range.first, range.second)); });
  }
  if (spec.contains("tenths")) {
    ATTN_ASSIGN_OR_RETURN(range, Range(spec["tenths"], inputs, what + "'s tenths", 0.1));
    return std::function<std::string()>([range, &r] { return Tenths(r.Integer(range.first, range.second)); });
  }
  if (spec.contains("power_of_two")) {
    ATTN_ASSIGN_OR_RETURN(range, Range(spec["power_of_two"], inputs, what + "'s power_of_two", 1));
    if (range.first < 0 || range.second > 40)
      return Refused(what +
                     ": power_of_two takes the powers [from, to], each from 0 to 40 ([3, 7] draws 8 to 128), not [" +
                     std::to_string(range.first) + ", " + std::to_string(range.second) + "]");
    return std::function<std::string()>(
        [range, &r] { return std::to_string(int64_t{1} << r.Integer(range.first, range.second)); });
  }
  return Refused(what + " needs one of: " + [] {
    std::string all;
    for (const auto& k : kKinds) all += (all.empty() ? "" : ", ") + k;
    return all;
  }());
}

Result<std::string> InputTextOf(const Json& inputs, const std::string& name) {
  if (!inputs.contains(name) || !inputs[name].is_string())
    return Refused("the draw names no text input '" + name + "'");
  return inputs[name].get<std::string>();
}

// Half the points mix the values with weights of at least a tenth each (strictly inside their
// hull); the others draw each coordinate in tenths within the values' range until the point is
// outside the hull. Either way it passes the coordinate-wise test.
Result<std::string> PointInBox(const std::string& values_text, SeededRandom& random) {
  ATTN_ASSIGN_OR_RETURN(values, ExactMatrixFromText(values_text, "values"));
  std::string out;
  if (random.Integer(0, 1) == 0) {
    const int64_t n = values.rows();
    std::vector<int64_t> tenths(static_cast<size_t>(n), 1);
    for (int64_t left = 10 - n; left > 0; --left) ++tenths[static_cast<size_t>(random.Integer(0, n - 1))];
    out = "[";
    for (Eigen::Index c = 0; c < values.cols(); ++c) {
      Exact x(0);
      for (Eigen::Index i = 0; i < n; ++i) x += Exact(Rational::Of(tenths[static_cast<size_t>(i)], 10)) * values(i, c);
      auto hundredths = x.constant();
      if (!hundredths || !(*hundredths * Rational(100)).is_integer())
        return Refused("the values are not written in tenths");
      int64_t k = (*hundredths * Rational(100)).num(), m = k < 0 ? -k : k;
      std::string digits = std::string(k < 0 ? "-" : "") + std::to_string(m / 100);
      if (m % 100 != 0) {
        digits += "." + std::to_string(m % 100 / 10);
        if (m % 10 != 0) digits += std::to_string(m % 10);
      }
      out += (c ? ", " : "") + digits;
    }
    return out + "]";
  }
  for (int attempt = 0; attempt < 64; ++attempt) {
    out = "[";
    for (Eigen::Index c = 0; c < values.cols(); ++c) {
      double low = values.col(c).unaryExpr([](const Exact& x) { return x.to_double(); }).minCoeff();
      double high = values.col(c).unaryExpr([](const Exact& x) { return x.to_double(); }).maxCoeff();
      int64_t tenth = random.Integer(static_cast<int64_t>(std::ceil(low * 10 - 1e-9)),
                                     static_cast<int64_t>(std::floor(high * 10 + 1e-9)));
      out += (c ? ", " : "") + Tenths(tenth);
    }
    out += "]";
    ATTN_ASSIGN_OR_RETURN(point, ExactVectorFromText(out, "point"));
    auto hull = HullMembershipOf(values, point);
    if (!hull.ok() || !hull->inside) break;  // outside (or an error, which redraws the variant)
  }
  return out;
}

Status DrawOne(const Json& spec, Json& inputs, SeededRandom& r);

Status CheckCondition(const Json& until, const Json& inputs, bool* holds) {
  if (until.contains("distinct")) {
    std::set<std::string> seen;
    *holds = true;
    for (const auto& name : until["distinct"]) {
      ATTN_ASSIGN_OR_RETURN(text, InputTextOf(inputs, name.get<std::string>()));
      auto parsed = ParseAnswer(text);
      std::string key = parsed.ok() ? parsed->ReadAs() : text;
      *holds = *holds && seen.insert(key).second;
    }
    return Status();
  }
  if (until.contains("not_all_equal")) {
    // The entries of one list input, not all the same ("a ragged batch": lengths [3, 3, 3] is not).
    const Json& name = until["not_all_equal"];
    if (!name.is_string()) return Refused("not_all_equal names one list input");
    ATTN_ASSIGN_OR_RETURN(text, InputTextOf(inputs, name.get<std::string>()));
    ATTN_ASSIGN_OR_RETURN(list, ParseAnswer(text));
    if (!list.is_list() || list.items.size() < 2) return Refused("not_all_equal needs a list of two or more entries");
    std::set<std::string> seen;
    for (const auto& item : list.items) seen.insert(item.ReadAs());
    *holds = seen.size() > 1;
    return Status();
  }
  if (until.contains("at_most")) {
    const Json& pair = until["at_most"];
    if (!pair.is_array() || pair.size() != 2) return Refused("at_most needs [expression, bound]");
    ParseOptions options;
    options.symbols = {};
    for (const auto& [name, value] : inputs.items()) {
      if (!value.is_string()) continue;
      auto x = ParseAnswer(value.get<std::string>());
      if (x.ok() && !x->is_list() && !x->evaluated) options.values[name] = x->value;
    }
    auto lhs = ParseAnswer(pair[0].get<std::string>(), options);
    auto rhs = ParseAnswer(pair[1].get<std::string>(), options);
    if (!lhs.ok() || !rhs.ok() || lhs->is_list() || rhs->is_list())
      return Refused("at_most's expressions must be numbers in the inputs' names");
    *holds = SignOf(lhs->value - rhs->value) <= 0;
    return Status();
  }
  return Refused(
      "a group's \"until\" is {\"distinct\": [...]}, {\"not_all_equal\": input} or {\"at_most\": [expression, "
      "bound]}");
}

Status DrawOne(const Json& spec, Json& inputs, SeededRandom& r) {
  if (!spec.is_object()) return Refused("each draw is an object");
  if (spec.contains("group")) {
    const int64_t tries = spec.value("tries", 1000);
    for (int64_t attempt = 0; attempt < tries; ++attempt) {
      for (const auto& member : spec["group"]) ATTN_RETURN_IF_ERROR(DrawOne(member, inputs, r));
      bool holds = false;
      ATTN_RETURN_IF_ERROR(CheckCondition(spec.value("until", Json::object()), inputs, &holds));
      if (holds) return Status();
    }
    return Refused("no draw of the group met its condition in " + std::to_string(tries) + " tries");
  }
  const std::string name = StringField(spec, "input");
  const std::string what = "the draw of '" + name + "'";
  if (!inputs.contains(name)) return Refused(what + ": there is no input '" + name + "'");
  if (spec.contains("same_as")) {
    const std::string other = spec["same_as"].get<std::string>();
    if (!inputs.contains(other)) return Refused(what + ": same_as names no input '" + other + "'");
    inputs[name] = inputs[other];
    return Status();
  }
  if (spec.contains("one_of")) {
    const Json& options = spec["one_of"];
    if (!options.is_array() || options.empty()) return Refused(what + ": one_of needs a list");
    const Json& chosen = options[static_cast<size_t>(r.Integer(0, static_cast<int64_t>(options.size()) - 1))];
    inputs[name] = chosen.is_string() ? chosen.get<std::string>() : chosen.dump();
    return Status();
  }
  ATTN_ASSIGN_OR_RETURN(text, InputTextOf(inputs, name));
  if (spec.contains("in_box_of")) {
    ATTN_ASSIGN_OR_RETURN(values_text, InputTextOf(inputs, spec["in_box_of"].get<std::string>()));
    ATTN_ASSIGN_OR_RETURN(point, PointInBox(values_text, r));
    inputs[name] = point;
    return Status();
  }
  if (spec.contains("probability")) {
    ATTN_ASSIGN_OR_RETURN(w, ParseAnswer(text));
    const size_t n = w.items.size();
    if (!w.is_list() || n == 0 || n > 10) return Refused(what + ": a probability list has 1 to 10 entries");
    std::vector<int64_t> tenths(n, 1);  // every weight at least 0.1, together 1
    for (int64_t left = 10 - static_cast<int64_t>(n); left > 0; --left)
      ++tenths[static_cast<size_t>(r.Integer(0, static_cast<int64_t>(n) - 1))];
    std::string out = "[";
    for (size_t i = 0; i < n; ++i) out += (i ? ", " : "") + Tenths(tenths[i]);
    inputs[name] = out + "]";
    return Status();
  }
  if (spec.contains("ascending")) {
    const Json& a = spec["ascending"];
    const int64_t multiple = a.value("multiple", 1);
    if (multiple < 1) return Refused(what + ": ascending's multiple is at least 1");
    ATTN_ASSIGN_OR_RETURN(first, Range(a.value("first", Json()), inputs, what + "'s first", 1));
    ATTN_ASSIGN_OR_RETURN(by, Range(a.value("by", Json()), inputs, what + "'s by", 1));
    int64_t base = multiple * r.Integer(first.first / multiple, first.second / multiple);
    int64_t step = r.Integer(by.first, by.second), offset = 0;
    ATTN_ASSIGN_OR_RETURN(out, Redraw(text, [&] { return std::to_string(base + (offset++) * step); }));
    inputs[name] = out;
    return Status();
  }
  ATTN_ASSIGN_OR_RETURN(each, NumberDraw(spec, inputs, r, what));
  std::function<std::string()> there;
  int64_t at = -1;
  if (spec.contains("at")) {
    ATTN_ASSIGN_OR_RETURN(position, Bound(spec["at"], inputs, what + "'s at"));
    at = position;
    ATTN_ASSIGN_OR_RETURN(special, NumberDraw(spec.value("there", Json::object()), inputs, r, what + "'s there"));
    there = special;
  }
  int64_t index = 0;
  ATTN_ASSIGN_OR_RETURN(out, Redraw(text, [&] {
                          ++index;
                          return index == at ? there() : each();
                        }));
  inputs[name] = out;
  return Status();
}

}  // namespace

std::string Tenths(int64_t k) {
  std::string sign = k < 0 ? "-" : "";
  int64_t m = k < 0 ? -k : k;
  return m % 10 == 0 ? sign + std::to_string(m / 10) : sign + std::to_string(m / 10) + "." + std::to_string(m % 10);
}

Result<std::string> Redraw(const std::string& text, const std::function<std::string()>& draw) {
  ATTN_ASSIGN_OR_RETURN(answer, ParseAnswer(text));
  std::function<std::string(const Answer&)> write = [&](const Answer& a) -> std::string {
    if (!a.is_list()) return draw();
    std::string out = "[";
    for (size_t i = 0; i < a.items.size(); ++i) out += (i ? ", " : "") + write(a.items[i]);
    return out + "]";
  };
  return write(answer);
}

bool HasDraws(const Json& exercise) {
  return exercise.contains("draw") && exercise["draw"].is_array() && !exercise["draw"].empty();
}

Status CheckDraws(const Json& exercise) {
  if (!exercise.contains("draw")) return Status();
  if (!exercise["draw"].is_array()) return Refused("\"draw\" must be a list");
  const Json inputs = exercise.value("inputs", Json::object());
  std::function<Status(const Json&)> check = [&](const Json& spec) -> Status {
    if (!spec.is_object()) return Refused("each draw is an object");
    if (spec.contains("group")) {
      for (const auto& [key, value] : spec.items())
        if (key != "group" && key != "until" && key != "tries")
          return Refused("a draw group has no key '" + key + "' (it takes group, until, tries)");
      for (const auto& member : spec["group"]) ATTN_RETURN_IF_ERROR(check(member));
      return Status();
    }
    const std::string name = StringField(spec, "input");
    if (name.empty()) return Refused("each draw names its \"input\"");
    if (!inputs.contains(name)) return Refused("the draw of '" + name + "': there is no input '" + name + "'");
    int kinds = 0;
    for (const auto& [key, value] : spec.items()) {
      if (key == "input" || key == "at" || key == "there") continue;
      if (!kKinds.count(key)) return Refused("the draw of '" + name + "' has no key '" + key + "'");
      ++kinds;
    }
    if (kinds != 1) return Refused("the draw of '" + name + "' needs exactly one way to draw it");
    return Status();
  };
  for (const auto& spec : exercise["draw"]) ATTN_RETURN_IF_ERROR(check(spec));
  return Status();
}

Status DrawInputs(Json& exercise, SeededRandom& random) {
  if (!HasDraws(exercise)) return Status();
  Json& inputs = exercise["inputs"];
  for (const auto& spec : exercise["draw"]) ATTN_RETURN_IF_ERROR(DrawOne(spec, inputs, random));
  return Status();
}

}  // namespace attn
