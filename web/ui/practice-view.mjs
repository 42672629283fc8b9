// "Practise this step" (issue 46, item 6): once a part is settled at a seed where one of its
// tries carried a named mistake, the part offers practice on new variants where that mistake
// gives another value than the right one (practice-target.mjs chooses them). The panel shows
// the variant's inputs (inputs-view.mjs), the same part's prompt, a field and Check; the core
// grades at the practice variant, with no earlier answers. A right answer draws another new
// variant, a wrong one keeps it and starts the count again; PRACTISED_AFTER right in a row
// mark the mistake practised, which the store keeps (and the progress file, the class report
// and SCORM record). No text here holds a value of the part as answered: the mistake is said
// by its tag or by the core's explanation where that holds no number, and every value shown
// is the practice variant's.
import { el, clear, uniqueId, setBusy, isBusy } from './dom.mjs';
import { safeCall, errorOf } from './boot.mjs';
import { messageOf } from '../error-message.mjs';
import { inputsBlock } from './inputs-view.mjs';
import { answerControl } from './answer-control.mjs';
import { roleLetters, rolesSection } from './roles-view.mjs';
import { showResult } from './verdict-view.mjs';
import { isSettled } from './feedback-policy.mjs';
import { MAX_CANDIDATES, PRACTISED_AFTER, afterCheck, mistakeOf, mistakeWords, practiceSeed } from './practice-target.mjs';

const inARow = (streak) => `Right on new variants in a row: ${streak} of ${PRACTISED_AFTER}.`;
const practisedSentence = (words) => `Practised: you answered this step right on ${PRACTISED_AFTER} new variants in a row ` +
  `(the mistake: ${words}).`;
const noneFound = `No new variant where this mistake gives a different value from the right one was found among the ` +
  `${MAX_CANDIDATES} tried, so there is no practice of it here.`;

// The practice variant's lettered arrays: the roles section, not a second landmark of the
// same name as the exercise's, its heading a caption (the panel's heading heads it).
function practiceRoles(variant) {
  const roles = rolesSection(variant);
  if (!roles) return null;
  roles.removeAttribute('aria-labelledby');
  const heading = roles.querySelector('h2');
  heading?.replaceWith(el('p', { class: 'roles-caption' }, el('strong', {}, heading.textContent)));
  return roles;
}

// -> {section, update()}: update() is called after each check of the part (and on restore),
// with the part's record ({verdict, attempts}); the offer shows once the part is settled.
// options: policy, headingLevel (the part's), onSaveFailed, onPractised({part, tag, words,
// seeds}) once the mistake is practised, lettered (the part is answered with a letter picker:
// the panel picks among the practice variant's letters, its lettered arrays shown).
export function practiceView(companion, store, exercise, part, seed, { policy, headingLevel = 2, onSaveFailed = () => {},
  onPractised = () => {}, lettered = false } = {}) {
  const name = String(part.name);
  const id = exercise.id;
  const section = el('div', { class: 'practice', 'data-practice': 'none' });
  const announcer = el('p', { class: 'visually-hidden practice-announcer', 'aria-live': 'polite' });
  const status = el('p', { class: 'practice-status' });
  const body = el('div', { class: 'practice-body' });
  const panelId = uniqueId('practice');
  let words = '';
  let tag = null;
  function announce(sentence) {
    announcer.textContent = '';
    setTimeout(() => { announcer.textContent = sentence; }, 30);
  }
  // The mistake's words: the core's explanation at the seed answered where it holds no number.
  function wordsOf(mistake) {
    let explanation;
    try {
      explanation = (companion.mistakes(id, { seed })?.parts ?? []).find((entry) => entry.name === name)
        ?.mistakes?.find((entry) => entry.tag === mistake)?.explanation ?? null;
    } catch {
      explanation = null;
    }
    return mistakeWords(mistake, policy.values === 'hidden' ? null : explanation);
  }
  const save = (record) => {
    if (!store.savePractice(id, name, record)) onSaveFailed();
  };

  // The panel at the practice's current variant (the last of its seeds).
  function openPanel(record) {
    clear(body);
    const shown = record.seeds.at(-1);
    let variant;
    try {
      variant = companion.exercise(id, { seed: shown });
    } catch (error) {
      body.append(el('p', { class: 'status status-error' }, `The practice variant could not be drawn: ${messageOf(error)}`));
      return;
    }
    const asked = (variant.parts ?? []).find((entry) => entry.name === name) ?? part;
    const inputId = uniqueId('practice-answer');
    const feedbackId = uniqueId('practice-feedback');
    // The same kind of control as the part's: a letter part picks among the variant's letters,
    // under the variant's lettered arrays (the evidence it is answered from).
    const letters = lettered ? roleLetters(variant) : null;
    if (lettered && !letters) {
      body.append(el('p', { class: 'status status-error' }, 'The practice variant could not be drawn: it has no lettered arrays.'));
      return;
    }
    const { kind, view: control } = answerControl(asked, name, inputId, feedbackId, { letters });
    const ask = kind === 'text' ? 'Type an answer first.' : 'Choose an answer first.';
    const check = el('button', { type: 'submit', class: 'check practice-check' }, 'Check');
    const feedback = el('div', { id: feedbackId, class: 'practice-feedback' });
    const form = el('form', { class: 'answer-form practice-form', novalidate: true }, control.head,
      control.control ? el('div', { class: 'answer-row' }, control.control, check) : el('div', { class: 'answer-row' }, check),
      control.note ?? null);
    const headingId = uniqueId('practice-heading');
    const panel = el('section', { class: 'practice-panel', id: panelId, 'data-practice-seed': String(shown),
      'aria-labelledby': headingId },
    el(`h${Math.min(6, headingLevel + 1)}`, { id: headingId, class: 'practice-heading' },
      `Practise this step: variant ${shown}`),
    el('p', { class: 'practice-words' }, `The mistake to avoid: ${words}.`),
    variant.inputs ? inputsBlock(variant, shown, { practice: true, headingLevel: Math.min(6, headingLevel + 2) }) : null,
    letters ? practiceRoles(variant) : null, form, feedback);
    body.append(panel);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (isBusy(check)) return;
      const text = control.get();
      if (text.trim() === '') {
        clear(feedback);
        feedback.append(el('p', { class: 'verdict verdict-invalid' }, ask));
        announce(ask);
        return;
      }
      setBusy(check, true);
      safeCall(() => companion.grade(id, name, text, { seed: shown, revealValues: policy.values !== 'hidden' }))
        .then((result) => {
          setBusy(check, false);
          if (errorOf(result)) {
            showResult(feedback, result);
            return;
          }
          afterGraded(record, result, feedback);
        })
        .catch((error) => {
          setBusy(check, false);
          showResult(feedback, { error: messageOf(error) });
        });
    });
    return control;
  }

  function afterGraded(record, result, feedback) {
    const next = afterCheck(record, result.verdict);
    const kept = { ...record, streak: next.streak, practised: next.practised };
    if (next.practised && !record.practised) {
      save(kept);
      showPractised(true);
      onPractised({ part: name, tag, words, seeds: kept.seeds });
      return;
    }
    if (!next.moveOn) {
      save(kept);
      showResult(feedback, result);
      status.textContent = inARow(kept.streak);
      announce(`${result.verdict === 'incorrect' ? 'Not correct yet. Try this variant again.' : 'This answer could not be read.'} ` +
        `${inARow(kept.streak)}`);
      return;
    }
    const fresh = practiceSeed(companion, id, name, tag, [seed, ...kept.seeds]);
    if (fresh === null) {
      save(kept);
      clear(body);
      status.textContent = `Right. ${noneFound}`;
      announce(status.textContent);
      return;
    }
    const moved = { ...kept, seeds: [...kept.seeds, fresh] };
    save(moved);
    status.textContent = `Right. ${inARow(moved.streak)} Here is another new variant.`;
    const control = openPanel(moved);
    announce(status.textContent);
    (control?.control ?? body.querySelector('input'))?.focus();
  }

  function showPractised(now) {
    clear(section);
    section.dataset.practice = 'practised';
    section.append(el('p', { class: 'practice-done' }, practisedSentence(words)), announcer);
    if (now) announce(practisedSentence(words));
  }

  // The offer: a sentence naming the mistake and the button that opens the panel.
  function offer(record) {
    clear(section);
    section.dataset.practice = 'offered';
    const button = el('button', { type: 'button', class: 'practice-open', 'aria-expanded': 'false', 'aria-controls': panelId },
      'Practise this step');
    section.append(el('p', { class: 'practice-offer' }, `One of your tries here made a named mistake: ${words}. ` +
      'You can practise this step on new variants, where that mistake gives a different value.'),
    el('p', {}, button), status, body, announcer);
    button.addEventListener('click', () => {
      if (button.getAttribute('aria-expanded') === 'true') return;
      let current = record;
      if (current.seeds.length === 0 || current.seeds.at(-1) === seed) {
        const fresh = practiceSeed(companion, id, name, tag, [seed, ...current.seeds]);
        if (fresh === null) {
          status.textContent = noneFound;
          announce(noneFound);
          return;
        }
        current = { ...current, seeds: [...current.seeds, fresh] };
        save(current);
      }
      button.setAttribute('aria-expanded', 'true');
      button.hidden = true;
      status.textContent = inARow(current.streak);
      const control = openPanel(current);
      announce(`A new variant to practise on is open below. ${inARow(current.streak)}`);
      (control?.control ?? body.querySelector('input'))?.focus();
    });
  }

  // Called with the part's record after a check (or on restore).
  function update(record) {
    if (section.dataset.practice === 'offered' && body.childElementCount) return; // a panel in use stays
    const mistake = isSettled(record, policy) ? mistakeOf(store.tries(id, name, seed)) : null;
    // (The mistake of this seed's tries, its own record; without one, the practice saved last
    // is still said so, or offered again where unfinished: an LMS's suspend data keeps no tries.)
    const latest = store.practice(id, name);
    const chosen = mistake ?? latest?.tag ?? null;
    if (chosen === null) return;
    tag = chosen;
    words = wordsOf(tag);
    const saved = store.practice(id, name, tag);
    if (saved?.practised) {
      showPractised(false);
      return;
    }
    offer(saved ?? { tag, seeds: [], streak: 0, practised: false });
  }

  return { section, update };
}
