// Errors as values: a Status and a Result<T> that the core returns instead of throwing,
// so that nothing escapes across the WebAssembly boundary as a bare exception.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace attn {

enum class ErrorCode {
  kOk = 0,
  kEmptyMemory,    // no eligible source position
  kShapeMismatch,  // widths or lengths that do not fit together
  kNotExact,       // a value that has no exact form (exp of a non-multiple of a)
  kOverflow,       // a rational that left the 64-bit range
  kInvalidInput,   // an input or exercise file that cannot be read
  kParse,          // a learner's answer that cannot be read
};

class Status {
 public:
  Status() = default;
  Status(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}

  bool ok() const { return code_ == ErrorCode::kOk; }
  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }

 private:
  ErrorCode code_ = ErrorCode::kOk;
  std::string message_;
};

template <class T>
class Result {
 public:
  Result(T value) : data_(std::move(value)) {}         // NOLINT: implicit by design
  Result(Status status) : data_(std::move(status)) {}  // NOLINT: implicit by design

  bool ok() const { return std::holds_alternative<T>(data_); }
  const T& value() const& { return std::get<T>(data_); }
  T& value() & { return std::get<T>(data_); }
  T&& value() && { return std::get<T>(std::move(data_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }
  Status status() const { return ok() ? Status() : std::get<Status>(data_); }

 private:
  std::variant<T, Status> data_;
};

// Propagate a failed Result or Status out of the current function.
#define ATTN_ASSIGN_OR_RETURN(lhs, expr)                \
  auto lhs##_result = (expr);                           \
  if (!lhs##_result.ok()) return lhs##_result.status(); \
  auto lhs = std::move(lhs##_result).value()

#define ATTN_RETURN_IF_ERROR(expr)     \
  do {                                 \
    ::attn::Status status_ = (expr);   \
    if (!status_.ok()) return status_; \
  } while (0)

}  // namespace attn
