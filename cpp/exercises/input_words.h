// An exercise input's name as a learner reads it: words, with its symbol typeset ("key width
// $D_k$", "high temperature $\tau$"), never the file's identifier ("D_k", "high_temperature").
// The inputs table (web/ui/inputs-view.mjs, from the description's "inputWords") and the worked
// solutions' given lines both use it.
#pragma once

#include <string>

#include "exercises/computed.h"

namespace attn {

std::string InputWords(const Json& exercise, const std::string& name);

// Every input's words, by name (the description's "inputWords").
Json InputWordsOf(const Json& exercise);

// A source token or a position label as words: "full_stop" is "full stop".
std::string TokenWords(std::string token);

}  // namespace attn
