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

const SUITS = { S: ["♠", false], H: ["♥", true], D: ["♦", true], C: ["♣", false] };
const SEED_MAX = 999999999;


// ---------------------------------------------------------------- small DOM helpers (el: moottori.js)

// A card's face: [visible text, colour class, second-deck mark]. Two decks' identical cards are
// told apart only where both are in the same question (labels holds every code of the question).
function face(code, labels) {
  const body = code.replace(/'+$/, "");
  const twin = code !== body ? body in labels : `${code}'` in labels;
  const mark = twin ? (code === body ? "¹" : "²") : "";
  if (body === "JK") return ["🃏", "jokeri", mark];
  const [symbol, red] = SUITS[body.slice(-1)];
  return [body.slice(0, -1) + symbol, red ? "punainen" : "musta", mark];
}

// The accessible name contains the visible text: "7♠ (pataseiska)".
function cardName(code, labels) {
  const [text, , mark] = face(code, labels);
  const name = labels[code] || code;
  const deck = mark ? (mark === "¹" ? ", 1. pakka" : ", 2. pakka") : "";
  return `${text}${mark} (${name}${deck})`;
}

function cardContent(code, labels) {
  const [text, , mark] = face(code, labels);
  return mark ? [text, el("sup", { class: "pakka" }, mark)] : [text];
}

function cardSpan(code, labels) {
  const [, colour] = face(code, labels);
  const name = cardName(code, labels);
  return el("span", { class: `kortti ${colour}`, role: "img", "aria-label": name, title: name },
            cardContent(code, labels));
}

function cardRow(codes, labels, cls = "kortit") {
  return el("span", { class: cls }, codes.map((c) => cardSpan(c, labels)));
}

function cardToggle(code, labels, onChange) {
  const [, colour] = face(code, labels);
  const b = el("button", { type: "button", class: `kortti ${colour} valittava`, "aria-pressed": "false",
                           "aria-label": cardName(code, labels), "data-code": code }, cardContent(code, labels));
  b.addEventListener("click", () => {
    const on = b.getAttribute("aria-pressed") !== "true";
    b.setAttribute("aria-pressed", String(on));
    if (onChange) onChange(code, on, b);
  });
  return b;
}

function selected(container) {
  return [...container.querySelectorAll("button.valittava[aria-pressed='true']")].map((b) => b.dataset.code);
}

function button(text, onclick, cls = "md-button") {
  return el("button", { type: "button", class: cls, onclick }, text);
}

function inHandOrder(codes, hand) {
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
      idle: "Sääntömoottori käynnistyy, kun aloitat harjoituksen.",
      loading: "Sääntömoottori latautuu…",
      ready: "Sääntömoottori valmis: vastauksesi tarkistaa sama moottori, joka laski sivun esimerkit.",
      failed: `Sääntömoottoria ei saatu käynnistettyä. ${sentence(engine.info && engine.info.error)} `
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
                               this.pendingText(`Jaetaan kättä ${seed}`)));
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
        el("p", { class: "vaarin" }, `Kättä ${seed} ei saatu jaettua. ${sentence(err.message)}`),
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
      this.feedback.replaceChildren(el("p", {}, "Ratkaisu näkyy, kun käsi on jaettu. Odota hetki tai "
                                              + "palaa oletuskäteen."));
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
          `Ratkaisua ei saatu laskettua. ${sentence(err.message)} Kokeile napista ”Yritä uudelleen” tai palaa oletuskäteen.`),
          el("p", {}, button("Näytä oletuskäsi", () => this.showDefault(), "md-button")));
        return;
      }
    }
    const lines = this.solution.lines || [];
    // melds also shown as cards (the sentence says the same for a screen reader)
    const melds = this.kind === "jarjesta" && (this.solution.melds || []).length
      ? el("p", { "aria-hidden": "true" }, this.solution.melds.map((m) => cardRow(m, this.question.labels, "kortit yhdistelma")))
      : "";
    this.feedback.replaceChildren(el("div", { class: "ratkaisu" }, el("p", {}, el("strong", {}, "Ratkaisu: ")),
                                     melds, lines.map((l) => el("p", {}, l))));
  }

  showPrinted() {
    const lines = (this.solution && this.solution.lines) || [];
    this.printed.replaceChildren(...(lines.length ? [el("p", {}, el("strong", {}, "Ratkaisu:"))] : []),
                                 ...lines.map((l) => el("p", {}, l)));
  }

  render(focus = false) {
    const q = this.question;
    const body = RENDER[this.kind](q, this);
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

// ---------------------------------------------------------------- the seven kinds
function numberForm(w, id, prompt, onSubmit, extra = null) {
  const input = el("input", { type: "text", inputmode: "numeric", autocomplete: "off", id, class: "vastaus" });
  const form = el("form", { class: "harjoitus-lomake", novalidate: "",
                            onsubmit: (e) => { e.preventDefault(); onSubmit(input.value); } },
    extra, el("label", { for: id }, prompt + " "), input, " ",
    el("button", { type: "submit", class: "md-button md-button--primary" }, "Tarkista"));
  return form;
}

const RENDER = {
  pisteet(q, w) {
    const L = q.labels;
    const scoring = q.rules.scoring;
    const rows = q.hands.map((hand, p) => el("li", {},
      el("strong", {}, q.players[p]), ": ",
      p === q.winner ? "meni ulos" + (q.rummy ? " yhdellä kertaa (rommi)" : "") :
        [cardRow(hand, L), q.opened && !q.opened[p] ? " – ei avannut" : ""]));
    const who = q.players[q.ask];
    const prompt = scoring === "winner_takes" ? `Montako pistettä ${who} saa?` :
      scoring === "penalty" ? `Montako sakkopistettä ${who} saa?` : `Montako miinuspistettä ${who} saa?`;
    // perusrommi: the same hand with or without the rummy doubling (a house rule)
    const house = scoring === "winner_takes" && "rummy_doubling" in w.rules ? el("p", { class: "kotisaanto" }, el("label", {},
      el("input", { type: "checkbox", class: "ei-tuplausta", checked: w.rules.rummy_doubling ? false : "",
        onchange: (e) => w.setRules({ rummy_doubling: !e.target.checked }) }),
      " Kotisääntö: rommi ei tuplaa pisteitä")) : null;
    return el("div", {}, el("ul", {}, rows), house,
              numberForm(w, `${w.id}-vastaus`, prompt, (v) => w.submit({ points: v })));
  },

  kelpaako(q, w) {
    return el("div", {},
      el("p", {}, "Kelpaavatko nämä kortit yhdistelmäksi? ", cardRow(q.cards, q.labels)),
      el("p", {}, button("Kelpaa", () => w.submit({ valid: true }), "md-button md-button--primary"), " ",
        button("Ei kelpaa", () => w.submit({ valid: false }), "md-button md-button--primary")));
  },

  lisaa(q, w) {
    const hand = el("div", { class: "kortit" }, q.hand.map((c) => cardToggle(c, q.labels)));
    return el("div", {},
      el("p", {}, "Pöydällä:"),
      el("ul", {}, q.table.map((m) => el("li", {}, cardRow(m, q.labels, "kortit yhdistelma")))),
      el("p", {}, "Valitse kädestä jokainen kortti, jonka voi lisätä johonkin pöydän yhdistelmään. "
                  + "Jos mikään kortti ei sovi, tarkista valitsematta yhtään."),
      hand,
      el("p", {}, button("Tarkista", () => w.submit({ cards: inHandOrder(selected(hand), q.hand) }),
                         "md-button md-button--primary")));
  },

  jarjesta(q, w) {
    const melds = [];
    const hand = el("div", { class: "kortit" });
    const list = el("ul", { class: "muodostetut" });
    const draw = () => {
      const used = new Set(melds.flat());
      hand.replaceChildren(...q.hand.filter((c) => !used.has(c)).map((c) => cardToggle(c, q.labels)));
      list.replaceChildren(...melds.map((m, i) => el("li", {}, cardRow(m, q.labels, "kortit yhdistelma"), " ",
        button("Pura", () => { melds.splice(i, 1); draw(); (hand.querySelector("button") || form).focus(); },
               "md-button"))));
    };
    draw();
    const form = button("Tarkista", () => w.submit({ melds }), "md-button md-button--primary");
    return el("div", {},
      el("p", {}, "Jaa käsi yhdistelmiin niin, että irtokorttien pistesumma jää mahdollisimman pieneksi. "
                  + "Valitse yhdistelmän kortit ja paina ”Muodosta yhdistelmä”; jäljelle jäävät ovat irtokortteja."),
      hand,
      el("p", {}, button("Muodosta yhdistelmä", () => {
        const s = selected(hand);
        if (s.length) { melds.push(inHandOrder(s, q.hand)); draw(); }
      }, "md-button"), " ", form),
      list);
  },

  koputus(q, w) {
    const name = `${w.id}-saaja`;
    const radios = [["knocker", `${q.players[0]} (koputtaja)`], ["defender", `${q.players[1]} (puolustaja)`]]
      .map(([value, text]) => el("label", { class: "valinta" },
        el("input", { type: "radio", name, value }), " ", text));
    const who = el("fieldset", {}, el("legend", {}, "Kuka saa pisteet?"), radios[0], " ", radios[1]);
    const form = numberForm(w, `${w.id}-pisteet`, "Montako pistettä?", (v) => {
      const scorer = form.querySelector(`input[name='${name}']:checked`)?.value || null;   // none chosen: the engine asks
      w.submit({ scorer, points: v });
    }, who);
    return el("div", {},
      el("p", {}, el("strong", {}, q.players[0]), " lopettaa jaon kädellä ", cardRow(q.knocker, q.labels)),
      el("p", {}, el("strong", {}, q.players[1]), " puolustaa kädellä ", cardRow(q.defender, q.labels)),
      el("p", {}, "Puolustaja tekee omat yhdistelmänsä ja liittää kortteja koputtajan yhdistelmiin niin hyvin kuin voi."), form);
  },

  nostopakka(q, w) {
    const order = [];
    const seq = el("p", { class: "jarjestys" });
    const pile = el("div", { class: "kortit" });
    const check = button("Tarkista", () => w.submit({ order: [...order] }), "md-button md-button--primary");
    const draw = (focusFrom = null) => {
      pile.replaceChildren(...q.discard.map((c) => {
        const b = cardToggle(c, q.labels, () => { if (!order.includes(c)) order.push(c); draw(c); });
        if (order.includes(c)) { b.setAttribute("aria-pressed", "true"); b.setAttribute("aria-disabled", "true"); }
        return b;
      }));
      seq.replaceChildren("Nostojärjestyksesi: ", order.length ? cardRow(order, q.labels) : "–");
      if (focusFrom !== null) {
        // focus stays in the widget: the next card not yet chosen, else "Tarkista"
        const free = [...pile.querySelectorAll("button:not([aria-disabled])")];
        const at = q.discard.indexOf(focusFrom);
        const next = free.find((b) => q.discard.indexOf(b.dataset.code) > at) || free[0] || check;
        next.focus();
      }
    };
    draw();
    return el("div", {},
      el("p", {}, `Nostopakka on lopussa. Tämän pelin sääntö: ${q.rule}.`),
      el("p", {}, "Poistopakka: vasemmalla pohjimmainen kortti, oikealla päällimmäinen eli viimeksi poistettu."),
      pile,
      el("p", {}, "Napauta kortteja siinä järjestyksessä, jossa ne nostetaan uudesta nostopakasta. "
                  + "Jos jokin kortti ei sääntöjen mukaan päädy uuteen nostopakkaan, jätä se napauttamatta."),
      seq,
      el("p", {}, button("Aloita alusta", () => { order.length = 0; draw(); pile.querySelector("button").focus(); },
                         "md-button"), " ", check));
  },

  avaus(q, w) {
    const hand = el("div", { class: "kortit" }, q.hand.map((c) => cardToggle(c, q.labels)));
    const pure = q.rules.opening_pure_run ? " ja mukana puhdas suora (ilman jokeria)" : "";
    return el("div", {},
      el("p", {}, `Valitse kortit, joilla avaat: yhteensä vähintään ${q.rules.opening_points} pistettä${pure}. `
                  + (q.rules.final_discard === "required"
                    ? "Vähintään yksi kortti on jätettävä käteen poistoa varten."
                    : "")),
      hand,
      el("p", {}, button("Tarkista", () => w.submit({ cards: inHandOrder(selected(hand), q.hand) }),
                         "md-button md-button--primary")));
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
