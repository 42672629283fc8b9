// The words a verdict is written in (verdict_words.h).
#include "answers/verdict_words.h"

#include <cctype>

namespace attn::grading {
namespace {

std::string EntryName(const std::vector<size_t>& path) {
  if (path.empty()) return "your answer";
  if (path.size() == 1) return "entry " + std::to_string(path[0] + 1);
  std::string out = "row " + std::to_string(path[0] + 1);
  for (size_t i = 1; i < path.size(); ++i) out += ", entry " + std::to_string(path[i] + 1);
  return out;
}

}  // namespace

std::string Ordinal(size_t n) {
  std::string suffix = "th";
  if (n % 100 < 11 || n % 100 > 13) {
    if (n % 10 == 1) suffix = "st";
    if (n % 10 == 2) suffix = "nd";
    if (n % 10 == 3) suffix = "rd";
  }
  return std::to_string(n) + suffix;
}

std::string EntriesText(const std::vector<const EntryJudgment*>& entries, size_t total) {
  if (entries.size() > 4) return std::to_string(entries.size()) + " of the " + std::to_string(total) + " entries";
  std::string out;
  for (size_t i = 0; i < entries.size(); ++i) {
    std::string name = EntryName(entries[i]->path);
    if (i > 0 && name.rfind("entry ", 0) == 0) name = name.substr(6);
    out += (i == 0 ? "" : i + 1 == entries.size() ? " and " : ", ") + name;
  }
  if (entries.size() > 1 && out.rfind("entry ", 0) == 0) out = "entries " + out.substr(6);
  return out;
}

std::vector<const EntryJudgment*> EntriesWith(const Judgment& j, Match match) {
  std::vector<const EntryJudgment*> out;
  for (const auto& e : j.entries)
    if (e.match == match) out.push_back(&e);
  return out;
}

std::string PlacesText(const Answer& a) {
  if (!a.unit_word.empty() || a.decimals < 0) return "the last digit it shows";
  return a.decimals == 1 ? "the 1 decimal place it shows"
                         : "the " + std::to_string(a.decimals) + " decimal places it shows";
}

std::string Describe(const Answer& a) {
  switch (a.kind) {
    case Answer::Kind::kWord: return "the word " + a.word + " (not a number)";
    case Answer::Kind::kNumber: return "a single number";
    case Answer::Kind::kList: break;
  }
  if (a.items.empty()) return "an empty list";
  size_t n = a.items.size();
  std::string count = std::to_string(n);
  for (size_t i = 0; i < n; ++i) {
    if (a.items[i].kind == Answer::Kind::kWord) {
      return "a list of " + count + " entries whose " + Ordinal(i + 1) + " entry is " + a.items[i].word +
             ", not a number";
    }
  }
  bool numbers =
      std::all_of(a.items.begin(), a.items.end(), [](const Answer& x) { return x.kind == Answer::Kind::kNumber; });
  if (numbers) return "a list of " + count + (n == 1 ? " number" : " numbers");
  bool lists = std::all_of(a.items.begin(), a.items.end(), [](const Answer& x) { return x.is_list(); });
  if (!lists) return "a list of " + count + " entries that mixes numbers and lists";
  size_t depth = 1;
  for (const Answer* x = &a; x->is_list() && !x->items.empty() && x->items[0].is_list(); x = &x->items[0]) ++depth;
  if (depth > 3) return "a list nested " + std::to_string(depth) + " levels deep";
  // Each level is described once (the depth is bounded, and so is the work).
  std::string inner = Describe(a.items[0]);
  for (size_t i = 1; i < n; ++i) {
    if (Describe(a.items[i]) != inner) return "a list of " + count + " lists that are not all alike";
  }
  if (inner.rfind("a list of ", 0) == 0) inner = "lists of " + inner.substr(10);
  return "a list of " + count + " " + inner;
}

Verdict Invalid(std::string read_as, std::string message) {
  Verdict v;
  v.kind = Verdict::Kind::kInvalid;
  v.read_as = std::move(read_as);
  v.feedback = std::move(message) + " This check did not count as an attempt.";
  return v;
}

std::string Capitalised(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

}  // namespace attn::grading
