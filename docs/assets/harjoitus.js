// Rommikirja practice widgets. The question shown first is printed into the page at build time
// (readable without JavaScript); answers are checked by the same rules engine running in the
// browser (Pyodide in a module worker, started lazily). Finnish UI; mouse, touch and keyboard.

const SUITS = { S: ["♠", false], H: ["♥", true], D: ["♦", true], C: ["♣", false] };

// ---------------------------------------------------------------- the engine (one worker per page)
const engine = {
  worker: null,
  pending: new Map(),
  nextId: 1,
  state: "idle",        // idle | loading | ready | failed
  info: null,
  listeners: new Set(),
  startedAt: 0,
  start() {
    if (this.worker) return this.readyPromise;
    this.state = "loading";
    this.startedAt = performance.now();
    this.emit();
    this.worker = new Worker(new URL("./rommi-worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => {
      const { id } = event.data;
      const entry = this.pending.get(id);
      if (entry) { this.pending.delete(id); entry(event.data); }
    };
    this.worker.onerror = (event) => {
      this.state = "failed";
      this.info = { error: event.message || "tuntematon virhe" };
      this.emit();
    };
    this.readyPromise = this.send("ready").then((reply) => {
      if (!reply.ok) throw new Error(reply.error);
      this.state = "ready";
      this.info = { ...reply.result, readyMs: Math.round(performance.now() - this.startedAt),
                    pageMs: Math.round(performance.now()) };   // since navigation started
      window.rommikirjaEngine = this.info;            // for the browser tests and benchmarks
      this.emit();
    }).catch((err) => {
      this.state = "failed";
      this.info = { error: String(err) };
      this.emit();
      throw err;
    });
    return this.readyPromise;
  },
  send(request) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, request });
    });
  },
  async call(request) {
    await this.start();
    const reply = await this.send(request);
    if (!reply.ok) throw new Error(reply.error);
    return { result: reply.result, ms: reply.ms };
  },
  emit() { for (const fn of this.listeners) fn(this.state, this.info); },
};

// ---------------------------------------------------------------- small DOM helpers
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function face(code) {
  const body = code.replace(/'+$/, "");
  if (body === "JK") return ["🃏", "jokeri"];
  const [symbol, red] = SUITS[body.slice(-1)];
  return [body.slice(0, -1) + symbol, red ? "punainen" : "musta"];
}

function cardSpan(code, labels) {
  const [text, colour] = face(code);
  return el("span", { class: `kortti ${colour}`, role: "img", "aria-label": labels[code] || code,
                      title: labels[code] || code }, text);
}

function cardRow(codes, labels, cls = "kortit") {
  return el("span", { class: cls }, codes.map((c) => cardSpan(c, labels)));
}

function cardToggle(code, labels, onChange) {
  const [text, colour] = face(code);
  const button = el("button", { type: "button", class: `kortti ${colour} valittava`, "aria-pressed": "false",
                                "aria-label": labels[code] || code, "data-code": code }, text);
  button.addEventListener("click", () => {
    const on = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(on));
    if (onChange) onChange(code, on, button);
  });
  return button;
}

function selected(container) {
  return [...container.querySelectorAll("button.valittava[aria-pressed='true']")].map((b) => b.dataset.code);
}

function button(text, onclick, cls = "md-button") {
  return el("button", { type: "button", class: cls, onclick }, text);
}

// ---------------------------------------------------------------- one widget
class Widget {
  constructor(root) {
    this.root = root;
    this.kind = root.dataset.kind;
    this.id = root.id;
    const data = JSON.parse(root.querySelector("script.harjoitus-data").textContent);
    this.question = data.question;
    this.solution = data.solution;
    this.defaultSeed = data.question.seed;
    this.rules = data.question.rules;
    this.ui = el("div", { class: "harjoitus-ui" });
    this.feedback = el("div", { class: "harjoitus-palaute", "aria-live": "polite" });
    this.status = el("p", { class: "harjoitus-tila", "aria-live": "polite" });
    root.append(this.ui, this.feedback, this.status);
    engine.listeners.add((state, info) => this.showStatus(state, info));
    this.showStatus(engine.state, engine.info);
    const seed = new URLSearchParams(location.search).get(this.id);
    if (seed !== null && Number(seed) !== this.defaultSeed) this.load(Number(seed));
    else this.render();
  }

  showStatus(state, info) {
    const texts = {
      idle: "Sääntömoottori käynnistyy, kun harjoitus tulee näkyviin.",
      loading: "Sääntömoottori latautuu… (Python selaimessa, ensimmäisellä kerralla muutama sekunti)",
      ready: "Sääntömoottori valmis: vastauksesi tarkistaa sama moottori, joka laski sivun esimerkit.",
      failed: "Sääntömoottoria ei voitu käynnistää" + (info && info.error ? ` (${info.error})` : "") +
              ". Ratkaisun näet kohdasta ”Näytä ratkaisu”.",
    };
    this.status.textContent = texts[state];
    this.root.dataset.engine = state;
  }

  async load(seed) {
    this.ui.replaceChildren(el("p", {}, "Jaetaan uutta kättä…"));
    this.feedback.replaceChildren();
    try {
      const { result } = await engine.call({ op: "question", kind: this.kind, seed, rules: this.rules });
      this.question = result.question;
      this.solution = result.solution;
      this.render();
    } catch (err) {
      this.ui.replaceChildren(el("p", {}, `Kättä ei saatu jaettua: ${err.message}`));
    }
  }

  newHand() {
    const seed = 1 + Math.floor(Math.random() * 999999);
    const params = new URLSearchParams(location.search);
    params.set(this.id, String(seed));
    history.replaceState(null, "", `${location.pathname}?${params}${location.hash}`);
    this.load(seed);
  }

  async submit(answer) {
    this.feedback.replaceChildren(el("p", {}, "Tarkistetaan…"));
    try {
      const started = performance.now();
      const { result, ms } = await engine.call({ op: "check", question: this.question, answer });
      this.root.dataset.lastCheckMs = String(Math.round((performance.now() - started) * 10) / 10);
      this.root.dataset.lastEngineMs = String(Math.round(ms * 10) / 10);
      const mark = result.correct ? "✔ " : "✘ ";
      this.feedback.replaceChildren(el("p", { class: result.correct ? "oikein" : "vaarin" },
                                       mark + result.message));
      this.root.dataset.result = result.correct ? "oikein" : "vaarin";
    } catch (err) {
      this.feedback.replaceChildren(el("p", { class: "vaarin" }, `Tarkistus epäonnistui: ${err.message}`));
    }
  }

  async setRules(changes) {
    this.question = { ...this.question, rules: { ...this.question.rules, ...changes } };
    this.solution = null;                     // asked from the engine when needed
    this.feedback.replaceChildren();
    delete this.root.dataset.result;
  }

  async showSolution() {
    if (!this.solution) {
      try {
        this.solution = (await engine.call({ op: "solution", question: this.question })).result;
      } catch (err) {
        this.feedback.replaceChildren(el("p", { class: "vaarin" }, `Ratkaisua ei saatu: ${err.message}`));
        return;
      }
    }
    const lines = this.solution.lines || [];
    this.feedback.replaceChildren(el("div", { class: "ratkaisu" }, lines.map((l) => el("p", {}, l))));
  }

  render() {
    const q = this.question;
    const body = RENDER[this.kind](q, this);
    const tools = el("p", { class: "harjoitus-napit" },
      button("Näytä ratkaisu", () => this.showSolution(), "md-button"),
      " ",
      button("Uusi käsi", () => this.newHand(), "md-button"));
    this.ui.replaceChildren(body, tools);
    this.root.querySelector(".harjoitus-staattinen")?.setAttribute("hidden", "");
    this.feedback.replaceChildren();
    delete this.root.dataset.result;
  }
}

// ---------------------------------------------------------------- the seven kinds
const RENDER = {
  pisteet(q, w) {
    const L = q.labels;
    const scoring = w.rules.scoring;
    const rows = q.hands.map((hand, p) => el("li", {},
      el("strong", {}, q.players[p]), ": ",
      p === q.winner ? "meni ulos" + (q.rummy ? " yhdellä kertaa (rommi)" : "") :
        [cardRow(hand, L), q.opened && !q.opened[p] ? " – ei avannut" : ""]));
    const who = q.players[q.ask];
    const prompt = scoring === "winner_takes" ? `Montako pistettä ${who} saa?` :
      scoring === "penalty" ? `Montako sakkopistettä ${who} saa?` : `Montako miinuspistettä ${who} saa?`;
    const input = el("input", { type: "number", inputmode: "numeric", id: `${w.id}-vastaus`, class: "vastaus" });
    const form = el("form", { class: "harjoitus-lomake", onsubmit: (e) => { e.preventDefault(); w.submit({ points: input.value }); } },
      el("label", { for: `${w.id}-vastaus` }, prompt + " "), input, " ", el("button", { type: "submit", class: "md-button md-button--primary" }, "Tarkista"));
    // perusrommi: the same hand with or without the rummy doubling (a house rule)
    const house = scoring === "winner_takes" && "rummy_doubling" in w.rules ? el("p", {}, el("label", {},
      el("input", { type: "checkbox", class: "ei-tuplausta", checked: w.question.rules.rummy_doubling ? false : "",
        onchange: (e) => w.setRules({ rummy_doubling: !e.target.checked }) }),
      " Kotisääntö: rommi ei tuplaa pisteitä")) : null;
    return el("div", {}, el("ul", {}, rows), house, form);
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
      el("p", {}, "Valitse kädestä jokainen kortti, jonka voi lisätä johonkin pöydän yhdistelmään:"),
      hand,
      el("p", {}, button("Tarkista", () => w.submit({ cards: selected(hand) }), "md-button md-button--primary")));
  },

  jarjesta(q, w) {
    const melds = [];
    const hand = el("div", { class: "kortit" });
    const list = el("ul", { class: "muodostetut" });
    const draw = () => {
      const used = new Set(melds.flat());
      hand.replaceChildren(...q.hand.filter((c) => !used.has(c)).map((c) => cardToggle(c, q.labels)));
      list.replaceChildren(...melds.map((m, i) => el("li", {}, cardRow(m, q.labels, "kortit yhdistelma"), " ",
        button("Pura", () => { melds.splice(i, 1); draw(); }, "md-button"))));
    };
    draw();
    return el("div", {},
      el("p", {}, "Napauta kortteja ja muodosta niistä yhdistelmiä. Jäljelle jäävät ovat irtokortteja."),
      hand,
      el("p", {}, button("Muodosta yhdistelmä", () => { const s = selected(hand); if (s.length) { melds.push(s); draw(); } }, "md-button"), " ",
        button("Tarkista", () => w.submit({ melds }), "md-button md-button--primary")),
      list);
  },

  koputus(q, w) {
    const name = `${w.id}-saaja`;
    const radios = [["knocker", `${q.players[0]} (koputtaja)`], ["defender", `${q.players[1]} (vastustaja)`]]
      .map(([value, text], i) => el("label", {}, el("input", { type: "radio", name, value, checked: i === 0 ? "" : false }), " ", text));
    const points = el("input", { type: "number", inputmode: "numeric", id: `${w.id}-pisteet`, class: "vastaus" });
    const form = el("form", { class: "harjoitus-lomake", onsubmit: (e) => {
      e.preventDefault();
      const scorer = form.querySelector(`input[name='${name}']:checked`).value;
      w.submit({ scorer, points: points.value });
    } },
      el("fieldset", {}, el("legend", {}, "Kuka saa pisteet?"), radios[0], " ", radios[1]),
      el("label", { for: `${w.id}-pisteet` }, "Montako pistettä? "), points, " ",
      el("button", { type: "submit", class: "md-button md-button--primary" }, "Tarkista"));
    return el("div", {},
      el("p", {}, el("strong", {}, q.players[0]), " koputtaa kädellä ", cardRow(q.knocker, q.labels)),
      el("p", {}, el("strong", {}, q.players[1]), " puolustaa kädellä ", cardRow(q.defender, q.labels)),
      el("p", {}, "Vastustaja tekee omat yhdistelmänsä ja parhaat mahdolliset liittämiset."), form);
  },

  nostopakka(q, w) {
    const order = [];
    const seq = el("p", { class: "jarjestys" });
    const pile = el("div", { class: "kortit" });
    const draw = () => {
      pile.replaceChildren(...q.discard.map((c) => {
        const b = cardToggle(c, q.labels, () => { if (!order.includes(c)) order.push(c); draw(); });
        if (order.includes(c)) { b.setAttribute("aria-pressed", "true"); b.disabled = true; }
        return b;
      }));
      seq.replaceChildren("Nostojärjestyksesi: ", order.length ? cardRow(order, q.labels) : "–");
    };
    draw();
    return el("div", {},
      el("p", {}, `Nostopakka on lopussa. Tämän pelin sääntö: ${q.rule}. `
        + "Napauta poistopakan kortit (pohjalta päällimmäiseen) siinä järjestyksessä, jossa ne nostetaan "
        + "uudesta nostopakasta. Jätä pois kortti, joka ei päädy nostopakkaan."),
      pile, seq,
      el("p", {}, button("Aloita alusta", () => { order.length = 0; draw(); }, "md-button"), " ",
        button("Tarkista", () => w.submit({ order: [...order] }), "md-button md-button--primary")));
  },

  avaus(q, w) {
    const hand = el("div", { class: "kortit" }, q.hand.map((c) => cardToggle(c, q.labels)));
    return el("div", {},
      el("p", {}, `Valitse kortit, joilla avaat: yhteensä vähintään ${w.rules.opening_points} pistettä ja mukana puhdas suora.`),
      hand,
      el("p", {}, button("Tarkista", () => w.submit({ cards: selected(hand) }), "md-button md-button--primary")));
  },
};

// ---------------------------------------------------------------- start-up
function init() {
  const roots = [...document.querySelectorAll(".harjoitus[data-kind]")];
  if (!roots.length) return;
  const widgets = roots.map((root) => new Widget(root));
  const wake = () => engine.start().catch(() => {});
  if ("IntersectionObserver" in window) {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) { observer.disconnect(); wake(); }
    });
    roots.forEach((r) => observer.observe(r));
  }
  roots.forEach((r) => r.addEventListener("pointerdown", wake, { once: true }));
  roots.forEach((r) => r.addEventListener("focusin", wake, { once: true }));
  return widgets;
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
