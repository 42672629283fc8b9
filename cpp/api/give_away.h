// Texts that give a part's value away (the check, exercise_check.cc): every text a learner sees
// before a part is settled (the title, the intro, the tables, each part's heading, prompt, hint
// and placeholder, each written item's prompt and checklist, the checklist) may not hold that
// part's value, neither as a placeholder ({{=context}}, or {{=read.weights}} where the part asks
// for the weights) nor written out as the page shows it ("[0.633, 0.943]").
#pragma once

#include <string>
#include <vector>

#include "exercises/computed.h"

namespace attn {

// One text that gives a part's value away: the part, and where and how, in words.
struct GiveAway {
  std::string part, message;
};

// rendered: the exercise's texts as RenderTexts gives them for `computed`; shown: for each of
// the exercise's parts (in order), its value as the page shows it, each form a learner may type.
std::vector<GiveAway> GiveAways(Computed& computed, const Json& rendered,
                                const std::vector<std::vector<std::string>>& shown);

}  // namespace attn
