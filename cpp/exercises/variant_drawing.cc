// Shape-keeping rewrites of inputs for the models' variant generators.
#include "exercises/variant_drawing.h"

#include "answers/answer_parser.h"

namespace attn {

std::string Tenths(int64_t k) {
  std::string sign = k < 0 ? "-" : "";
  int64_t m = k < 0 ? -k : k;
  return m % 10 == 0 ? sign + std::to_string(m / 10) : sign + std::to_string(m / 10) + "." + std::to_string(m % 10);
}

Result<std::string> Redraw(const std::string& text, const std::function<std::string()>& draw) {
  ATTN_ASSIGN_OR_RETURN(answer, ParseAnswer(text));
  std::function<std::string(const Answer&)> write = [&](const Answer& a) -> std::string {
    if (!a.is_list()) return draw();
    std::string out = "[";
    for (size_t i = 0; i < a.items.size(); ++i) out += (i ? ", " : "") + write(a.items[i]);
    return out + "]";
  };
  return write(answer);
}

Status ForInput(Json& exercise, const std::string& key,
                const std::function<Result<std::string>(const std::string&)>& f) {
  auto apply = [&](Json& holder) -> Status {
    if (!holder.is_object() || !holder.contains(key) || !holder[key].is_string()) return Status();
    ATTN_ASSIGN_OR_RETURN(text, f(holder[key].get<std::string>()));
    holder[key] = text;
    return Status();
  };
  if (exercise.contains("inputs")) ATTN_RETURN_IF_ERROR(apply(exercise["inputs"]));
  if (exercise.contains("parts") && exercise["parts"].is_array())
    for (auto& part : exercise["parts"]) ATTN_RETURN_IF_ERROR(apply(part));
  return Status();
}

}  // namespace attn
