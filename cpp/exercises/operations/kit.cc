// The operations' shared helpers (kit.h).
#include "exercises/operations/kit.h"

#include <algorithm>

namespace attn::ops {

std::string Said(double x) { return DecimalString(x); }

std::string Said(const Exact& x) { return x.to_string(); }

std::string Said(int64_t n) { return std::to_string(n); }

std::string Said(const Value& value) {
  const Value& v = value.Main();
  if (v.kind == Value::Kind::kNumbers && v.exact) {
    // Whole numbers as whole numbers, in either arithmetic ("4 bytes", not "4.00 bytes").
    bool whole = true;
    for (Eigen::Index i = 0; i < v.exact->size() && whole; ++i) {
      auto c = v.exact->data()[i].constant();
      whole = c && c->is_integer();
    }
    if (whole) {
      Value shown = v;
      shown.exact_shown = true;
      return shown.ToQuantity().ExactText();
    }
  }
  Quantity q = value.ToQuantity();
  std::string exact = q.ExactText();
  return exact.empty() ? q.DecimalText() : exact;
}

std::string Spoken(const std::string& label) {
  std::string word = label;
  std::replace(word.begin(), word.end(), '_', ' ');
  bool number = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; });
  return number ? "position " + word : "the " + word;
}

std::vector<std::string> NumberLabels(Eigen::Index n) {
  std::vector<std::string> labels;
  for (Eigen::Index i = 1; i <= n; ++i) labels.push_back(std::to_string(i));
  return labels;
}

std::vector<std::string> LabelsOf(const Value& value, Eigen::Index n) {
  const Value& v = value.Main();
  if (static_cast<Eigen::Index>(v.labels.size()) == n) return v.labels;
  return NumberLabels(n);
}

Result<Eigen::Index> PositionIn(const std::string& written, const std::vector<std::string>& labels) {
  auto it = std::find(labels.begin(), labels.end(), written);
  if (it != labels.end()) return static_cast<Eigen::Index>(it - labels.begin());
  bool number = !written.empty() && written.size() < 10 &&
                std::all_of(written.begin(), written.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (number) {
    long n = std::stol(written);
    if (n >= 1 && n <= static_cast<long>(labels.size())) return static_cast<Eigen::Index>(n - 1);
  }
  return Status(ErrorCode::kInvalidInput, "there is no position '" + written + "'");
}

}  // namespace attn::ops
