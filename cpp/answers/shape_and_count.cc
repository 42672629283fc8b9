// Reading a tensor shape, "(8, 4, 64, 512)" or "8×4×64×512", and a count written with
// digit groups, "1,048,576" (both declared in answer_parser.h).
#include <string>
#include <vector>

#include "answers/answer_lexer.h"
#include "answers/answer_parser.h"

namespace attn {

using reading::IsDigit;
using reading::IsSpace;

Result<Answer> ParseShape(std::string_view text, const ParseOptions& options) {
  NoteRead(text);
  std::string s;
  for (size_t i = 0; i < text.size(); ++i) {
    // Dimension separators: ×, x, X, * and commas all separate entries of a shape.
    if (text.substr(i, 2) == "\u00D7") {
      s += ',';
      ++i;
    } else if (text[i] == 'x' || text[i] == 'X' || text[i] == '*') {
      s += ',';
    } else {
      s += text[i];
    }
  }
  // "(5,)" is Python's spelling of a one-dimensional shape; "torch.Size([5])" its printout.
  for (std::string_view prefix : {"torch.Size", "Size"}) {
    size_t at = s.find_first_not_of(' ');
    if (at != std::string::npos && s.compare(at, prefix.size(), prefix) == 0) s = s.substr(at + prefix.size());
  }
  size_t close = s.find_last_not_of(" ");
  if (close != std::string::npos && close > 0 && (s[close] == ')' || s[close] == ']')) {
    // Python's trailing comma after the last size: "(5,)", never "(,)".
    size_t comma = s.find_last_not_of(" ", close - 1);
    size_t before = comma == std::string::npos || comma == 0 ? std::string::npos : s.find_last_not_of(" ", comma - 1);
    if (comma != std::string::npos && s[comma] == ',' && before != std::string::npos && IsDigit(s[before]))
      s.erase(comma, 1);
  }
  ParseOptions shape_options;
  shape_options.symbols = {};
  shape_options.max_length = options.max_length;
  ATTN_ASSIGN_OR_RETURN(answer, reading::ParseUncounted(s, shape_options));
  std::vector<Answer> dims = answer.is_list() ? answer.items : std::vector<Answer>{answer};
  if (dims.size() == 1 && dims[0].is_list()) {  // "([5])": a copy first, not a self-assignment
    std::vector<Answer> inner = dims[0].items;
    dims = std::move(inner);
  }
  for (const auto& d : dims) {
    auto c = d.is_list() || d.evaluated ? std::nullopt : d.value.constant();
    if (!c || !c->is_integer() || c->num() < 1 || d.unit > 0) {
      return Status(ErrorCode::kParse, "a shape lists whole, positive sizes, such as (8, 4, 64, 512)");
    }
  }
  return Answer::List(dims);
}

std::optional<Result<Answer>> ParseGroupedCount(std::string_view text) {
  std::string s(text);
  while (!s.empty() && IsSpace(s.back())) s.pop_back();
  size_t start = 0;
  while (start < s.size() && IsSpace(s[start])) ++start;
  s = s.substr(start);
  char separator = 0;
  for (char c : s) {
    if (c == ',' || c == ' ') {
      if (separator && separator != c) return std::nullopt;
      separator = c;
    } else if (!IsDigit(c)) {
      return std::nullopt;
    }
  }
  if (!separator) return std::nullopt;
  // Every group after the first must have exactly three digits.
  std::vector<std::string> groups(1);
  for (char c : s) {
    if (c == separator)
      groups.emplace_back();
    else
      groups.back() += c;
  }
  bool grouped = !groups[0].empty() && groups[0].size() <= 3;
  for (size_t i = 1; i < groups.size(); ++i) grouped = grouped && groups[i].size() == 3;
  if (!grouped) return std::nullopt;
  std::string digits;
  for (const auto& g : groups) digits += g;
  if (digits.size() > 18) return Result<Answer>(Status(ErrorCode::kParse, "the count has too many digits"));
  return Result<Answer>(Answer::Number(Exact(static_cast<int64_t>(std::stoll(digits)))));
}

}  // namespace attn
