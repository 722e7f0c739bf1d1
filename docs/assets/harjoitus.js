// Rommikirja practice widgets. The question shown first is printed into the page at build time
// (readable without JavaScript, printable with its worked answer); answers are checked by the same
// rules engine running in the browser (Pyodide in a module worker). Finnish UI; mouse, touch and
// keyboard.
//
// One engine per visit: this module runs once (Material's instant navigation swaps the page
// content, not the document), so the worker survives page changes; the widgets of each new page
// are bound through Material's `document$`. The engine starts on the reader's first interaction
// with a widget (or when a widget is in view on a fast desktop connection), never merely on scroll
// with saveData or a cellular connection. A browser that keeps the engine's snapshot from an
// earlier visit starts it at page load (no download, about a second). Every pending action ends within a bound with a Finnish
// message and a way on.

import { engine, registerServiceWorker, fastDesktop, sentence, mb, startIfCached, el, sameBuild } from "./moottori.js";
import { cardRow, cardToggle } from "./kortit.js";

const SEED_MAX = 999999999;


// ---------------------------------------------------------------- small DOM helpers (el: moottori.js, cards: kortit.js)
function selected(container) {
  return [...container.querySelectorAll("button.valittava[aria-pressed='true']")].map((b) => b.dataset.code);
}

function button(text, onclick, cls = "md-button") {
  return el("button", { type: "button", class: cls, onclick }, text);
}

function inOrder(codes, hand) {
  return [...codes].sort((a, b) => hand.indexOf(a) - hand.indexOf(b));
}

// ---------------------------------------------------------------- one widget
class Widget {
  constructor(root) {
    this.root = root;
    this.kind = root.dataset.kind;
    this.id = root.id;
    const data = JSON.parse(root.dataset.harjoitus);
    this.defaults = data;
    this.question = data.question;
    this.solution = data.solution;
    this.defaultSeed = data.question.seed;
    this.rules = data.question.rules;
    this.token = 0;                       // the hand on show; a late reply for an older hand is dropped
    this.note = el("p", { class: "harjoitus-huomio", hidden: "" });
    this.ui = el("div", { class: "harjoitus-ui" });
    this.tools = el("p", { class: "harjoitus-napit" },
      button("Näytä ratkaisu", () => this.showSolution(), "md-button"), " ",
      button("Uusi käsi", () => this.newHand(), "md-button"));
    this.feedback = el("div", { class: "harjoitus-palaute", "aria-live": "polite" });
    this.stateText = el("span", { "aria-live": "polite" });
    this.progressText = el("span", { class: "harjoitus-edistys" });
    this.retry = button("Yritä uudelleen", () => this.retryEngine(), "md-button harjoitus-uudelleen");
    this.retry.hidden = true;
    this.status = el("div", { class: "harjoitus-tila" }, el("p", {}, this.stateText, " ", this.progressText), this.retry);
    this.printed = el("div", { class: "harjoitus-tuloste" });
    root.append(this.note, this.ui, this.tools, this.feedback, this.status, this.printed);
    this.listener = (what) => this.showStatus(what);
    engine.listeners.add(this.listener);
    this.showStatus("state");
    const raw = new URLSearchParams(location.search).get(this.id);
    if (raw === null) this.render();
    else if (/^\d{1,9}$/.test(raw) && Number(raw) <= SEED_MAX) {
      if (Number(raw) === this.defaultSeed) this.render();
      else this.load(Number(raw), false);
    } else {
      const shown = raw.length > 20 ? raw.slice(0, 20) + "…" : raw;
      this.note.textContent = `Osoitteessa oleva käden numero ”${shown}” ei kelpaa: sen pitää olla kokonaisluku `
        + "väliltä 0–999 999 999. Alla on tämän harjoituksen oletuskäsi.";
      this.note.hidden = false;
      this.render();
    }
  }

  detach() { engine.listeners.delete(this.listener); }

  showStatus(what) {
    const state = engine.state;
    this.root.dataset.engine = state;
    if (what === "progress" || state === "loading") {
      const p = engine.progress || { loaded: 0, total: 0 };
      const secs = Math.round((performance.now() - (p.started || performance.now())) / 1000);
      const bytes = p.total ? `${mb(p.loaded)} / ${mb(p.total)} Mt, ` : "";
      this.progressText.textContent = state === "loading"
        ? (p.phase === "käynnistys" ? (secs ? `(käynnistetään, ${secs} s)` : "(käynnistetään…)")
          : `(${bytes}${secs} s)`) : "";
      if (what === "progress") return;
    } else {
      this.progressText.textContent = "";
    }
    const texts = {
      idle: "Sääntömoottori käynnistyy, kun kosketat harjoitusta tai siirryt siihen näppäimistöllä.",
      loading: "Sääntömoottori latautuu…",
      ready: "Sääntömoottori valmis: vastauksesi tarkistaa sama moottori, joka laski sivun esimerkit.",
      failed: `Sääntömoottori ei käynnistynyt. ${sentence(engine.info && engine.info.error)} `
              + "Ratkaisun näet napista ”Näytä ratkaisu”.",
    };
    this.stateText.textContent = texts[state];
    this.retry.hidden = state !== "failed";
  }

  retryEngine() {
    engine.restart().catch(() => {});
  }

  pendingText(what) {
    return engine.state === "ready" ? `${what}…` : `${what}, kun sääntömoottori on latautunut…`;
  }

  async load(seed, focus) {
    const token = ++this.token;
    this.question = null;
    this.solution = null;
    this.root.querySelector(".harjoitus-staattinen")?.setAttribute("hidden", "");
    this.ui.replaceChildren(el("p", { class: "harjoitus-kysymys", tabindex: "-1" },
                               this.pendingText(`Jaetaan kättä numero ${seed}`)));
    this.printed.replaceChildren();
    this.feedback.replaceChildren();
    delete this.root.dataset.result;
    this.root.dataset.loading = String(seed);
    try {
      const { result } = await engine.call({ op: "question", kind: this.kind, seed, rules: this.rules });
      if (token !== this.token) return;
      this.question = result.question;
      this.solution = result.solution;
      delete this.root.dataset.loading;
      this.render(focus);
    } catch (err) {
      if (token !== this.token) return;
      delete this.root.dataset.loading;
      this.root.dataset.failed = "jako";
      this.ui.replaceChildren(el("div", { class: "harjoitus-kysymys", tabindex: "-1" },
        el("p", { class: "vaarin" }, `Kättä numero ${seed} ei voitu jakaa. ${sentence(err.message)}`),
        el("p", {}, button("Yritä uudelleen", () => { engine.restart().catch(() => {}); this.load(seed, true); }),
          " ", button("Näytä oletuskäsi", () => this.showDefault(), "md-button"))));
      if (focus) this.ui.firstChild.focus();
    }
  }

  showDefault() {
    this.token += 1;
    this.question = this.defaults.question;
    this.solution = this.defaults.solution;
    const params = new URLSearchParams(location.search);
    params.delete(this.id);
    const search = params.toString();
    history.replaceState(history.state, "", `${location.pathname}${search ? "?" + search : ""}${location.hash}`);
    this.render(true);
  }

  newHand() {
    const seed = 1 + Math.floor(Math.random() * 999999);
    const params = new URLSearchParams(location.search);
    params.set(this.id, String(seed));
    history.replaceState(history.state, "", `${location.pathname}?${params}${location.hash}`);
    this.load(seed, true);
    this.ui.firstChild.focus();
  }

  async submit(answer) {
    if (!this.question) return;
    const token = this.token;
    this.feedback.replaceChildren(el("p", {}, this.pendingText("Tarkistetaan")));
    delete this.root.dataset.result;
    try {
      const started = performance.now();
      const { result, ms } = await engine.call({ op: "check", question: this.question, answer });
      if (token !== this.token) return;
      this.root.dataset.lastCheckMs = String(Math.round((performance.now() - started) * 10) / 10);
      this.root.dataset.lastEngineMs = String(Math.round(ms * 10) / 10);
      const mark = result.correct ? "✔ " : "✘ ";
      this.feedback.replaceChildren(el("p", { class: result.correct ? "oikein" : "vaarin" }, mark + result.message));
      this.root.dataset.result = result.correct ? "oikein" : "vaarin";
    } catch (err) {
      if (token !== this.token) return;
      this.feedback.replaceChildren(el("p", { class: "vaarin" },
        `Vastausta ei voitu tarkistaa. ${sentence(err.message)} Oikean vastauksen näet napista ”Näytä ratkaisu”.`));
      this.root.dataset.result = "virhe";
    }
  }

  setRules(changes) {
    this.rules = { ...this.rules, ...changes };
    this.question = { ...this.question, rules: this.rules };
    this.solution = null;                     // asked from the engine when needed
    this.printed.replaceChildren();
    this.feedback.replaceChildren();
    delete this.root.dataset.result;
  }

  async showSolution() {
    if (!this.question) {
      // the button the sentence names: the failed deal's own, or one here while the hand is dealt
      const named = [...this.ui.querySelectorAll("button")].some((b) => b.textContent === "Näytä oletuskäsi");
      this.feedback.replaceChildren(el("p", {}, "Ratkaisu näkyy, kun käsi on jaettu. Odota hetki tai "
                                              + "palaa oletuskäteen napista ”Näytä oletuskäsi”."),
        named ? null : el("p", {}, button("Näytä oletuskäsi", () => this.showDefault(), "md-button")));
      return;
    }
    if (!this.solution) {
      const token = this.token;
      this.feedback.replaceChildren(el("p", {}, this.pendingText("Lasketaan ratkaisua")));
      try {
        const solution = (await engine.call({ op: "solution", question: this.question })).result;
        if (token !== this.token) return;
        this.solution = solution;
        this.showPrinted();
      } catch (err) {
        if (token !== this.token) return;
        this.feedback.replaceChildren(el("p", { class: "vaarin" },
          `Ratkaisua ei voitu laskea. ${sentence(err.message)} Kokeile napista ”Yritä uudelleen” tai palaa `
          + "oletuskäteen napista ”Näytä oletuskäsi”."),
          el("p", {}, button("Yritä uudelleen", () => this.showSolution()),
            " ", button("Näytä oletuskäsi", () => this.showDefault(), "md-button")));
        return;
      }
    }
    const lines = this.solution.lines || [];
    // cards the solution shows (melds): the sentences say the same for a screen reader
    const shown = (this.solution.show || []).length
      ? el("p", { "aria-hidden": "true" }, this.solution.show.map((b) => block(b, this.question))) : "";
    this.feedback.replaceChildren(el("div", { class: "ratkaisu" }, el("p", {}, el("strong", {}, "Ratkaisu: ")),
                                     shown, lines.map((l) => el("p", {}, l))));
  }

  showPrinted() {
    const lines = (this.solution && this.solution.lines) || [];
    this.printed.replaceChildren(...(lines.length ? [el("p", {}, el("strong", {}, "Ratkaisu:"))] : []),
                                 ...lines.map((l) => el("p", {}, l)));
  }

  render(focus = false) {
    const q = this.question;
    const body = renderQuestion(q, this);
    body.classList.add("harjoitus-kysymys");
    body.setAttribute("tabindex", "-1");
    this.ui.replaceChildren(body);
    this.root.querySelector(".harjoitus-staattinen")?.setAttribute("hidden", "");
    this.feedback.replaceChildren();
    delete this.root.dataset.result;
    delete this.root.dataset.failed;
    this.root.dataset.seed = String(q.seed);
    this.showPrinted();
    if (focus) body.focus();
  }
}

// ---------------------------------------------------------------- every kind: blocks and a control
// The engine describes each question (rommikirja/app/practice): `show`, blocks of text and cards as
// the printed page has them (a `static` block stands for the control, so it is left out here; the
// `prompt` block holds the question), and `input`, one of the generic controls below.
function block(b, q) {
  return [b.strong ? el("strong", {}, b.strong) : "", b.prompt ? q.prompt : (b.text || ""),
          b.cards ? [" ", cardRow(b.cards, q.faces, b.css)] : "",
          (b.melds || []).map((m) => cardRow(m, q.faces, b.css)), b.after || ""];
}

function blocks(list, q) {
  return list.filter((b) => !b.static).map((b) => ("items" in b
    ? el("ul", {}, b.items.map((i) => el("li", {}, block(i, q)))) : el("p", {}, block(b, q))));
}

function renderQuestion(q, w) {
  const input = q.input || {};
  const shown = blocks(q.show || [], q);
  // a prompt that no block holds: the number field's label, else a paragraph before the control
  const held = (q.show || []).some((b) => b.prompt && !b.static);
  const prompt = held || (input.control === "number" && !input.label) ? null : el("p", {}, q.prompt);
  return el("div", {}, shown, prompt, INPUTS[input.control](q, w, input));
}

function primary(text, onclick) {
  return button(text, onclick, "md-button md-button--primary");
}

// how to use the controls: not printed (kortit.css), like the controls themselves
function help(input) {
  return input.help ? el("p", { class: "harjoitus-ohje" }, input.help) : null;
}

// The house rule a control may offer (a checkbox that changes one rule option of the question).
function toggle(t, w) {
  if (!t) return null;
  return el("p", { class: "kotisaanto" }, el("label", {},
    el("input", { type: "checkbox", class: t.css || "kotisaanto-valinta",
      checked: w.rules[t.option] === t.checked ? "" : false,
      onchange: (e) => w.setRules({ [t.option]: e.target.checked ? t.checked : !t.checked }) }),
    " ", t.text));
}


const INPUTS = {
  // a whole number typed; optionally a choice (radio buttons) and a house-rule toggle
  number(q, w, input) {
    const id = `${w.id}-vastaus`;
    const field = el("input", { type: "text", inputmode: "numeric", autocomplete: "off", id, class: "vastaus" });
    const c = input.choice;
    const name = c ? `${w.id}-${c.key}` : "";
    const choice = c ? el("fieldset", {}, el("legend", {}, c.legend), c.options.map(([value, text], i) => [i ? " " : "",
      el("label", { class: "valinta" }, el("input", { type: "radio", name, value }), " ", text)])) : null;
    const form = el("form", { class: "harjoitus-lomake", novalidate: "", onsubmit: (e) => {
      e.preventDefault();
      const answer = { [input.key]: field.value };
      // no choice made: null, and the engine asks for one
      if (c) answer[c.key] = form.querySelector(`input[name='${name}']:checked`)?.value || null;
      w.submit(answer);
    } }, choice, el("label", { for: id }, (input.label || q.prompt) + " "), field, " ",
    el("button", { type: "submit", class: "md-button md-button--primary" }, "Tarkista"));
    return el("div", {}, help(input), toggle(input.toggle, w), form);
  },

  // two buttons: yes (true) and no (false)
  yesno(q, w, input) {
    return el("div", {}, help(input), el("p", {},
      primary(input.yes, () => w.submit({ [input.key]: true })), " ",
      primary(input.no, () => w.submit({ [input.key]: false }))));
  },

  // cards picked from a row (sent in the row's order)
  pick(q, w, input) {
    const row = el("div", { class: "kortit" }, input.cards.map((c) => cardToggle(c, q.faces)));
    return el("div", {}, help(input), row,
      el("p", {}, primary("Tarkista", () => w.submit({ [input.key]: inOrder(selected(row), input.cards) }))));
  },

  // cards put in order by pressing them one by one
  order(q, w, input) {
    const order = [];
    const seq = el("p", { class: "jarjestys" });
    const row = el("div", { class: "kortit" });
    const check = primary("Tarkista", () => w.submit({ [input.key]: [...order] }));
    const draw = (focusFrom = null) => {
      row.replaceChildren(...input.cards.map((c) => {
        const b = cardToggle(c, q.faces, () => { if (!order.includes(c)) order.push(c); draw(c); });
        if (order.includes(c)) { b.setAttribute("aria-pressed", "true"); b.setAttribute("aria-disabled", "true"); }
        return b;
      }));
      seq.replaceChildren(`${input.chosen} `, order.length ? cardRow(order, q.faces) : "–");
      if (focusFrom !== null) {
        // focus stays in the widget: the next card not yet chosen, else "Tarkista"
        const free = [...row.querySelectorAll("button:not([aria-disabled])")];
        const at = input.cards.indexOf(focusFrom);
        const next = free.find((b) => input.cards.indexOf(b.dataset.code) > at) || free[0] || check;
        next.focus();
      }
    };
    draw();
    return el("div", {}, help(input), row, input.note ? el("p", { class: "harjoitus-ohje" }, input.note) : null, seq,
      el("p", {}, button("Aloita alusta", () => { order.length = 0; draw(); row.querySelector("button").focus(); },
                         "md-button"), " ", check));
  },

  // the cards made into melds, a meld at a time; what is left over is the rest
  melds(q, w, input) {
    const melds = [];
    const row = el("div", { class: "kortit" });
    const list = el("ul", { class: "muodostetut" });
    const check = primary("Tarkista", () => w.submit({ [input.key]: melds }));
    const draw = () => {
      const used = new Set(melds.flat());
      row.replaceChildren(...input.cards.filter((c) => !used.has(c)).map((c) => cardToggle(c, q.faces)));
      list.replaceChildren(...melds.map((m, i) => el("li", {}, cardRow(m, q.faces, "kortit yhdistelma"), " ",
        button("Pura", () => { melds.splice(i, 1); draw(); (row.querySelector("button") || check).focus(); },
               "md-button"))));
    };
    draw();
    return el("div", {}, help(input), row,
      el("p", {}, button("Muodosta yhdistelmä", () => {
        const s = selected(row);
        if (s.length) { melds.push(inOrder(s, input.cards)); draw(); }
      }, "md-button"), " ", check),
      list);
  },
};

// ---------------------------------------------------------------- each page
let widgets = [];

function skipLink(first) {
  document.querySelector(".harjoitus-ohitus")?.remove();
  if (!first) return;
  const link = el("a", { href: `#${first.id}`, class: "md-skip harjoitus-ohitus" }, "Siirry harjoituksiin");
  first.setAttribute("tabindex", "-1");
  link.addEventListener("click", (e) => {
    e.preventDefault();
    e.stopPropagation();            // not a page change for Material's instant navigation
    first.scrollIntoView();
    first.focus();
  });
  const materialSkip = document.querySelector(".md-skip");
  if (materialSkip) materialSkip.after(link);
  else document.body.prepend(link);
}

function initPage() {
  for (const w of widgets) w.detach();
  widgets = [];
  if (!sameBuild()) return;           // another build's page: moottori.js loads it in whole
  document.querySelector(".md-search[role='dialog']")?.setAttribute("aria-label", "Haku");
  // a wide table scrolls sideways on a phone: keyboard users can scroll it too
  for (const wrap of document.querySelectorAll(".md-typeset__scrollwrap")) {
    if (wrap.hasAttribute("tabindex")) continue;
    wrap.setAttribute("tabindex", "0");
    wrap.setAttribute("role", "region");
    wrap.setAttribute("aria-label", "Vieritettävä taulukko");
  }
  const roots = [...document.querySelectorAll(".harjoitus[data-kind]")];
  skipLink(roots[0]);
  if (!roots.length) return;
  registerServiceWorker();
  widgets = roots.map((root) => {
    try {
      return new Widget(root);
    } catch (err) {
      root.dataset.engine = "virhe";        // the printed question and its answer stay on show
      return null;
    }
  }).filter(Boolean);
  const wake = () => { if (engine.state === "idle") engine.start().catch(() => {}); };
  for (const r of roots) {
    for (const type of ["pointerdown", "focusin", "keydown"]) r.addEventListener(type, wake, { once: true });
    if (fastDesktop()) r.addEventListener("pointerenter", wake, { once: true });
  }
  if (fastDesktop() && "IntersectionObserver" in window) {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        (window.requestIdleCallback || setTimeout)(wake);
      }
    });
    roots.forEach((r) => observer.observe(r));
  }
  if (roots.some((r) => r.dataset.loading)) wake();            // a shared hand is waiting
  startIfCached();            // a repeat visit: no download, so no need to wait for the reader
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => initPage());                 // every page, instant navigation too
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", initPage);
} else {
  initPage();
}
