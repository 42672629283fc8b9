// The words of an exercise written from its numbers: an intro, prompt, hint, option label,
// premise or reference note may name an input or a computed quantity instead of copying
// the chapter's numbers, so that a variant's texts state the variant's numbers.
//
//   {{query}}          the input as written, e.g. [0.8, -0.3, 0.5] (a part's own input first)
//   {{keys[2]}}        one entry or row of a list input, 1-based: [0.9, -0.2, 0.4]
//   {{keys[2][1]}}     an entry of a row: 0.9
//   {{embeddings.key}} a named entry of an object input; {{source[1]}} an entry of a list
//   {{readout|terms:c}} a list of coefficients as a combination: [1, 2] -> c_1+2c_2
//   {{=read.weights}}  what the exercise's step (or one of its fields) computes, exact when the
//                      exercise shows exact forms (2/5), else as a decimal; positions by their labels
//   {{?name}}...{{/?}}  a passage kept only where the exercise's condition "name" holds
//   {{?!name}}...{{/?}} a passage kept only where it does not
//   {{?variant}}...{{/?}} (undeclared) kept only on a drawn variant, {{?!variant}} only at the
//                      exercise's own numbers: a sentence the page states beside a variant's
//                      numbers ("not the chapter's") is written once
//
// A condition (in "conditions": {name: condition}, and in "premises" and "variant_titles")
// is {"input": path, "is"/"is_not": text} (the input read as values, exactly), or
// {"quantity": q, "is"/"is_not": answer, "differs_from": q2, "tied": bool} (what the model
// computes; a "largest" position named with "is" must be the only one unless "tied" is asked), or a list of
// conditions that must all hold.
//
// A placeholder the exercise cannot fill is an error, never left in the text.
#pragma once

#include "exercises/exercise_inputs.h"

namespace attn {

class Computed;

// The exercise with every text field rendered (intro, reference_notes, checklist items, each
// explain item's prompt, checklist and reference notes (against the part it names), and
// each part's prompt, hint and option texts, and each premise's "says").
Result<Json> RenderTexts(Computed& computed);

// Whether a condition holds for the exercise (or variant) as computed.
Result<bool> ConditionHolds(const Json& condition, Computed& computed);

// The parts' placeholders made safe: an example that grades correct for any part of the
// exercise at this seed gets other digits, or is dropped.
Status PlaceholdersThatGiveNothingAway(Json& rendered, Computed& computed);

// One text, rendered against the exercise and (for a part's texts) that part.
Result<std::string> RenderText(const std::string& text, Computed& computed, const Json& part);

}  // namespace attn
