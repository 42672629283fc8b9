// The teacher's feedback policy for a page, an embed or a SCORM package, read from the
// page's query (exercise.html?…&attempts=3, embed.html?…, the <attention-exercise>
// element's attributes of the same names, or a SCORM package's launch parameters, which
// the LMS appends to the SCO's address):
//   attempts=N      each part takes at most N graded checks (1-20); an answer the core
//                   cannot read never counts. Out of attempts, the part's field is locked.
//   values=hidden   the feedback never gives a value the learner did not type: no exact
//                   value after a correct answer, no near-miss direction, and a named
//                   mistake whose explanation uses the exercise's numbers is named by its
//                   name alone (the core words its feedback so: grade(..., {revealValues:
//                   false})).
//   working=hidden  the worked solution stays closed until every part of the exercise is
//                   correct or out of attempts.
//   followThrough=noted  a part that is wrong against the exact values but follows correctly
//                   from the learner's own answers to the parts it is computed from is told so
//                   and marked not correct; by default (counts) it is marked correct, as most
//                   teachers mark follow-through (grade(..., {followThrough})).
//   solutions=N     a part offers its worked solution (its steps with this variant's numbers)
//                   after N checks that were not correct (1-20; 3 by default); the learner
//                   chooses to open it. solutions=hidden: no worked solution is offered. Under
//                   values=hidden or working=hidden it is offered only once the part is settled.
// With none of them (practice): unlimited checks, the values, the working on request,
// follow-through counting, and a worked solution offered after 3 checks that were not correct.

export const MAX_ATTEMPTS = 20;
export const SOLUTIONS_AFTER = 3; // checks that were not correct before a part offers its worked solution
// The names a policy is given by (query parameters and element attributes alike).
export const POLICY_ATTRIBUTES = ['attempts', 'values', 'working', 'followThrough', 'solutions'];
export const PRACTICE = Object.freeze({ attempts: null, values: 'shown', working: 'shown', followThrough: 'counts',
  solutions: SOLUTIONS_AFTER });
const CHOICES = { values: ['shown', 'hidden'], working: ['shown', 'hidden'], followThrough: ['counts', 'noted'] };

// get(name) -> the text given for name, or null (URLSearchParams.get, getAttribute).
// -> {policy, problems, faults}: a value that cannot be read is named in a problem sentence
// (what is wrong, and that the setting stays as in practice, for a page to show) and in a
// fault sentence (what is wrong alone, for a tool that refuses instead).
export function readPolicy(get) {
  const policy = { ...PRACTICE };
  const problems = [];
  const faults = [];
  const refuse = (fault, effect) => {
    faults.push(`${fault}.`);
    problems.push(`${fault}, so ${effect}.`);
  };
  const attempts = get('attempts');
  if (attempts !== null && attempts !== '') {
    if (/^[0-9]{1,2}$/.test(attempts) && Number(attempts) >= 1 && Number(attempts) <= MAX_ATTEMPTS) {
      policy.attempts = Number(attempts);
    } else {
      refuse(`attempts=${JSON.stringify(attempts.slice(0, 20))} is not a whole number from 1 to ${MAX_ATTEMPTS}`, 'checks are not limited');
    }
  }
  const solutions = get('solutions');
  if (solutions !== null && solutions !== '') {
    if (solutions === 'hidden') policy.solutions = 'hidden';
    else if (/^[0-9]{1,2}$/.test(solutions) && Number(solutions) >= 1 && Number(solutions) <= MAX_ATTEMPTS) {
      policy.solutions = Number(solutions);
    } else {
      refuse(`solutions=${JSON.stringify(solutions.slice(0, 20))} is not a whole number from 1 to ${MAX_ATTEMPTS} or hidden`,
        `a worked solution is offered after ${SOLUTIONS_AFTER} checks that are not correct`);
    }
  }
  for (const [name, allowed] of Object.entries(CHOICES)) {
    const value = get(name);
    if (value === null || value === '') continue;
    if (allowed.includes(value)) policy[name] = value;
    else refuse(`${name}=${JSON.stringify(value.slice(0, 20))} is not one of ${allowed.join(' or ')}`, 'it is ignored');
  }
  return { policy: Object.freeze(policy), problems, faults };
}

// Whether a part's record ({verdict, attempts}) is settled under a policy: answered
// correctly, or out of attempts.
export const isSettled = ({ verdict, attempts }, policy) => verdict === 'correct'
  || (policy.attempts !== null && attempts >= policy.attempts);

export const isPractice = (policy) => policy.attempts === null && policy.values === 'shown' && policy.working === 'shown'
  && policy.followThrough !== 'noted' && (policy.solutions ?? SOLUTIONS_AFTER) === SOLUTIONS_AFTER;

// After how many checks that were not correct a part offers its worked solution: a number,
// or null where the policy offers none; and whether the offer waits for the part to be
// settled (the solution holds the values that values=hidden and working=hidden keep back).
export const solutionAfter = (policy) => (policy.solutions === 'hidden' ? null : policy.solutions ?? SOLUTIONS_AFTER);
export const solutionWaitsForSettled = (policy) => policy.values === 'hidden' || policy.working === 'hidden';

// The query a policy is written as (no leading "?"; empty for practice).
export function policyQuery(policy) {
  const query = new URLSearchParams();
  if (policy.attempts !== null) query.set('attempts', String(policy.attempts));
  if (policy.values !== 'shown') query.set('values', policy.values);
  if (policy.working !== 'shown') query.set('working', policy.working);
  if (policy.followThrough === 'noted') query.set('followThrough', 'noted');
  if ((policy.solutions ?? SOLUTIONS_AFTER) !== SOLUTIONS_AFTER) query.set('solutions', String(policy.solutions));
  return query.toString();
}

// What the learner is told, in one sentence, or null in practice. It says each rule that
// holds and nothing that does not: under values=hidden the working is never shown, so
// working=hidden adds nothing to it; under an attempt limit a part is closed once it is
// correct or out of checks.
export function policySentence(policy) {
  if (isPractice(policy)) return null;
  const rules = [];
  if (policy.attempts !== null) {
    rules.push(`each part takes at most ${policy.attempts === 1 ? 'one graded check' : `${policy.attempts} graded checks`} ` +
      '(an answer that cannot be read does not count) and is closed once it is correct or out of checks');
  }
  if (policy.values === 'hidden') {
    rules.push('the feedback names mistakes but gives no value you did not type, a decimal with fewer than 3 significant ' +
      'figures is not checked (it costs nothing and says nothing about the value), and the working, the figures and the ' +
      'reference notes, which hold the values, are not shown');
  } else if (policy.working === 'hidden') {
    rules.push(policy.attempts === null ? 'the working opens once every part is correct'
      : 'the working opens once every part is correct or out of checks');
  }
  if (policy.followThrough === 'noted') {
    rules.push('each part is marked against the exact values, even where it follows correctly from your own '
      + 'earlier answer (the feedback says when it does)');
  }
  const after = solutionAfter(policy);
  const settledWord = policy.attempts === null ? 'correct' : 'correct or out of checks';
  if (after === null) {
    rules.push('no worked solution of a part is offered');
  } else if (solutionWaitsForSettled(policy)) {
    // (Settled, it has nothing left to give away; a count of wrong checks could then outlast
    // the attempts a part has.)
    rules.push(`a part offers its worked solution once it is ${settledWord}`);
  } else if (after !== SOLUTIONS_AFTER) {
    rules.push(`a part offers its worked solution after ${after === 1 ? 'one check' : `${after} checks`} that ` +
      `${after === 1 ? 'was' : 'were'} not correct`);
  }
  if (rules.length === 0) return null;
  const list = rules.length === 1 ? rules[0] : `${rules.slice(0, -1).join('; ')}; and ${rules.at(-1)}`;
  return `Your teacher set this activity so that ${list}.`;
}
