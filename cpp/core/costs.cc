// Overflow-checked cost counts.
#include "core/costs.h"

#include <string>

namespace attn {
namespace {

Result<int64_t> Times(int64_t x, int64_t y) {
  int64_t out;
  if (__builtin_mul_overflow(x, y, &out)) {
    return Status(ErrorCode::kOverflow, "the count " + std::to_string(x) + " x " + std::to_string(y) + " is too large");
  }
  return out;
}

}  // namespace

Result<RecurrentReadCosts> RecurrentReadCostsOf(int64_t positions, int64_t width, int64_t bytes_per_number,
                                                int64_t target_steps) {
  if (positions < 1 || width < 1 || bytes_per_number < 1 || target_steps < 0) {
    return Status(ErrorCode::kInvalidInput,
                  "counts need at least one position, a width and a number size of at least 1");
  }
  RecurrentReadCosts c{};
  c.context_numbers = width;
  ATTN_ASSIGN_OR_RETURN(context_bytes, Times(width, bytes_per_number));
  c.context_bytes = context_bytes;
  ATTN_ASSIGN_OR_RETURN(states_numbers, Times(positions, width));
  c.states_numbers = states_numbers;
  ATTN_ASSIGN_OR_RETURN(states_bytes, Times(states_numbers, bytes_per_number));
  c.states_bytes = states_bytes;
  ATTN_ASSIGN_OR_RETURN(dots, Times(target_steps, positions));
  c.dot_products = dots;
  c.multiplications_per_dot = width;
  c.additions_per_dot = width - 1;
  return c;
}

Result<GlobalAttentionCosts> GlobalAttentionCostsOf(int64_t B, int64_t H, int64_t T, int64_t S, int64_t Dk, int64_t Dv,
                                                    int64_t bytes_per_number) {
  for (int64_t n : {B, H, T, S, Dk, Dv, bytes_per_number}) {
    if (n < 1) return Status(ErrorCode::kInvalidInput, "every size must be at least 1");
  }
  GlobalAttentionCosts c;
  c.score_shape = {B, H, T, S};
  ATTN_ASSIGN_OR_RETURN(bh, Times(B, H));
  ATTN_ASSIGN_OR_RETURN(bht, Times(bh, T));
  ATTN_ASSIGN_OR_RETURN(elements, Times(bht, S));
  c.elements = elements;
  ATTN_ASSIGN_OR_RETURN(bytes, Times(elements, bytes_per_number));
  c.weight_bytes = bytes;
  ATTN_ASSIGN_OR_RETURN(per_head, Times(T, S));
  int64_t widths;
  if (__builtin_add_overflow(Dk, Dv, &widths)) return Status(ErrorCode::kOverflow, "the widths are too large");
  ATTN_ASSIGN_OR_RETURN(mults, Times(per_head, widths));
  ATTN_ASSIGN_OR_RETURN(all, Times(mults, bh));
  c.multiplications = all;
  return c;
}

}  // namespace attn
