// The companion's whole interface as JSON text in, JSON text out, so that the WebAssembly
// binding stays a thin pass-through. Nothing here throws: failures come back as
// {"error": "..."} objects or as "invalid" verdicts.
#pragma once

#include <cstdint>
#include <string>

namespace attn {

// The exercise with the core's working added, the decimal rule, and "offers": {model,
// working (how to lay it out), showsInputs, variants, batch (null or {cases} or {error})}.
// Seed 0 is the chapter's own numbers; any other seed gives a variant (its inputs are in
// the result).
std::string DescribeExercise(const std::string& exercise_json, uint32_t seed);

// Each part's worked solution at this seed, for a learner who opens one: {"parts": [{name,
// solution: [lines]}]} (api/worked_solution.h). Bound in the whole core only
// (api/solution_bindings.cc): a page loads it when a learner opens a solution, so the cores a
// page waits for carry none of the working (8 KB gzip on a chapter's core).
std::string SolveExercise(const std::string& exercise_json, uint32_t seed);

// {verdict, readAs, feedback, misconception, misconceptions, nearMiss, expected,
// followThrough} for one answer to one part. With reveal_values false (a feedback policy
// that hides values) the feedback gives no value the learner did not type, and expected is
// null.
std::string GradeAnswer(const std::string& exercise_json, const std::string& part, const std::string& answer,
                        uint32_t seed, bool reveal_values = true);

// The same, judged within the learner's whole exercise. context_json (an object; "" or "{}"
// for none): "revealValues" (default true), "earlier" ({part name: the text the learner
// gave for that part}) and "followThrough" ("counts", the default, or "noted"). A part that
// is wrong against the exact value but right for the learner's own answers to the parts it
// is computed from is followed through: followThrough is then {from: [part names], counts},
// and the verdict is correct where it counts, incorrect with a note where it is only noted.
std::string GradeAnswerIn(const std::string& exercise_json, const std::string& part, const std::string& answer,
                          uint32_t seed, const std::string& context_json);

// The mistakes each part names at this seed, for teachers and authors: {"parts": [{name, step,
// expected, mistakes: [{tag, operation, step, derived, answer, explanation}]}]}: where each comes
// from (the step done wrong and the operation whose wrong version it is; "" for the exercise's own;
// derived: the kind of change, for a mistake derived from the computation, else ""),
// and what a learner who made it types (null where no one answer shows it).
std::string DescribeMistakes(const std::string& exercise_json, uint32_t seed);

// The check of an exercise file over seeds first_seed .. first_seed + seeds - 1, for authors:
// {"refused": message} where the file itself is wrong (an unknown key, operation, step or input,
// named); otherwise {id, version, from, seeds, draws (the draws the variants took), failures:
// [{check, part?, message, count, seeds (the first 10)}] (alike failures
// grouped; the first 40 kinds), failureCount, parts: [{name, shown, mistakes:
// [{tag, named, unread, collisions, accepted}]}], tests: [{part, answer, expect, passed, failed}]}. Counts
// add up across calls, so a long check can run in slices.
std::string CheckExercise(const std::string& exercise_json, uint32_t first_seed, uint32_t seeds);

// The core's operations, for authors: [{name, summary, args: [{name, required, word, about}],
// fields: [{name, noun}], mistakes: [id]}] in the order of the operation table.
std::string DescribeOperations();

// The working for arbitrary inputs of a model ({"model": ..., "inputs": {...}, plus
// optional "query", "remove", "delete"}), for the interactive labs.
std::string Work(const std::string& request_json);

}  // namespace attn
