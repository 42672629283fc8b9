// The words a verdict is written in: ordinals, which entries ("entries 2 and 3"), the
// places a decimal shows, what the learner's answer is ("a list of 3 numbers"), and the
// invalid verdict. Internal to cpp/answers/ (grading.cc and its parts).
#pragma once

#include <string>
#include <vector>

#include "answers/answer.h"
#include "answers/grading.h"
#include "answers/judging.h"

namespace attn::grading {

std::string Ordinal(size_t n);

// "entries 2 and 3", "entry 1", "4 of the 15 entries".
std::string EntriesText(const std::vector<const EntryJudgment*>& entries, size_t total);

std::vector<const EntryJudgment*> EntriesWith(const Judgment& j, Match match);

std::string PlacesText(const Answer& a);

// What the learner's answer is, in words that never repeat the expected shape's wording
// unless the shapes truly match.
std::string Describe(const Answer& a);

Verdict Invalid(std::string read_as, std::string message);

std::string Capitalised(std::string s);

}  // namespace attn::grading
