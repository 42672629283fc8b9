// The functions a learner may write, with their exact forms where one exists: e^x and
// exp(x) (exp(k·ln p + m) = p^k·e^m for whole k and whole m ≥ 0), ln and log (natural;
// ln of a positive rational times a power of e is a sum of ln(p) for primes p, ln 2 being
// the chapter's a), and sqrt of a rational square. Where no exact form exists, the status
// is kNotExact and the reader evaluates the expression instead.
#pragma once

#include "core/exact.h"
#include "core/status.h"

namespace attn {

Result<Exact> AnswerExp(const Exact& x);
Result<Exact> AnswerLn(const Exact& x);
Result<Exact> AnswerSqrt(const Exact& x);

}  // namespace attn
