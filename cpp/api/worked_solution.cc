// A part's worked solution: its chain of declared steps, in words and notation, with values.
#include "api/worked_solution.h"

#include <cctype>
#include <set>
#include <string>
#include <vector>

namespace attn {
namespace {

std::string ValueText(const Value& v) {
  if (v.kind == Value::Kind::kRecord) {  // a Chapter 14 encoder's embeddings, one a token
    std::string out;
    for (size_t f = 0; f < v.field_names.size(); ++f)
      out += (out.empty() ? "" : "; ") + v.field_names[f] + ": " + ValueText(v.field_values[f]);
    return out;
  }
  if (v.kind == Value::Kind::kWords) {
    std::string out;
    for (const auto& w : v.words) out += (out.empty() ? "" : " ") + w;
    return out;
  }
  return v.ToQuantity().Text();
}

bool Reads(const Step& step, const char* argument) {
  for (const ArgRef& a : step.args)
    if (a.name == argument) return true;
  return false;
}

// "Scores $e_i$: [...]": the field's noun, capitalised, its notation where it has one. A
// softmax read without a temperature scales nothing, so its formulas use the scores e_i
// themselves; one with a mask sums over the positions it keeps.
std::string Line(const Step& step, const FieldSpec* field, const std::string& value) {
  std::string noun = field ? field->noun : step.name;
  if (!noun.empty()) noun[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(noun[0])));
  std::string notation = field && field->notation ? field->notation : "";
  if (std::string(step.op->name) == "softmax" && !Reads(step, "temperature")) {
    for (const char* index : {"s_i", "s_j"}) {
      for (size_t at = notation.find(index); at != std::string::npos; at = notation.find(index, at + 1))
        notation[at] = 'e';
    }
  }
  std::string out = noun + (notation.empty() ? "" : " $" + notation + "$");
  if (std::string(step.op->name) == "softmax" && Reads(step, "mask") && field &&
      (std::string(field->name) == "denominator" || std::string(field->name) == "weights"))
    out += " (j over the positions the mask keeps)";
  return out + ": " + value;
}

}  // namespace

Result<Json> SolutionOf(Computed& computed, const Json& part) {
  ATTN_ASSIGN_OR_RETURN(ref, computed.PartStep(part));
  const Computation& c = computed.computation();
  const Values& values = computed.values();
  std::vector<size_t> chain;
  for (size_t i = 0; i <= ref.step; ++i)
    if (i == ref.step || c.DependsOn(ref.step, i)) chain.push_back(i);
  Json lines = Json::array();
  std::set<std::string> inputs;
  for (size_t i : chain) {
    for (const ArgRef& a : c.steps()[i].args) {
      if (a.kind != ArgRef::Kind::kInput || !inputs.insert(a.input).second) continue;
      if (const Value* given = c.Input(a.input)) lines.push_back(a.input + " = " + ValueText(*given) + " (given)");
    }
  }
  for (size_t i : chain) {
    const Step& step = c.steps()[i];
    const Value& whole = values[i];
    if (whole.kind != Value::Kind::kRecord) {
      const FieldSpec* field = step.op->fields.empty() ? nullptr : &step.op->fields[0];
      lines.push_back(Line(step, field, ValueText(whole)));
      continue;
    }
    for (size_t f = 0; f < whole.field_names.size(); ++f) {
      const std::string& name = whole.field_names[f];
      const bool asked = i == ref.step && name == ref.field;
      // (A record may carry what it was computed from, such as an encoder's tokens: only the
      // operation's own fields are steps of the solution.)
      if (!step.op->Field(name)) continue;
      // Without a temperature the scaled scores are the scores: not a step of their own.
      if (name == "scaled" && std::string(step.op->name) == "softmax" && !Reads(step, "temperature") && !asked)
        continue;
      lines.push_back(Line(step, step.op->Field(name), ValueText(whole.field_values[f])));
      // The part's own field ends the chain: later fields are not asked for.
      if (asked) break;
    }
  }
  return lines;
}

}  // namespace attn
