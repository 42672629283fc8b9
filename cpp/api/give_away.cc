// Texts that give a part's value away (give_away.h).
#include "api/give_away.h"

#include <algorithm>
#include <cctype>

namespace attn {
namespace {

struct Text {
  std::string where, text;
};

void Strings(const Json& j, const std::string& where, std::vector<Text>& out) {
  if (j.is_string()) {
    out.push_back({where, j.get<std::string>()});
  } else if (j.is_structured()) {
    for (const auto& item : j) Strings(item, where, out);
  }
}

// The texts a learner sees before any part is settled, in an exercise's texts (as written, or
// rendered), each with where it is. (A choice's options are the choice itself.)
std::vector<Text> SeenBefore(const Json& texts) {
  std::vector<Text> out;
  for (const char* key : {"title", "intro", "tables", "checklist"})
    if (texts.contains(key)) Strings(texts[key], std::string("the ") + key, out);
  for (const std::string list : {"parts", "explain"}) {
    if (!texts.contains(list) || !texts[list].is_array()) continue;
    for (const auto& item : texts[list]) {
      if (!item.is_object()) continue;
      const std::string whose =
          (list == "parts" ? " of part '" : " of the written item '") + StringField(item, "name") + "'";
      for (const std::string key : {"heading", "prompt", "hint", "placeholder", "checklist"})
        if (item.contains(key)) Strings(item[key], "the " + key + whose, out);
    }
  }
  return out;
}

// The steps a text writes out ("{{=read.weights}}" -> "read.weights").
std::vector<std::string> ComputedRefs(const std::string& text) {
  std::vector<std::string> out;
  for (size_t at = text.find("{{="); at != std::string::npos; at = text.find("{{=", at + 3)) {
    const size_t end = text.find("}}", at);
    if (end == std::string::npos) break;
    out.push_back(text.substr(at + 3, end - at - 3));
  }
  return out;
}

// Whether a value as shown is distinctive enough that finding it in a text means the text gives
// it: a list, a shape, a decimal or a fraction (a whole number such as 2 is in many a sentence).
bool Distinctive(const std::string& shown) {
  if (shown.size() < 3) return false;
  return shown[0] == '[' || shown[0] == '(' || shown.find_first_of("./") != std::string::npos;
}

// Whether `text` holds `shown` as a whole: not inside a longer number or formula, and a single
// number not as an entry of a list (the example [0, a/2] shows no answer a/2).
bool Holds(const std::string& text, const std::string& shown) {
  auto joined = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '/' || c == '_'; };
  const bool single = shown[0] != '[' && shown[0] != '(';
  for (size_t at = text.find(shown); at != std::string::npos; at = text.find(shown, at + 1)) {
    const bool before = at > 0 && (joined(text[at - 1]) || text[at - 1] == '-');
    const size_t end = at + shown.size();
    const bool after = end < text.size() && joined(text[end]);
    int depth = 0;
    for (size_t k = 0; k < at; ++k)
      depth += text[k] == '[' || text[k] == '(' ? 1 : text[k] == ']' || text[k] == ')' ? -1 : 0;
    if (!before && !after && !(single && depth > 0)) return true;
  }
  return false;
}

}  // namespace

std::vector<GiveAway> GiveAways(Computed& computed, const Json& rendered,
                                const std::vector<std::vector<std::string>>& shown) {
  std::vector<GiveAway> out;
  const Json parts = computed.exercise().value("parts", Json::array());
  const std::vector<Text> written = SeenBefore(computed.exercise()), seen = SeenBefore(rendered);
  for (size_t i = 0; i < parts.size(); ++i) {
    const std::string name = StringField(parts[i], "name");
    const auto& request = computed.Request(parts[i], /*with_mistakes=*/false);
    if (!request.ok()) continue;
    const std::string asks = ", the value part '" + name + "' asks for, where a learner sees it before answering";
    // A placeholder for the part's value, or for a step of the same value.
    for (const Text& t : written) {
      for (const std::string& ref : ComputedRefs(t.text)) {
        auto value = computed.ValueNamed(ref);
        if (value.ok() && value->ToQuantity().SameAs(request->expected))
          out.push_back({name, t.where + " holds {{=" + ref + "}}" + asks});
      }
    }
    // The value written out as the page shows it, in the file (a placeholder the page would
    // redraw is still the teacher's) or once rendered.
    if (i >= shown.size()) continue;
    for (const std::string& form : shown[i]) {
      if (!Distinctive(form)) continue;
      for (const std::vector<Text>* texts : {&written, &seen}) {
        const auto found =
            std::find_if(texts->begin(), texts->end(), [&](const Text& t) { return Holds(t.text, form); });
        if (found == texts->end()) continue;
        out.push_back({name, found->where + " shows " + form + asks});
        break;
      }
    }
  }
  return out;
}

}  // namespace attn
