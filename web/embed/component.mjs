// The <attention-exercise> custom element: one exercise (exercise="ID"), a chosen list
// (exercises="ch14.ex1 ch19.ex3"), a whole chapter (chapter="14") or a teacher's own
// exercise file (src="ADDRESS": the page's origin, or one that allows it), with an optional
// seed="42" for every exercise, or learner="ID" (and salt="…") for the learner's own
// variant of each exercise (learner-seed.mjs), and the teacher's feedback policy as
// attempts="3", values="hidden", working="hidden" (../ui/feedback-policy.mjs), rendered in
// an open shadow root
// whose one stylesheet (widget.css, a constructable stylesheet shared by every instance)
// neither leaks out nor lets the page's styles in. Every instance on a page shares one
// companion (one WASM module, each exercise described once) and one answer store per
// feedback policy; an instance far from the screen is drawn only when it comes near (or
// the learner asks), so that a page of many starts in about the time of one.
//
// DOM events (bubbling, composed), each with the protocol message as `detail`:
//   attention-ready, attention-graded, attention-written, attention-practised (a part's named
//   mistake practised on new variants: widget.mjs), attention-progress.
// Methods: el.reset(exercise?), el.setSeed(seed, exercise?), el.getState().

import { el, clear } from '../ui/dom.mjs';
import { message, PROTOCOL_VERSION } from './protocol.mjs';
import { exerciseIds, mountSet, savedSetState } from './exercise-set.mjs';
import { parseSeed, readSeed } from '../seed.mjs';
import { learnerSeed, MAX_LEARNER_CHARS } from './learner-seed.mjs';
import { readPolicy, policySentence, POLICY_ATTRIBUTES } from '../ui/feedback-policy.mjs';
import { storeContext } from '../ui/storage.mjs';
import { messageOf } from '../error-message.mjs';
import { fetchExercise } from '../ui/teacher-exercise.mjs';

// What is wrong with the element's attributes, in a sentence, or null.
function attributeProblem({ exercise, exercises, chapter, src, learner, salt, seedRead, hasSeed }) {
  if (!exercise && exercises === null && !chapter && src === null) {
    return 'This element needs an exercise="…", exercises="…", chapter="…" or src="…" attribute.';
  }
  if (src !== null && (exercise || exercises !== null || chapter)) {
    return 'The src="…" attribute names the exercise (a teacher’s file): give it without exercise="…", exercises="…" or chapter="…".';
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

// How near the screen an element is drawn at once (a screen and a half above or below).
const NEAR = '150% 0px';

// Where the written work of an element goes, said in its field's label.
const SENT_TO_PAGE = 'kept in this browser, and sent to this page';

// catalogue() -> the exercises an element may show (their id and chapter at least, in chapter
// order); getCompanion(ids) -> the companion holding those exercises (their files only).
// getStore(context) -> {store, notice, where?}: the answer store of a context (storage.mjs's
// storeContext: an element with a feedback policy keeps its own answers and attempt counts).
// getCompanionFor(doc) -> the companion of a teacher's own exercise (src="…"), which the
// element fetches (ui/teacher-exercise.mjs) and shows alone; shippedIds: the ids of the
// companion's own exercises, which such a file may not take.
export function defineAttentionExercise({ catalogue, getCompanion, getStore, cssText, getCompanionFor = null, shippedIds = new Set(),
  name = 'attention-exercise' }) {
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
      return ['exercise', 'exercises', 'chapter', 'src', 'seed', 'learner', 'salt', ...POLICY_ATTRIBUTES];
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
      this.#options = null;
      this.#status('Loading…', 'info');
      const exercise = this.getAttribute('exercise');
      const exercises = this.getAttribute('exercises');
      const chapter = this.getAttribute('chapter');
      const src = this.getAttribute('src');
      const learner = this.getAttribute('learner');
      const salt = this.getAttribute('salt') ?? '';
      const seedRead = readSeed(this.getAttribute('seed') ?? '0', 'seed attribute');
      const problem = attributeProblem({ exercise, exercises, chapter, src, learner, salt, seedRead,
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
        if (src !== null) {
          if (!getCompanionFor) throw new Error('This page’s companion cannot load a teacher’s exercise file.');
          const doc = await fetchExercise(src, document.baseURI, { shippedIds });
          companion = await getCompanionFor(doc);
          ids = [doc.id];
        } else {
          // (Named from the catalogue first: the companion brings those exercises' files only.)
          ids = exerciseIds({ exercises: catalogue }, { exercise, exercises, chapter });
          companion = await getCompanion(ids);
        }
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
      const options = { companion, ids, seed, store: opened.store, policy, where: opened.where ?? SENT_TO_PAGE };
      this.#options = options;
      // (With per-learner variants each exercise's seed is in its own state.)
      const ready = (state) => {
        this.dataset.ready = 'true';
        this.#emit('ready', { protocolVersion: PROTOCOL_VERSION, seed: learner === null ? seed : null, ...state });
      };
      const near = await this.#deferUntilNear(options, generation);
      if (generation !== this.#generation) return;
      if (!near) {
        ready(savedSetState(companion, options)); // drawn when it comes near
        return;
      }
      await this.#mount(options, generation);
      if (generation === this.#generation) ready(this.#set.state());
    }

    // Draws the exercises (once).
    #mounting = null;
    #mount(options, generation) {
      this.#mounting ??= (async () => {
        this.#deferred?.remove();
        this.#deferred = null;
        const set = mountSet(this.#holder, { ...options, onEvent: ({ type, ...payload }) => this.#emit(type, payload) });
        this.#set = set;
        await set.ready;
      })();
      return generation === this.#generation ? this.#mounting : Promise.resolve();
    }

    // An element far from the screen is not drawn until it comes near, or the learner asks
    // (many on one page then start in about the time of one): it shows its exercises'
    // titles and a button meanwhile, with the height they will roughly take. Resolves to
    // true when it is near at once (draw it now), else to false, and draws it when it comes
    // near.
    #deferred = null;
    #deferUntilNear(options, generation) {
      this.#mounting = null;
      if (typeof IntersectionObserver !== 'function') return Promise.resolve(true);
      const catalogue = new Map(options.companion.exercises().map((entry) => [entry.id, entry]));
      const entries = options.ids.map((id) => catalogue.get(id));
      const button = el('button', { type: 'button', class: 'aw-show' }, entries.length === 1 ? 'Show the exercise' : 'Show the exercises');
      this.#deferred = el('section', { class: 'aw-deferred', 'aria-label': 'Exercises not shown yet' },
        el('ul', {}, entries.map((entry) => el('li', {}, entry.title ?? entry.id))), button);
      // (About what an exercise takes when drawn: a heading and intro, and each part or
      // explanation with its field, hint and feedback.)
      this.#deferred.style.minHeight = `${entries.reduce((sum, entry) => sum + 12 + 22 * (entry.parts?.length ?? 0)
        + 30 * (entry.explain?.length ?? 0), 0)}rem`;
      this.#holder.append(this.#deferred);
      return new Promise((resolve) => {
        let first = true;
        const observer = new IntersectionObserver((seen) => {
          const isNear = seen.some((entry) => entry.isIntersecting);
          if (first) {
            first = false;
            resolve(isNear);
            if (isNear) observer.disconnect();
            return;
          }
          if (!isNear) return;
          observer.disconnect();
          if (generation === this.#generation) this.#mount(options, generation);
        }, { rootMargin: NEAR });
        observer.observe(this);
        button.addEventListener('click', async () => {
          observer.disconnect();
          if (first) resolve(false);
          await this.#mount(options, generation);
          this.#holder.querySelector('.aw-title')?.setAttribute('tabindex', '-1');
          this.#holder.querySelector('.aw-title')?.focus();
        });
      });
    }

    // A command to an element not drawn yet draws it first; its state is the saved one.
    #options = null;
    #drawn(command) {
      if (this.#set) return command(this.#set);
      return this.#options ? this.#mount(this.#options, this.#generation).then(() => this.#set && command(this.#set)) : undefined;
    }

    reset(exercise) { return this.#drawn((set) => set.reset(exercise)); }

    setSeed(seed, exercise) {
      const checked = parseSeed(seed); // a seed that is not one is refused at once, by name
      return this.#drawn((set) => set.setSeed(checked, exercise));
    }

    getState() {
      if (this.#set) return message('state', this.#set.state());
      return this.#options ? message('state', savedSetState(this.#options.companion, this.#options)) : null;
    }
  }
  customElements.define(name, AttentionExercise);
  return AttentionExercise;
}
