// Inputs' names in words (input_words.h).
#include "exercises/input_words.h"

#include <map>

namespace attn {
namespace {

const std::map<std::string, std::string>& Names() {
  static const std::map<std::string, std::string> table = {
      {"query", "query $q$"},
      {"query_2", "second query $q$"},
      {"earlier_query", "earlier query $q$"},
      {"zero_query", "zero query $q$"},
      {"keys", "keys $k_i$ (one row per position)"},
      {"values", "values $v_i$ (one row per position)"},
      {"W", "bilinear matrix $W$"},
      {"W_q", "query matrix $W_q$"},
      {"W_k", "key matrix $W_k$"},
      {"v", "scoring vector $v$"},
      {"b", "bias $b$"},
      {"scores", "scores $e_i$"},
      {"shift", "shift $c$"},
      {"weights", "weights $\\alpha_i$"},
      {"mask", "mask (1 = eligible)"},
      {"temperature", "temperature $\\tau$"},
      {"low_temperature", "low temperature $\\tau$"},
      {"unit_temperature", "unit temperature $\\tau$"},
      {"high_temperature", "high temperature $\\tau$"},
      {"lengths", "source lengths"},
      {"S", "source length $S$"},
      {"T", "target length $T$"},
      {"B", "batch size $B$"},
      {"H", "heads $H$"},
      {"D_k", "key width $D_k$"},
      {"D_v", "value width $D_v$"},
      {"window", "local window [start, end)"},
      {"relevant", "position holding the needed value"},
      {"score", "score function"},
      {"embeddings", "embeddings"},
      {"source", "source tokens"},
      {"readout", "readout weights"},
      {"control", "control value"},
      {"replace", "position whose value is replaced"},
      {"point", "point $p$"},
      {"positions", "stored states $n$"},
      {"width", "state width $d$"},
      {"target_steps", "target steps $t$"},
      {"bytes_per_number", "bytes per number"},
  };
  return table;
}

}  // namespace

std::string TokenWords(std::string token) {
  for (char& ch : token)
    if (ch == '_') ch = ' ';
  return token;
}

std::string InputWords(const Json& exercise, const std::string& name) {
  // S is the width the rows are padded to only where there are source lengths to pad.
  const Json inputs = exercise.value("inputs", Json::object());
  if (name == "S" && inputs.is_object() && inputs.contains("lengths")) return "padded source length $S$";
  auto found = Names().find(name);
  return found != Names().end() ? found->second : TokenWords(name);
}

Json InputWordsOf(const Json& exercise) {
  Json out = Json::object();
  const Json inputs = exercise.value("inputs", Json::object());
  if (!inputs.is_object()) return out;
  for (const auto& [name, value] : inputs.items()) out[name] = InputWords(exercise, name);
  return out;
}

}  // namespace attn
