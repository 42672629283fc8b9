// A part's worked solution: its chain of declared steps, in words and notation, with values.
#include "api/worked_solution.h"

#include <cctype>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "api/working_lines.h"
#include "exercises/input_words.h"

namespace attn {
namespace {

std::string ValueText(const Value& v) {
  if (v.kind == Value::Kind::kRecord) {  // a Chapter 14 encoder's embeddings, one a token
    std::string out;
    for (size_t f = 0; f < v.field_names.size(); ++f)
      out += (out.empty() ? "" : "; ") + TokenWords(v.field_names[f]) + ": " + ValueText(v.field_values[f]);
    return out;
  }
  if (v.kind == Value::Kind::kWords) {
    std::string out;
    for (const auto& w : v.words) out += (out.empty() ? "" : ", ") + TokenWords(w);
    return out;
  }
  if (v.kind == Value::Kind::kPositions) return TokenWords(v.ToQuantity().Text());
  if (v.kind == Value::Kind::kNumbers && v.rank == 2 && v.kept_rows.size() == static_cast<size_t>(v.rows())) {
    // Stored states with one removed: each row in its place, the removed one written as such.
    auto rows = [&](bool decimals) {
      std::string out = "[";
      for (Eigen::Index r = 0; r < v.rows(); ++r) {
        out += r ? ", " : "";
        if (!v.kept_rows[static_cast<size_t>(r)]) {
          out += "removed";
          continue;
        }
        out += "[";
        for (Eigen::Index c = 0; c < v.cols(); ++c)
          out += (c ? ", " : "") + (decimals ? NumberText(v.approx(r, c)) : EntryText(v, r, c));
        out += "]";
      }
      return out + "]";
    };
    const std::string exact = rows(false), decimal = rows(true);
    return exact == decimal ? exact : exact + " \u2248 " + decimal;
  }
  // Every decimal of a solution at one precision, negative numbers with the minus sign its
  // working writes (−0.200, as in "(−0.200) × 0.400").
  std::string text = v.ToQuantity().Text(/*fixed_places=*/true);
  for (size_t at = text.find('-'); at != std::string::npos; at = text.find('-', at + 1)) {
    if (at == 0 || text[at - 1] == '[' || text[at - 1] == ' ' || text[at - 1] == '(') {
      text.replace(at, 1, "\u2212");
      at += 2;
    }
  }
  return text;
}

bool Reads(const Step& step, const char* argument) {
  for (const ArgRef& a : step.args)
    if (a.name == argument) return true;
  return false;
}

// "Scores $e_i$: [...]": the field's noun, capitalised, its notation where it has one. A
// softmax read without a temperature scales nothing, so its formulas use the scores e_i
// themselves; one with a mask sums over the positions it keeps.
// A list of scores or exponentials where a position is removed or masked: that entry is written
// as such (a removed position has no score, and no exponential to add), never as a number.
std::string ReadText(const Value& v) {
  if (v.kind != Value::Kind::kNumbers || v.rank == 0 || v.eligible.empty()) return ValueText(v);
  auto row = [&](Eigen::Index r) {
    std::string out = "[";
    for (Eigen::Index j = 0; j < (v.rank == 1 ? v.rows() : v.cols()); ++j) {
      out += j ? ", " : "";
      const Eigen::Index i = v.rank == 1 ? j : r, c = v.rank == 1 ? 0 : j;
      if (v.Eligible(r, j))
        out += EntryText(v, i, c);
      else
        out += v.role == MaskRole::kRemoval ? "removed" : "masked";
    }
    return out + "]";
  };
  if (v.rank == 1) return row(0);
  std::string out = "[";
  for (Eigen::Index r = 0; r < v.rows(); ++r) out += (r ? ", " : "") + row(r);
  return out + "]";
}

// The chapter's notation: Chapter 14 indexes positions by j, sums over k, and mixes its states h_j
// (it has no values v).
std::string InChapter(std::string notation, int chapter) {
  if (chapter != 14) return notation;
  auto replace = [&](const std::string& from, const std::string& to) {
    for (size_t at = notation.find(from); at != std::string::npos; at = notation.find(from, at + to.size()))
      notation.replace(at, from.size(), to);
  };
  if (notation.find("\\sum_j") != std::string::npos) replace("_j", "_k");
  replace("_i", "_j");
  replace("v_", "h_");
  return notation;
}

std::string Line(const Step& step, const FieldSpec* field, const std::string& value, int chapter) {
  std::string noun = field ? field->noun : step.name;
  if (!noun.empty()) noun[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(noun[0])));
  std::string notation = field && field->notation ? field->notation : "";
  if (std::string(step.op->name) == "softmax" && !Reads(step, "temperature")) {
    for (const char* index : {"s_i", "s_j"}) {
      for (size_t at = notation.find(index); at != std::string::npos; at = notation.find(index, at + 1))
        notation[at] = 'e';
    }
  }
  notation = InChapter(notation, chapter);
  std::string out = noun + (notation.empty() ? "" : " $" + notation + "$");
  if (std::string(step.op->name) == "softmax" && Reads(step, "mask") && field &&
      (std::string(field->name) == "denominator" || std::string(field->name) == "weights"))
    out += chapter == 14 ? " (k over the positions the mask keeps)" : " (j over the positions the mask keeps)";
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
      if (const Value* given = c.Input(a.input)) {
        std::string words = InputWords(computed.exercise(), a.input);
        words[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(words[0])));
        lines.push_back(words + ": " + ValueText(*given) + " (given)");
      }
    }
  }
  const int chapter = computed.exercise().value("chapter", 19);
  for (size_t i : chain) {
    const Step& step = c.steps()[i];
    const Value& whole = values[i];
    // The step's working (working_lines.h), each line before the field it leads to.
    const StepContext context = c.ContextFor(i, values, computed.seed());
    const std::vector<WorkingLine> working = WorkingLinesOf({&c, &values, &context, &whole, chapter});
    auto working_before = [&](const std::string& field) {
      for (const auto& [before, line] : working)
        if (before == field) lines.push_back(line);
    };
    if (whole.kind != Value::Kind::kRecord) {
      const FieldSpec* field = step.op->fields.empty() ? nullptr : &step.op->fields[0];
      working_before("");
      const bool scores = std::string(step.op->name) == "scores" && i != ref.step;
      lines.push_back(Line(step, field, scores ? ReadText(whole) : ValueText(whole), chapter));
      continue;
    }
    for (size_t f = 0; f < whole.field_names.size(); ++f) {
      const std::string& name = whole.field_names[f];
      const bool asked = i == ref.step && name == ref.field;
      // (A record may carry what it was computed from, such as an encoder's tokens: only the
      // operation's own fields are steps of the solution.)
      if (!step.op->Field(name)) continue;
      working_before(name);
      // Without a temperature the scaled scores are the scores: not a step of their own.
      if (name == "scaled" && std::string(step.op->name) == "softmax" && !Reads(step, "temperature") && !asked)
        continue;
      // A field that overflowed is not written as a number: its working says so (and shows the stable route).
      const Value& field = whole.field_values[f];
      if (!asked && field.is_numbers() && !field.approx.allFinite()) continue;
      const bool read = !asked && (name == "scaled" || name == "exponentials");
      lines.push_back(Line(step, step.op->Field(name), read ? ReadText(field) : ValueText(field), chapter));
      // The part's own field ends the chain: later fields are not asked for.
      if (asked) break;
    }
  }
  return lines;
}

}  // namespace attn
