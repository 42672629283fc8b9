// Derived mistakes in a step's value itself (mutation.h): a list in reverse order, a shape with an
// axis left out or two exchanged, a mask inverted, on the wrong side or of the other kind, and an
// exact value with a = ln 2 dropped.
#include <algorithm>

#include "exercises/mutations/mutation.h"

namespace attn {
namespace {

using mutations::StepWords;

// The value whose numbers a mutation changes: the step's value, or its main field.
Value* Numbers(Value& v) {
  Value* main = v.kind == Value::Kind::kRecord ? v.MutableField(v.main) : &v;
  return main && main->kind == Value::Kind::kNumbers ? main : nullptr;
}

// "your context is ..." where the step is the part's own quantity, else "your X comes from ...".
std::string Opening(const Explaining& e, const std::string& step, const std::string& own, const std::string& from) {
  return step == "the " + e.noun ? e.Your() + " " + own : e.Comes() + " from " + step + " " + from;
}

void ReversedResult(const MutationSite& site, std::vector<Mutant>& out) {
  Value v = site.right();
  Value* n = Numbers(v);
  if (!n || n->rank != 1 || n->rows() < 2 || n->mask || n->form == AnswerForm::kShape) return;
  n->approx = Mat<double>(n->approx.colwise().reverse());
  if (n->exact) n->exact = Mat<Exact>(n->exact->colwise().reverse());
  const std::string step = StepWords(site);
  site.Add(out, Mutant{"reversed", 98, false, v, [step](const Explaining& e) {
                         return Opening(e, step, "has its entries in reverse order",
                                        "with its entries in reverse order") +
                                ": the first entry belongs first.";
                       }});
}

// A shape's axes, by the sizes they are (symbol B, H, T, S and words), from the formula of the shape.
struct Axis {
  std::string symbol, words;
};
std::vector<Axis> AxesOf(const MutationSite& site, Eigen::Index n) {
  std::vector<Axis> axes;
  const auto& formula = site.formulas.steps[site.step];
  for (Eigen::Index i = 0; i < n; ++i) {
    Axis axis{std::to_string(i + 1), "axis " + std::to_string(i + 1)};
    if (formula && formula->exact && formula->size() == n) {
      const Exact& x = formula->exact->data()[i];
      if (x.terms().size() == 1 && x.terms().begin()->first.size() == 1) {
        axis.symbol = axis.words = x.terms().begin()->first[0].first;
        if (const Formulas::Size* size = site.formulas.Named(axis.symbol); size && !size->words.empty())
          axis.words = size->words;
      }
    }
    axes.push_back(axis);
  }
  return axes;
}

void ShapeAxes(const MutationSite& site, std::vector<Mutant>& out) {
  const Value& right = site.right();
  if (right.form != AnswerForm::kShape || right.rank != 1 || !right.exact || right.rows() < 2) return;
  const Eigen::Index n = right.rows();
  const auto axes = AxesOf(site, n);
  const std::string step = StepWords(site);
  for (Eigen::Index drop = 0; drop < n; ++drop) {
    Vec<Exact> dims(n - 1);
    for (Eigen::Index i = 0, k = 0; i < n; ++i)
      if (i != drop) dims(k++) = right.exact->data()[i];
    Value v = Value::List(dims);
    v.form = AnswerForm::kShape;
    // Tagged as a count's factor left out is (formula.cc): one story, whichever step it is seen at.
    const std::string axis = axes[static_cast<size_t>(drop)].words;
    site.Add(out, Mutant{"left-out:" + axes[static_cast<size_t>(drop)].symbol, 80, false, v,
                         [step, axis](const Explaining& e) {
                           return Opening(e, step, "leaves out", "that leaves out") + " the axis of " + axis +
                                  ": the tensor has one axis for each of its sizes.";
                         }});
  }
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = i + 1; j < n; ++j) {
      Value v = right;
      std::swap(v.exact->data()[i], v.exact->data()[j]);
      std::swap(v.approx.data()[i], v.approx.data()[j]);
      const std::string a = axes[static_cast<size_t>(i)].words, b = axes[static_cast<size_t>(j)].words;
      site.Add(out, Mutant{"axes-swapped", 81, false, v, [step, a, b](const Explaining& e) {
                             return Opening(e, step, "has", "that has") + " the axes of " + a + " and " + b +
                                    " exchanged: the order of the axes is part of the shape.";
                           }});
    }
  }
}

std::string RoleWords(MaskRole role) {
  switch (role) {
    case MaskRole::kWindow: return "a window mask";
    case MaskRole::kRemoval: return "a removal";
    case MaskRole::kCausal: return "a causal mask";
    default: return "a padding mask";
  }
}

void MaskKind(const MutationSite& site, std::vector<Mutant>& out) {
  const Value& right = site.right();
  if (right.kind != Value::Kind::kNumbers || !right.mask || !right.exact || right.size() < 2) return;
  const std::string step = StepWords(site);
  const Eigen::Index rows = right.rank == 1 ? 1 : right.rows(), cols = right.rank == 1 ? right.rows() : right.cols();
  // Entry (r, c) of a list (one row) or a matrix.
  auto set = [&](Value& v, Eigen::Index r, Eigen::Index c, int x) {
    const Eigen::Index i = right.rank == 1 ? c : r, j = right.rank == 1 ? 0 : c;
    v.approx(i, j) = x;
    (*v.exact)(i, j) = Exact(x);
  };
  auto bit = [&](Eigen::Index r, Eigen::Index c) {
    return right.rank == 1 ? right.approx(c, 0) != 0 : right.approx(r, c) != 0;
  };
  Value inverted = right, reversed = right, causal = right;
  for (Eigen::Index r = 0; r < rows; ++r)
    for (Eigen::Index c = 0; c < cols; ++c) {
      const int b = bit(r, c) ? 1 : 0;
      set(inverted, r, c, 1 - b);
      set(reversed, r, cols - 1 - c, b);
      set(causal, r, c, c <= r + (cols - rows) ? 1 : 0);
    }
  const std::string kind = RoleWords(right.role);
  site.Add(out, Mutant{"mask-inverted", 16, false, inverted, [step](const Explaining& e) {
                         return Opening(e, step, "is the wrong way round", "the wrong way round") +
                                ": 1 marks a position that may be read and 0 one that may not.";
                       }});
  site.Add(out, Mutant{"mask-reversed", 18, false, reversed, [step](const Explaining& e) {
                         return Opening(e, step, "has each row in reverse order", "with each row in reverse order") +
                                ": a padded item's real tokens come first and its padding after them.";
                       }});
  if (rows > 1)
    site.Add(out, Mutant{"mask-causal", 19, false, causal, [step, kind](const Explaining& e) {
                           return Opening(e, step, "is a causal mask", "built as a causal mask") +
                                  " (each target sees itself and the positions before it), where this asks for " +
                                  kind + ".";
                         }});
}

// An exact value with a = ln 2 taken as 1 (a/2 written 1/2).
void SymbolDropped(const MutationSite& site, std::vector<Mutant>& out) {
  Value v = site.right();
  Value* n = Numbers(v);
  if (!n || !n->exact || !n->exact_shown) return;
  bool any = false;
  for (Eigen::Index i = 0; i < n->exact->size(); ++i) {
    Exact& x = n->exact->data()[i];
    Exact dropped(0);
    for (const auto& [monomial, coefficient] : x.terms()) {
      Exact term(coefficient);
      for (const auto& [symbol, power] : monomial) {
        if (symbol != "a") term *= ExactPow(Exact::Symbol(symbol), power);
        any = any || symbol == "a";
      }
      dropped += term;
    }
    x = dropped;
    n->approx.data()[i] = x.to_double();
  }
  if (!any) return;
  const std::string step = StepWords(site);
  site.Add(out, Mutant{"a-left-out", 65, false, v, [step](const Explaining& e) {
                         return Opening(e, step, "leaves out a = ln 2", "with a = ln 2 left out") +
                                ": a is a factor of these exact values, so keep it in each one.";
                       }});
}

}  // namespace

extern const Mutation kReversedResult = {"result-reversed", "results", "a step's list in reverse order",
                                         ReversedResult};
extern const Mutation kShapeAxes = {"shape-axes", "results", "a shape with one axis left out, or two axes exchanged",
                                    ShapeAxes};
extern const Mutation kMaskKind = {"mask-kind", "results",
                                   "a mask inverted, with each row reversed (padding on the wrong side), or causal "
                                   "where another kind is asked",
                                   MaskKind};
extern const Mutation kSymbolDropped = {"a-left-out", "results", "an exact value with a = ln 2 taken as 1",
                                        SymbolDropped};

}  // namespace attn
