// The <attention-exercise> custom element: one exercise (exercise="ID"), a chosen list
// (exercises="ch14.ex1 ch19.ex3") or a whole chapter (chapter="14"), with an optional
// seed="42" for every exercise, or learner="ID" (and salt="…") for the learner's own
// variant of each exercise (learner-seed.mjs), and the teacher's feedback policy as
// attempts="3", values="hidden", working="hidden" (../ui/feedback-policy.mjs), rendered in
// an open shadow root
// whose one stylesheet (widget.css, a constructable stylesheet shared by every instance)
// neither leaks out nor lets the page's styles in. Every instance on a page shares one
// companion (one WASM module) and one answer store.
//
// DOM events (bubbling, composed), each with the protocol message as `detail`:
//   attention-ready, attention-graded, attention-written, attention-progress.
// Methods: el.reset(exercise?), el.setSeed(seed, exercise?), el.getState().

import { el, clear } from '../ui/dom.mjs';
import { message, PROTOCOL_VERSION } from './protocol.mjs';
import { exerciseIds, mountSet } from './exercise-set.mjs';
import { readSeed } from '../seed.mjs';
import { learnerSeed, MAX_LEARNER_CHARS } from './learner-seed.mjs';
import { readPolicy, policySentence, POLICY_ATTRIBUTES } from '../ui/feedback-policy.mjs';
import { storeContext } from '../ui/storage.mjs';
import { messageOf } from '../error-message.mjs';

// What is wrong with the element's attributes, in a sentence, or null.
function attributeProblem({ exercise, exercises, chapter, learner, salt, seedRead, hasSeed }) {
  if (!exercise && exercises === null && !chapter) {
    return 'This element needs an exercise="…", exercises="…" or chapter="…" attribute.';
  }
  if (!seedRead.ok) return seedRead.message;
  if (learner === null) return null;
  if (hasSeed) return 'Give this element a seed="…" or a learner="…", not both.';
  if (learner.trim() === '' || learner.length > MAX_LEARNER_CHARS) {
    return `The learner="…" attribute needs a learner’s id of 1 to ${MAX_LEARNER_CHARS} characters.`;
  }
  if (salt.length > MAX_LEARNER_CHARS) return `The salt="…" attribute is longer than ${MAX_LEARNER_CHARS} characters.`;
  return null;
}

// Where the written work of an element goes, said in its field's label.
const SENT_TO_PAGE = 'kept in this browser, and sent to this page';

// getStore(context) -> {store, notice, where?}: the answer store of a context (storage.mjs's
// storeContext: an element with a feedback policy keeps its own answers and attempt counts).
export function defineAttentionExercise({ getCompanion, getStore, cssText, name = 'attention-exercise' }) {
  if (customElements.get(name)) return customElements.get(name);
  let sheet = null;
  const styleSheet = () => {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(cssText);
    }
    return sheet;
  };

  class AttentionExercise extends HTMLElement {
    static get observedAttributes() {
      return ['exercise', 'exercises', 'chapter', 'seed', 'learner', 'salt', ...POLICY_ATTRIBUTES];
    }

    #set = null;
    #generation = 0;
    #holder = null;

    connectedCallback() {
      if (!this.shadowRoot) {
        const shadow = this.attachShadow({ mode: 'open' });
        shadow.adoptedStyleSheets = [styleSheet()];
        this.#holder = el('div', { class: 'aw', part: 'exercise' });
        shadow.append(this.#holder);
      }
      this.#render();
    }

    attributeChangedCallback(_name, before, after) {
      if (before !== after && this.isConnected && this.shadowRoot) this.#render();
    }

    #emit(type, payload) {
      this.dispatchEvent(new CustomEvent(`attention-${type}`, { detail: message(type, payload), bubbles: true, composed: true }));
    }

    #status(text, kind) {
      clear(this.#holder);
      this.#holder.append(el('p', { class: `status status-${kind}`, role: 'status' }, text));
    }

    async #render() {
      const generation = ++this.#generation;
      this.#set = null;
      this.#status('Loading…', 'info');
      const exercise = this.getAttribute('exercise');
      const exercises = this.getAttribute('exercises');
      const chapter = this.getAttribute('chapter');
      const learner = this.getAttribute('learner');
      const salt = this.getAttribute('salt') ?? '';
      const seedRead = readSeed(this.getAttribute('seed') ?? '0', 'seed attribute');
      const problem = attributeProblem({ exercise, exercises, chapter, learner, salt, seedRead,
        hasSeed: this.hasAttribute('seed') });
      if (problem) {
        this.#status(problem, 'error');
        return;
      }
      const seed = learner === null ? seedRead.seed : (id) => learnerSeed(learner.trim(), id, salt);
      const { policy, problems } = readPolicy((name) => this.getAttribute(name));
      let companion;
      let ids;
      let opened;
      try {
        companion = await getCompanion();
        ids = exerciseIds(companion, { exercise, exercises, chapter });
        opened = getStore(storeContext(policy));
      } catch (error) {
        if (generation === this.#generation) {
          this.#status(`The exercise could not be loaded: ${messageOf(error)}`, 'error');
        }
        return;
      }
      if (generation !== this.#generation) return;
      clear(this.#holder);
      if (opened.notice) this.#holder.append(el('p', { class: 'notice notice-warning', role: 'status' }, opened.notice));
      for (const text of problems) this.#holder.append(el('p', { class: 'notice notice-warning', role: 'status' }, text));
      const rules = policySentence(policy);
      if (rules) this.#holder.append(el('p', { class: 'policy-note' }, rules));
      const set = mountSet(this.#holder, {
        companion, ids, seed, store: opened.store, policy, where: opened.where ?? SENT_TO_PAGE,
        onEvent: ({ type, ...payload }) => this.#emit(type, payload),
      });
      this.#set = set;
      await set.ready;
      if (generation !== this.#generation) return;
      this.dataset.ready = 'true';
      // (With per-learner variants each exercise's seed is in its own state.)
      this.#emit('ready', { protocolVersion: PROTOCOL_VERSION, seed: learner === null ? seed : null, ...set.state() });
    }

    reset(exercise) { return this.#set?.reset(exercise); }
    setSeed(seed, exercise) { return this.#set?.setSeed(seed, exercise); }
    getState() { return this.#set ? message('state', this.#set.state()) : null; }
  }
  customElements.define(name, AttentionExercise);
  return AttentionExercise;
}
