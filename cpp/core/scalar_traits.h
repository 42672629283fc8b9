// What the attention operations need from a scalar, for the exact scalar and for the
// floating-point ones: an exponential that may fail and a check that a value is usable.
#pragma once

#include <cmath>

#include "core/exact.h"
#include "core/status.h"

namespace attn {

template <class S>
struct ScalarTraits {
  static Result<S> Exp(const S& x) { return static_cast<S>(std::exp(x)); }
  static Status Check(const S& x) {
    if (!std::isfinite(x)) return Status(ErrorCode::kOverflow, "a value is not finite");
    return Status();
  }
};

template <>
struct ScalarTraits<Exact> {
  static Result<Exact> Exp(const Exact& x) { return ExactExp(x); }
  static Status Check(const Exact& x) { return x.status(); }
};

}  // namespace attn
