// Derived mistakes that change a step's arguments (mutation.h): two exchanged, another input or
// step in one's place, a list in reverse order, an optional one left out, a divisor multiplied or
// applied after the step, bounds off by one, another word for a word argument.
#include <algorithm>

#include "exercises/mutations/mutation.h"
#include "exercises/operations/kit.h"

namespace attn {
namespace {

using mutations::ArgWords;
using mutations::Does;
using mutations::Plural;
using mutations::SpecOf;
using mutations::StepWords;

bool SameShape(const Value& a, const Value& b) {
  return a.kind == Value::Kind::kNumbers && b.kind == Value::Kind::kNumbers && a.rank == b.rank &&
         a.rows() == b.rows() && a.cols() == b.cols();
}

// The step's arguments with one of them pointing at another value.
StepContext With(const MutationSite& site, const std::string& name, const Value* value) {
  StepContext c = site.context;
  for (auto& [arg, held] : c.args)
    if (arg == name) held = value;
  return c;
}

std::string Belong(const std::string& name) { return Plural(name) ? " belong" : " belongs"; }

void Swapped(const MutationSite& site, std::vector<Mutant>& out) {
  // Sizes exchanged in a count or a shape are the formula's and the axes' story.
  if (site.right().Main().form != AnswerForm::kNumbers) return;
  const auto& args = site.context.args;
  for (size_t i = 0; i < args.size(); ++i) {
    for (size_t j = i + 1; j < args.size(); ++j) {
      const Value* a = args[i].second;
      const Value* b = args[j].second;
      if (!a || !b || !SameShape(a->Main(), b->Main()) || a->Main().SameAs(b->Main())) continue;
      StepContext c = site.context;
      std::swap(c.args[i].second, c.args[j].second);
      auto value = site.Apply(c);
      if (!value.ok()) continue;
      const std::string x = args[i].first, y = args[j].first;
      const std::string wx = ArgWords(site, x), wy = ArgWords(site, y);
      Mutant m{"swapped:" + x + ":" + y, 90, false, *value, nullptr};
      m.explain = [wx, wy](const Explaining& e) {
        return e.Comes() + " from " + wx + " and " + wy + " exchanged: each went where the other belongs.";
      };
      site.Add(out, std::move(m));
    }
  }
}

void InPlaceOf(const MutationSite& site, std::vector<Mutant>& out) {
  // A count's sizes are changed as a formula (formula.cc); here the values of a read.
  if (site.right().Main().form != AnswerForm::kNumbers) return;
  for (const ArgRef& arg : site.step_decl().args) {
    if (arg.kind != ArgRef::Kind::kInput && arg.kind != ArgRef::Kind::kStep) continue;
    const Value* own = site.context.Arg(arg.name);
    if (!own || own->Main().kind != Value::Kind::kNumbers) continue;
    auto try_value = [&](const Value& other, const std::string& tag_source, const std::string& words) {
      if (!SameShape(other.Main(), own->Main()) || other.Main().SameAs(own->Main())) return;
      if (other.Main().form != AnswerForm::kNumbers) return;
      auto value = site.Apply(With(site, arg.name, &other));
      if (!value.ok()) return;
      const std::string name = arg.name, arg_words = ArgWords(site, arg.name);
      const std::string does = Does(site, name);
      Mutant m{tag_source + "-for-" + name, 92, false, *value, nullptr};
      m.explain = [words, name, arg_words, does](const Explaining& e) {
        return e.Comes() + " from " + words + " used where " + arg_words + Belong(name) + "." + does;
      };
      site.Add(out, std::move(m));
    };
    for (const auto& [input, given] : site.computation.inputs()) {
      if (arg.kind == ArgRef::Kind::kInput && arg.input == input) continue;
      try_value(given, input, ArgWords(input));
    }
  }
}

// A list in reverse order (a matrix: its rows).
Value Reversed(const Value& v) {
  Value out = v;
  if (v.rank == 1) {
    out.approx = v.approx.colwise().reverse();
    if (v.exact) out.exact = Mat<Exact>(v.exact->colwise().reverse());
  } else {
    out.approx = v.approx.rowwise().reverse();
    if (v.exact) out.exact = Mat<Exact>(v.exact->rowwise().reverse());
  }
  return out;
}

void ReversedArgument(const MutationSite& site, std::vector<Mutant>& out) {
  for (const auto& [name, value] : site.context.args) {
    if (!value || value->kind != Value::Kind::kNumbers || value->rank != 1 || value->rows() < 2) continue;
    const ArgSpec* spec = SpecOf(site, name);
    if (spec && spec->role == ArgSpec::Role::kBounds) continue;  // bounds reversed are no bounds
    const Value reversed = Reversed(*value);
    auto result = site.Apply(With(site, name, &reversed));
    if (!result.ok()) continue;
    const std::string arg = name, words = ArgWords(site, name);
    Mutant m{"reversed:" + arg, 94, false, *result, nullptr};
    m.explain = [words](const Explaining& e) {
      return e.Comes() + " from " + words + " taken in reverse order, so the first was paired with the last.";
    };
    site.Add(out, std::move(m));
  }
}

void LeftOut(const MutationSite& site, std::vector<Mutant>& out) {
  for (const ArgSpec& spec : site.step_decl().op->args) {
    if (spec.required || spec.kind != ArgSpec::Kind::kValue || !site.context.Has(spec.name)) continue;
    StepContext c = site.context;
    c.args.erase(std::remove_if(c.args.begin(), c.args.end(), [&](const auto& a) { return a.first == spec.name; }),
                 c.args.end());
    auto value = site.Apply(c);
    if (!value.ok()) continue;
    const std::string name = spec.name, words = ArgWords(site, spec.name), does = Does(site, spec.name);
    // In a count or a shape, a size left out is the formula's or the axes' story (formula.cc, results.cc).
    const bool sized = site.right().Main().form != AnswerForm::kNumbers;
    const int rank = sized ? 110 : spec.role == ArgSpec::Role::kDivisor ? 21 : 19;
    Mutant m{"left-out:" + name, rank, false, *value, nullptr};
    m.explain = [words, does](const Explaining& e) { return e.Comes() + " from leaving out " + words + "." + does; };
    site.Add(out, std::move(m));
  }
}

// A divisor (the temperature) multiplied instead: the step run with its reciprocal.
void Multiplied(const MutationSite& site, std::vector<Mutant>& out) {
  for (const ArgSpec& spec : site.step_decl().op->args) {
    const Value* given = site.context.Arg(spec.name);
    if (spec.role != ArgSpec::Role::kDivisor || !given || given->rank != 0) continue;
    Value reciprocal = *given;
    reciprocal.approx(0, 0) = 1 / given->approx(0, 0);
    if (given->exact) {
      if (!(*given->exact)(0, 0).constant() || (*given->exact)(0, 0).is_zero()) continue;
      (*reciprocal.exact)(0, 0) = Exact(1) / (*given->exact)(0, 0);
    }
    auto value = site.Apply(With(site, spec.name, &reciprocal));
    if (!value.ok()) continue;
    const std::string name = spec.name, shown = ops::Said(*given), does = Does(site, spec.name);
    Mutant m{"multiplied:" + name, 20, false, *value, nullptr};
    m.explain = [name, shown, does](const Explaining& e) {
      return e.Comes() + " from multiplying by " + ArgWords(name) + " (" + shown + ") where it divides." + does;
    };
    site.Add(out, std::move(m));
  }
}

// A divisor applied after the step: the step without it, its result divided by it.
void After(const MutationSite& site, std::vector<Mutant>& out) {
  for (const ArgSpec& spec : site.step_decl().op->args) {
    const Value* given = site.context.Arg(spec.name);
    if (spec.role != ArgSpec::Role::kDivisor || !given || given->rank != 0 || given->approx(0, 0) == 0) continue;
    StepContext c = site.context;
    c.args.erase(std::remove_if(c.args.begin(), c.args.end(), [&](const auto& a) { return a.first == spec.name; }),
                 c.args.end());
    auto value = site.Apply(c);
    if (!value.ok()) continue;
    Value result = *value;
    Value* main = result.kind == Value::Kind::kRecord ? result.MutableField(result.main) : &result;
    if (!main || main->kind != Value::Kind::kNumbers) continue;
    main->approx /= given->approx(0, 0);
    if (main->exact && given->exact && (*given->exact)(0, 0).constant()) {
      for (Eigen::Index i = 0; i < main->exact->size(); ++i) main->exact->data()[i] /= (*given->exact)(0, 0);
    } else {
      main->exact.reset();
    }
    const std::string name = spec.name, shown = ops::Said(*given), does = Does(site, spec.name);
    const std::string what = StepWords(site);
    Mutant m{"after:" + name, 22, false, result, nullptr};
    m.explain = [name, shown, what, does](const Explaining& e) {
      return e.Comes() + " from dividing " + what + " by " + ArgWords(name) + " (" + shown +
             ") after computing them, instead of where it belongs." + does;
    };
    site.Add(out, std::move(m));
  }
}

// Bounds (a window [start, end), each item's length) with one entry, or all of them, one more or
// one less.
void OffByOne(const MutationSite& site, std::vector<Mutant>& out) {
  for (const ArgSpec& spec : site.step_decl().op->args) {
    const Value* given = site.context.Arg(spec.name);
    if (spec.role != ArgSpec::Role::kBounds || !given || given->kind != Value::Kind::kNumbers || !given->exact)
      continue;
    const Eigen::Index n = given->size();
    if (n > 16) continue;
    struct Change {
      Eigen::Index entry;  // -1: every entry
      int by;
    };
    std::vector<Change> changes;
    for (int by : {-1, 1}) {
      for (Eigen::Index i = 0; i < n; ++i) changes.push_back({i, by});
      if (n > 1) changes.push_back({-1, by});
    }
    for (const Change& change : changes) {
      Value moved = *given;
      for (Eigen::Index i = 0; i < n; ++i) {
        if (change.entry >= 0 && change.entry != i) continue;
        moved.approx.data()[i] += change.by;
        moved.exact->data()[i] += Exact(change.by);
      }
      auto value = site.Apply(With(site, spec.name, &moved));
      if (!value.ok()) continue;
      const std::string name = spec.name, does = Does(site, spec.name);
      std::string which = change.entry < 0 ? "every entry of " + ArgWords(name)
                          : n == 1         ? ArgWords(name)
                                           : "entry " + std::to_string(change.entry + 1) + " of " + ArgWords(name);
      which += change.by > 0 ? " one too large" : " one too small";
      Mutant m{"off-by-one:" + name, 17, true, *value, nullptr};
      m.explain = [which, does](const Explaining& e) { return e.Comes() + " from " + which + "." + does; };
      site.Add(out, std::move(m));
    }
  }
}

// A word argument (a score function) as another of the words it may be.
void OtherWord(const MutationSite& site, std::vector<Mutant>& out) {
  for (const ArgSpec& spec : site.step_decl().op->args) {
    if (spec.role != ArgSpec::Role::kWord || !spec.alternatives) continue;
    // The words, split at spaces (no stream: the cores stay small); the word given, or (not given) the
    // first of them, the operation's default.
    std::vector<std::string> words;
    for (const char* c = spec.alternatives; *c;) {
      while (*c == ' ') ++c;
      const char* start = c;
      while (*c && *c != ' ') ++c;
      if (c > start) words.emplace_back(start, c);
    }
    if (words.empty()) continue;
    const std::string right = site.context.Word(spec.name, words[0]);
    for (const std::string& word : words) {
      if (word == right || right.empty()) continue;
      Step changed = site.step_decl();
      bool found = false;
      for (ArgRef& arg : changed.args)
        if (arg.name == spec.name && arg.kind == ArgRef::Kind::kWord) {
          arg.word = word;
          found = true;
        }
      if (!found) {
        ArgRef given;
        given.name = spec.name;
        given.kind = ArgRef::Kind::kWord;
        given.word = given.text = word;
        changed.args.push_back(given);
      }
      StepContext c = site.context;
      c.step = &changed;
      auto value = site.Apply(c);
      if (!value.ok()) continue;
      const std::string name = spec.name, does = Does(site, spec.name);
      Mutant m{word + "-for-" + right, 40, false, *value, nullptr};
      m.explain = [word, right, name, does](const Explaining& e) {
        return e.Comes() + " from the " + word + " " + (name == "function" ? "score" : name) +
               " where this asks for the " + right + " one." + does;
      };
      site.Add(out, std::move(m));
    }
  }
}

}  // namespace

extern const Mutation kSwappedArguments = {"swapped", "arguments",
                                           "two arguments of the same shape exchanged (after and before)", Swapped};
extern const Mutation kInPlaceOf = {"in-place-of", "arguments",
                                    "another input of the same shape where an argument belongs (the keys where the "
                                    "values belong)",
                                    InPlaceOf};
extern const Mutation kReversedArgument = {
    "argument-reversed", "arguments",
    "a list argument taken in reverse order (weights paired with the values backwards)", ReversedArgument};
extern const Mutation kLeftOutArgument = {"left-out", "arguments",
                                          "an optional argument left out (the temperature, the mask)", LeftOut};
extern const Mutation kMultipliedDivisor = {
    "multiplied", "arguments", "a divisor multiplied instead (the scores times the temperature)", Multiplied};
extern const Mutation kDivisorAfter = {"after", "arguments",
                                       "a divisor applied after the step instead of to its input (the weights divided "
                                       "by the temperature)",
                                       After};
extern const Mutation kOffByOneBounds = {
    "bounds-off-by-one", "arguments", "bounds one too large or too small (a window's end, an item's length)", OffByOne};
extern const Mutation kOtherWord = {"other-word", "arguments",
                                    "another word where a word argument is given (the scaled score for the dot score)",
                                    OtherWord};

}  // namespace attn
