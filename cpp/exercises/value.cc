// Step values: building them, reading their numbers in a scalar, and turning them into the
// quantity a part is graded against.
#include "exercises/value.h"

#include <cmath>

namespace attn {
namespace {

template <class S>
void SetNumbers(Value& out, const Mat<S>& m) {
  if constexpr (std::is_same_v<S, Exact>) {
    out.exact = m;
    out.approx = m.unaryExpr([](const Exact& x) { return x.to_double(); });
  } else {
    out.approx = m.template cast<double>();
  }
}

Quantity NumberQuantity(const Value& v, Eigen::Index r, Eigen::Index c) {
  const double x = v.approx(r, c);
  if (v.exact && v.exact_shown) {
    const Exact& e = (*v.exact)(r, c);
    if (e.valid()) return Quantity::Number(e);
  }
  if (!std::isfinite(x)) return Quantity::NotFinite(x);
  return Quantity::Number(x);
}

}  // namespace

Value Value::Scalar(double x) {
  Value v;
  v.approx = Mat<double>::Constant(1, 1, x);
  return v;
}

Value Value::Scalar(const Exact& x) {
  Value v;
  Mat<Exact> m(1, 1);
  m(0, 0) = x;
  SetNumbers(v, m);
  return v;
}

template <class S>
Value Value::List(const Vec<S>& list) {
  Value v;
  v.rank = 1;
  Mat<S> m(list.size(), 1);
  for (Eigen::Index i = 0; i < list.size(); ++i) m(i, 0) = list(i);
  SetNumbers(v, m);
  return v;
}

template <class S>
Value Value::Matrix(const Mat<S>& m) {
  Value v;
  v.rank = 2;
  SetNumbers(v, m);
  return v;
}

template Value Value::List<double>(const Vec<double>&);
template Value Value::List<Exact>(const Vec<Exact>&);
template Value Value::Matrix<double>(const Mat<double>&);
template Value Value::Matrix<Exact>(const Mat<Exact>&);

Value Value::Positions(std::vector<std::string> right, std::vector<std::string> labels) {
  Value v;
  v.kind = Kind::kPositions;
  v.positions = std::move(right);
  v.position_labels = std::move(labels);
  return v;
}

Value Value::Choice(std::vector<std::string> right, std::vector<std::string> labels) {
  Value v = Positions(std::move(right), std::move(labels));
  v.choice = true;
  return v;
}

Value Value::Words(std::vector<std::string> words) {
  Value v;
  v.kind = Kind::kWords;
  v.words = std::move(words);
  return v;
}

Value Value::Record(std::vector<std::pair<std::string, Value>> fields, std::string main) {
  Value v;
  v.kind = Kind::kRecord;
  for (auto& [name, value] : fields) {
    v.field_names.push_back(std::move(name));
    v.field_values.push_back(std::move(value));
  }
  v.main = std::move(main);
  return v;
}

const Value* Value::Field(const std::string& name) const {
  for (size_t i = 0; i < field_names.size(); ++i)
    if (field_names[i] == name) return &field_values[i];
  return nullptr;
}

Value* Value::MutableField(const std::string& name) {
  for (size_t i = 0; i < field_names.size(); ++i)
    if (field_names[i] == name) return &field_values[i];
  return nullptr;
}

const Value& Value::Main() const {
  if (kind != Kind::kRecord) return *this;
  const Value* main_field = Field(main);
  return main_field ? main_field->Main() : *this;
}

bool Value::Eligible(Eigen::Index row, Eigen::Index col) const {
  if (eligible.empty()) return true;
  const auto& r = eligible[static_cast<size_t>(eligible.size() == 1 ? 0 : row)];
  return r.empty() || r[static_cast<size_t>(col)];
}

bool Value::Finite() const {
  const Value& v = Main();
  if (v.kind != Kind::kNumbers) return true;
  return v.approx.allFinite();
}

Value Value::Approximate() const {
  Value out = *this;
  out.exact.reset();
  for (auto& field : out.field_values) field = field.Approximate();
  return out;
}

Quantity Value::ToQuantity() const {
  const Value& v = Main();
  switch (v.kind) {
    case Kind::kPositions: {
      Quantity q = v.all_required ? Quantity::PositionSet(v.positions) : Quantity::Position(v.positions);
      return q;
    }
    case Kind::kWords: return Quantity::Position(v.words);
    case Kind::kRecord: return Quantity::List({});
    case Kind::kNumbers: break;
  }
  if (v.rank == 0) return NumberQuantity(v, 0, 0);
  if (v.rank == 1) {
    std::vector<Quantity> items;
    for (Eigen::Index i = 0; i < v.rows(); ++i) items.push_back(NumberQuantity(v, i, 0));
    return Quantity::List(std::move(items));
  }
  std::vector<Quantity> rows;
  for (Eigen::Index r = 0; r < v.rows(); ++r) {
    if (!v.kept_rows.empty() && !v.kept_rows[static_cast<size_t>(r)]) continue;
    std::vector<Quantity> row;
    for (Eigen::Index c = 0; c < v.cols(); ++c) row.push_back(NumberQuantity(v, r, c));
    rows.push_back(Quantity::List(std::move(row)));
  }
  return Quantity::List(std::move(rows));
}

bool Value::SameAs(const Value& other) const { return ToQuantity().SameAs(other.ToQuantity()); }

template <class S>
Result<Mat<S>> MatrixOf(const Value& whole, const std::string& what) {
  const Value& v = whole.Main();
  if (v.kind != Value::Kind::kNumbers) return Status(ErrorCode::kInvalidInput, what + " is not numbers");
  if constexpr (std::is_same_v<S, Exact>) {
    if (!v.exact) return Status(ErrorCode::kNotExact, what + " has no exact form");
    return *v.exact;
  } else {
    return Mat<double>(v.approx);
  }
}

template <class S>
Result<Vec<S>> VectorOf(const Value& whole, const std::string& what) {
  const Value& v = whole.Main();
  if (v.kind != Value::Kind::kNumbers || v.rank != 1)
    return Status(ErrorCode::kShapeMismatch, what + " must be a list of numbers");
  ATTN_ASSIGN_OR_RETURN(m, MatrixOf<S>(v, what));
  return Vec<S>(m.col(0));
}

template <class S>
Result<S> ScalarOf(const Value& whole, const std::string& what) {
  const Value& v = whole.Main();
  if (v.kind != Value::Kind::kNumbers || v.rank != 0)
    return Status(ErrorCode::kShapeMismatch, what + " must be one number");
  ATTN_ASSIGN_OR_RETURN(m, MatrixOf<S>(v, what));
  return S(m(0, 0));
}

template Result<Mat<double>> MatrixOf<double>(const Value&, const std::string&);
template Result<Mat<Exact>> MatrixOf<Exact>(const Value&, const std::string&);
template Result<Vec<double>> VectorOf<double>(const Value&, const std::string&);
template Result<Vec<Exact>> VectorOf<Exact>(const Value&, const std::string&);
template Result<double> ScalarOf<double>(const Value&, const std::string&);
template Result<Exact> ScalarOf<Exact>(const Value&, const std::string&);

Result<int64_t> IntegerOf(const Value& whole, const std::string& what) {
  const Value& v = whole.Main();
  if (v.kind != Value::Kind::kNumbers || v.rank != 0)
    return Status(ErrorCode::kInvalidInput, what + " must be a whole number");
  if (v.exact) {
    auto c = (*v.exact)(0, 0).constant();
    if (c && c->is_integer()) return c->num();
  } else if (std::isfinite(v.approx(0, 0)) && v.approx(0, 0) == std::round(v.approx(0, 0)) &&
             std::fabs(v.approx(0, 0)) < 9e15) {
    return static_cast<int64_t>(v.approx(0, 0));
  }
  return Status(ErrorCode::kInvalidInput, what + " must be a whole number");
}

}  // namespace attn
