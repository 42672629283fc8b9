// Derived mistakes in counts (mutation.h): the computation run again with the exercise's sizes (its
// whole-number inputs) as symbols writes each count as a formula, T·S·D_k + T·S·D_v or n·d; the
// formula is changed (a factor left out or counted twice, a sum for a product, a term left out or
// counted twice, a size that does not belong multiplied in, one size for another, one off) and
// evaluated at the variant's sizes. And units: bits for bytes, another number of bytes a number.
#include <algorithm>
#include <set>

#include "exercises/mutations/mutation.h"
#include "exercises/operations/kit.h"

namespace attn {
namespace {

// The formula with each symbol replaced by a value (a size, or another formula).
Exact Substitute(const Exact& x, const std::map<std::string, Exact>& with) {
  Exact out(0);
  for (const auto& [monomial, coefficient] : x.terms()) {
    Exact term(coefficient);
    for (const auto& [symbol, power] : monomial) {
      auto it = with.find(symbol);
      term *= it == with.end() ? ExactPow(Exact::Symbol(symbol), power) : ExactPow(it->second, power);
    }
    out += term;
  }
  return out;
}

std::vector<std::string> SymbolsIn(const Exact& x) {
  std::set<std::string> out;
  for (const auto& [monomial, coefficient] : x.terms())
    for (const auto& [symbol, power] : monomial) out.insert(symbol);
  return {out.begin(), out.end()};
}

Exact Term(const Monomial& monomial, const Rational& coefficient) {
  Exact t(coefficient);
  for (const auto& [symbol, power] : monomial) t *= ExactPow(Exact::Symbol(symbol), power);
  return t;
}

// A count's formula at a step: its value with the sizes as symbols, when it is one number.
std::optional<Exact> FormulaAt(const MutationSite& site) {
  const Value& right = site.right();
  if (right.kind != Value::Kind::kNumbers || right.rank != 0 || !right.exact) return std::nullopt;
  const bool count = right.form == AnswerForm::kCount || right.form == AnswerForm::kBytes;
  const Exact& exact = (*right.exact)(0, 0);
  if (!count && !exact.has_symbol_other_than_a()) return std::nullopt;
  // A formula answer (T·S·D_k + T·S·D_v) is its own formula.
  if (exact.has_symbol_other_than_a()) return exact;
  const auto& formula = site.formulas.steps[site.step];
  if (!formula || formula->kind != Value::Kind::kNumbers || formula->rank != 0 || !formula->exact) return std::nullopt;
  const Exact& f = (*formula->exact)(0, 0);
  if (!f.valid() || !f.has_symbol_other_than_a()) return std::nullopt;
  return f;
}

std::string Words(const MutationSite& site, const std::string& symbol) {
  const Formulas::Size* size = site.formulas.Named(symbol);
  return size && !size->words.empty() ? size->words : symbol;
}

// The step's value with the changed formula evaluated at the variant's sizes.
void AddFormula(const MutationSite& site, std::vector<Mutant>& out, const Exact& changed, std::string tag, int rank,
                std::function<std::string(const Explaining&)> explain) {
  if (!changed.valid()) return;
  std::map<std::string, Exact> sizes;
  for (const auto& size : site.formulas.sizes) sizes[size.symbol] = size.value;
  const Exact value = Substitute(changed, sizes);
  if (!value.valid()) return;
  Value v = site.right();
  (*v.exact)(0, 0) = value;
  v.approx(0, 0) = value.to_double();
  Mutant m{std::move(tag), rank, false, std::move(v), std::move(explain)};
  site.Add(out, std::move(m));
}

std::string Count(const Explaining& e) { return e.Your(); }

void FactorLeftOutOrTwice(const MutationSite& site, std::vector<Mutant>& out) {
  auto f = FormulaAt(site);
  if (!f) return;
  // A count that is one size and nothing else (d multiplications a dot product) has no factor to leave out.
  const bool product = f->terms().size() > 1 || f->terms().begin()->first.size() > 1 ||
                       f->terms().begin()->second != Rational(1) ||
                       (!f->terms().begin()->first.empty() && f->terms().begin()->first[0].second > 1);
  for (const std::string& x : SymbolsIn(*f)) {
    const std::string words = Words(site, x);
    if (product)
      AddFormula(site, out, Substitute(*f, {{x, Exact(1)}}), "left-out:" + x, 101, [words](const Explaining& e) {
        return Count(e) + " leaves out " + words + ": this count multiplies by it too.";
      });
    AddFormula(site, out, *f * Exact::Symbol(x), "twice:" + x, 103, [words](const Explaining& e) {
      return Count(e) + " multiplies by " + words + " twice: this count has it as a factor once.";
    });
  }
}

void TermLeftOutOrTwice(const MutationSite& site, std::vector<Mutant>& out) {
  auto f = FormulaAt(site);
  if (!f || f->terms().size() < 2) return;
  for (const auto& [monomial, coefficient] : f->terms()) {
    const Exact t = Term(monomial, coefficient);
    const std::string shown = t.to_string();
    const bool negative = coefficient < Rational(0);
    const std::string magnitude = negative ? (-t).to_string() : shown;
    const bool constant = monomial.empty();
    AddFormula(site, out, *f - t, "term-left-out", 100, [negative, magnitude, constant](const Explaining& e) {
      // A constant is not named (it could be the count itself): what it does is.
      if (constant)
        return Count(e) + (negative ? " leaves out what this count takes away from the rest."
                                    : " leaves out what this count adds to the rest.");
      return Count(e) +
             (negative ? " leaves out the " + magnitude + " that this count takes away"
                       : " leaves out the term " + magnitude + ": this count adds it to the rest") +
             ".";
    });
    AddFormula(site, out, *f + t, "term-twice", 104, [shown, constant](const Explaining& e) {
      if (constant) return Count(e) + " counts a constant of this count twice.";
      return Count(e) + " counts the term " + shown + " twice: it belongs in the count once.";
    });
  }
}

// A product of sizes added up instead: T + S for T·S.
void SumForProduct(const MutationSite& site, std::vector<Mutant>& out) {
  auto f = FormulaAt(site);
  if (!f) return;
  for (const auto& [monomial, coefficient] : f->terms()) {
    int degree = 0;
    for (const auto& [symbol, power] : monomial) degree += power;
    if (degree < 2) continue;
    Exact sum(0);
    std::string shown;
    for (const auto& [symbol, power] : monomial) {
      sum += Exact(power) * Exact::Symbol(symbol);
      shown += (shown.empty() ? "" : " and ") + symbol;
    }
    AddFormula(site, out, *f - Term(monomial, coefficient) + Exact(coefficient) * sum, "sum-for-product", 102,
               [shown](const Explaining& e) {
                 return Count(e) + " adds " + shown +
                        " where they multiply: every one of the first meets every one of the second, so the count is "
                        "their product.";
               });
  }
}

// A size of the exercise that is not in this count multiplied in (the width where dot products
// are counted, not their multiplications).
void ExtraFactor(const MutationSite& site, std::vector<Mutant>& out) {
  auto f = FormulaAt(site);
  if (!f) return;
  const auto in = SymbolsIn(*f);
  for (const auto& size : site.formulas.sizes) {
    if (size.per_number || std::find(in.begin(), in.end(), size.symbol) != in.end()) continue;
    const std::string words = size.words;
    AddFormula(site, out, *f * Exact::Symbol(size.symbol), "extra:" + size.symbol, 106, [words](const Explaining& e) {
      return Count(e) + " multiplies in " + words + " as well, which this count does not include.";
    });
  }
}

void SizeForSize(const MutationSite& site, std::vector<Mutant>& out) {
  auto f = FormulaAt(site);
  if (!f) return;
  std::vector<std::string> others;
  for (const auto& size : site.formulas.sizes)
    if (!size.per_number) others.push_back(size.symbol);
  for (const std::string& x : SymbolsIn(*f))
    if (std::find(others.begin(), others.end(), x) == others.end()) others.push_back(x);
  for (const std::string& x : SymbolsIn(*f)) {
    for (const std::string& y : others) {
      if (y == x) continue;
      const std::string wx = Words(site, x), wy = Words(site, y);
      AddFormula(site, out, Substitute(*f, {{x, Exact::Symbol(y)}}), y + "-for-" + x, 105,
                 [wx, wy](const Explaining& e) { return Count(e) + " uses " + wy + " where " + wx + " belongs."; });
    }
  }
}

void CountOffByOne(const MutationSite& site, std::vector<Mutant>& out) {
  auto f = FormulaAt(site);
  if (!f || site.right().approx(0, 0) < 2) return;
  for (int by : {-1, 1}) {
    AddFormula(site, out, *f + Exact(by), "off-by-one", 107, [by](const Explaining& e) {
      return Count(e) + " is one " + (by > 0 ? "more" : "fewer") +
             " than the count: check whether the first or the last one is counted.";
    });
  }
}

// Bytes counted in bits, or with another number of bytes a number.
void Units(const MutationSite& site, std::vector<Mutant>& out) {
  const Value& right = site.right();
  if (right.form != AnswerForm::kBytes || right.rank != 0 || !right.exact) return;
  const Exact bytes = (*right.exact)(0, 0);
  auto scaled = [&](const Exact& by, std::string tag, int rank, std::function<std::string(const Explaining&)> explain) {
    Value v = right;
    (*v.exact)(0, 0) = bytes * by;
    v.approx(0, 0) = (bytes * by).to_double();
    site.Add(out, Mutant{std::move(tag), rank, false, std::move(v), std::move(explain)});
  };
  scaled(Exact(8), "bits-for-bytes", 108, [](const Explaining& e) {
    return e.Your() + " counts bits where this part asks for bytes: a byte is eight bits.";
  });
  for (const ArgSpec& spec : site.step_decl().op->args) {
    const Value* width = site.context.Arg(spec.name);
    if (spec.role != ArgSpec::Role::kPerNumber || !width || !width->exact || width->rank != 0) continue;
    const Exact k = (*width->exact)(0, 0);
    if (!k.constant() || k.is_zero()) continue;
    for (int other : {2, 4, 8}) {
      if (Exact(other) == k) continue;
      const std::string shown = k.to_string();
      scaled(Exact(other) / k, std::to_string(other) + "-bytes-per-number", 109, [shown](const Explaining& e) {
        return e.Your() +
               " takes another number of bytes for each number than the exercise gives: here each "
               "number takes " +
               shown + ".";
      });
    }
  }
}

}  // namespace

Formulas FormulasOf(const Computation& computation, const Json& exercise, uint32_t seed) {
  Formulas out;
  std::map<std::string, std::string> symbol_of;  // input -> the exercise's symbol for it
  const Json symbols = exercise.value("symbols", Json::object());
  if (symbols.is_object())
    for (const auto& [symbol, input] : symbols.items())
      if (input.is_string()) symbol_of[input.get<std::string>()] = symbol;
  // What each size counts, from the argument that reads it ("target steps t" -> "target steps").
  std::map<std::string, std::string> about;
  std::set<std::string> per_number;  // bytes a number: a width of its own kind, not a size to mix with the others
  for (const Step& step : computation.steps())
    for (const ArgRef& arg : step.args) {
      const std::string key = arg.kind == ArgRef::Kind::kInput ? arg.input : arg.text;
      for (const ArgSpec& spec : step.op->args) {
        if (arg.name != spec.name) continue;
        if (spec.role == ArgSpec::Role::kPerNumber) per_number.insert(key);
        if (!about.count(key) && spec.about && *spec.about) about[key] = spec.about;
      }
    }
  std::vector<std::pair<std::string, Value>> symbolic;
  for (const auto& [input, value] : computation.inputs()) {
    if (value.kind != Value::Kind::kNumbers || value.rank != 0 || !value.exact) continue;
    auto c = (*value.exact)(0, 0).constant();
    if (!c || !c->is_integer() || c->num() < 1) continue;
    std::string symbol = symbol_of.count(input) ? symbol_of[input] : input;
    if (symbol == "a" || symbol == "e") symbol = "_" + symbol;
    Value v = value;
    (*v.exact)(0, 0) = Exact::Symbol(symbol);
    symbolic.emplace_back(input, v);
    std::string words = about.count(input) ? about[input] : input;
    if (words.size() > symbol.size() + 1 &&
        words.compare(words.size() - symbol.size() - 1, symbol.size() + 1, " " + symbol) == 0)
      words.erase(words.size() - symbol.size() - 1);
    // "t (target steps)"; a size with no symbol of its own: "the bytes one number takes".
    if (symbol != input)
      words = symbol + " (" + words + ")";
    else if (words.rfind("the ", 0) != 0 && words.rfind("a ", 0) != 0)
      words = "the " + words;
    out.sizes.push_back({symbol, input, (*value.exact)(0, 0), words, per_number.count(input) > 0});
  }
  // The sizes written as symbols in the steps themselves (T, S, D_k of a formula answer).
  for (const Step& step : computation.steps())
    for (const ArgRef& arg : step.args)
      if (arg.kind == ArgRef::Kind::kLiteral && about.count(arg.text) && !out.Named(arg.text) &&
          arg.literal.has_exact() && arg.literal.rank == 0 && (*arg.literal.exact)(0, 0) == Exact::Symbol(arg.text))
        out.sizes.push_back({arg.text, "", Exact::Symbol(arg.text), arg.text + " (" + about[arg.text] + ")", false});
  out.steps = symbolic.empty() ? std::vector<std::optional<Value>>(computation.steps().size())
                               : computation.EvaluateWith(symbolic, seed);
  return out;
}

extern const Mutation kFormulaFactor = {"factor-left-out-or-twice", "formula",
                                        "a size left out of a count, or counted twice", FactorLeftOutOrTwice};
extern const Mutation kFormulaTerm = {"term-left-out-or-twice", "formula",
                                      "a term of a count that adds terms left out, or counted twice",
                                      TermLeftOutOrTwice};
extern const Mutation kSumForProduct = {"sum-for-product", "formula", "sizes added where they multiply (T + S for T·S)",
                                        SumForProduct};
extern const Mutation kExtraFactor = {
    "extra-factor", "formula", "a size of the exercise multiplied in that the count does not include", ExtraFactor};
extern const Mutation kSizeForSize = {"size-for-size", "formula", "one size where another belongs (S for T)",
                                      SizeForSize};
extern const Mutation kCountOffByOne = {"count-off-by-one", "formula", "a count one more or one fewer", CountOffByOne};
extern const Mutation kUnits = {"units", "units", "bits for bytes; another number of bytes a number (2, 4 or 8)",
                                Units};

}  // namespace attn
