// The <attention-exercise> custom element: one exercise (exercise="ID") or a whole
// chapter (chapter="14"), with an optional seed="42", rendered in an open shadow root
// whose one stylesheet (widget.css, a constructable stylesheet shared by every instance)
// neither leaks out nor lets the page's styles in. Every instance on a page shares one
// companion (one WASM module) and one answer store.
//
// DOM events (bubbling, composed), each with the protocol message as `detail`:
//   attention-ready, attention-graded, attention-progress.
// Methods: el.reset(exercise?), el.setSeed(seed, exercise?), el.getState().

import { el, clear } from '../ui/dom.mjs';
import { message, PROTOCOL_VERSION } from './protocol.mjs';
import { exerciseIds, mountSet } from './exercise-set.mjs';
import { readSeed } from '../seed.mjs';
import { messageOf } from '../error-message.mjs';

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
    static get observedAttributes() { return ['exercise', 'chapter', 'seed']; }

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
      const chapter = this.getAttribute('chapter');
      const seedRead = readSeed(this.getAttribute('seed') ?? '0', 'seed attribute');
      if (!exercise && !chapter) {
        this.#status('This element needs an exercise="…" or chapter="…" attribute.', 'error');
        return;
      }
      if (!seedRead.ok) {
        this.#status(seedRead.message, 'error');
        return;
      }
      const { seed } = seedRead;
      let companion;
      let ids;
      let opened;
      try {
        companion = await getCompanion();
        ids = exerciseIds(companion, { exercise, chapter });
        opened = getStore();
      } catch (error) {
        if (generation === this.#generation) {
          this.#status(`The exercise could not be loaded: ${messageOf(error)}`, 'error');
        }
        return;
      }
      if (generation !== this.#generation) return;
      clear(this.#holder);
      if (opened.notice) this.#holder.append(el('p', { class: 'notice notice-warning', role: 'status' }, opened.notice));
      const set = mountSet(this.#holder, {
        companion, ids, seed, store: opened.store,
        onEvent: ({ type, ...payload }) => this.#emit(type, payload),
      });
      this.#set = set;
      await set.ready;
      if (generation !== this.#generation) return;
      this.dataset.ready = 'true';
      this.#emit('ready', { protocolVersion: PROTOCOL_VERSION, seed, ...set.state() });
    }

    reset(exercise) { return this.#set?.reset(exercise); }
    setSeed(seed, exercise) { return this.#set?.setSeed(seed, exercise); }
    getState() { return this.#set ? message('state', this.#set.state()) : null; }
  }
  customElements.define(name, AttentionExercise);
  return AttentionExercise;
}
