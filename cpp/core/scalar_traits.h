// What the attention operations need from a scalar, for the exact scalar and for the
// floating-point ones: an exponential that may fail, a sign, and a name for messages.
#pragma once

#include <cmath>

#include "core/exact.h"
#include "core/status.h"

namespace attn {

template <class S>
struct ScalarTraits {
  static Result<S> Exp(const S& x) { return static_cast<S>(std::exp(x)); }
  static int Sign(const S& x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }
  static Status Check(const S& x) {
    if (!std::isfinite(x)) return Status(ErrorCode::kOverflow, "a value is not finite");
    return Status();
  }
  static double ToDouble(const S& x) { return static_cast<double>(x); }
};

template <>
struct ScalarTraits<Exact> {
  static Result<Exact> Exp(const Exact& x) { return ExactExp(x); }
  static int Sign(const Exact& x) { return SignOf(x); }
  static Status Check(const Exact& x) { return x.status(); }
  static double ToDouble(const Exact& x) { return x.to_double(); }
};

}  // namespace attn
