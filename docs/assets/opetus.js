// Rommikirja "Opetusjako": a game page's guided first deal. The page holds a verified scenario as
// a script (data-opetus: the starting position, every move, the guide's words per move of the
// reader; tools/opetusjako.py); the engine in the page (moottori.js, the visit's one engine, the
// Pelaa wing's "opetus" request: engine/rommikirja/app/opetus.py) replays it and checks every
// move the reader makes with Pelaa's controls: the guided move advances the deal (the computers'
// scripted moves follow), a move the rules refuse gets the engine's reason and a hint, and a legal
// but different move is explained; neither advances.
//
// Test hooks: the root has data-opetus; the control the guide expects next has
// data-opetus-seuraava; the feedback area data-opetus-palaute; the root gets data-opetus-valmis
// when the deal is over. Focus follows the expected control once the reader has started.

import { engine as shared, registerServiceWorker, el, sameBuild, mb } from "./moottori.js";
import { face, faceName, cardSpan, cardRow } from "./kortit.js";
import { num, deckMark } from "./pelaa-apu.js";

const CALL_MS = 30000;
// Pelaa's buttons and their letter keys (pelaa.js), which work here while the focus is in the section
const BUTTONS = [
  ["draw_stock", "Nosta", "n"], ["draw_discard", "Ota poistopakasta", "o"], ["pass", "Passaa", "s"], ["open", "Avaa", "a"],
  ["meld", "Pelaa", "m"], ["lay_off", "Lisää", "l"], ["discard", "Poista", "p"], ["knock", "Koputa", "k"],
];

async function call(request) {
  const { result } = await shared.call({ ...request, op: "opetus", play: true }, CALL_MS);
  return result;
}

function mount(root) {
  root.dataset.started = "1";
  root.querySelector(".opetus-nojs")?.remove();
  const data = JSON.parse(root.dataset.opetus);
  const ui = { at: 0, view: null, selected: [], target: null, log: [], started: false, busy: false };
  const status = el("p", { class: "opetus-tila", role: "status" });
  const start = el("button", { type: "button", class: "md-button md-button--primary", "data-opetus-aloita": "",
                               "data-opetus-seuraava": "" }, "Aloita opetusjako");
  const guide = el("div", { class: "opetus-opas", "aria-live": "polite" });
  const feedback = el("div", { class: "opetus-palaute", "data-opetus-palaute": "", "aria-live": "assertive" });
  // the feedback sits right under the buttons (on a phone the guide above is scrolled away by
  // then); the board is drawn again on every move, the feedback node stays (a live region)
  const board = el("div", {});
  const table = el("div", { class: "pelaa-poyta opetus-poyta", hidden: "" }, board, feedback);
  const box = el("div", { class: "pelaa opetus" }, el("p", {}, start), status, guide, table);
  root.append(box);
  start.addEventListener("click", begin);
  // the letters are caught before the theme's own shortcuts (Material: N/P pages, S search), but
  // only while the focus is inside this section
  root.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || table.hidden) return;
    const found = BUTTONS.find(([, , key]) => key === e.key.toLowerCase());
    const b = found && table.querySelector(`button[data-action="${found[0]}"]`);
    if (!b || b.disabled) return;
    e.preventDefault();
    e.stopPropagation();
    b.click();
  });

  const stepAt = (at) => data.steps.find((s) => s.at === at) || null;
  const stepNo = (at) => data.steps.findIndex((s) => s.at === at) + 1;

  async function begin() {
    if (ui.busy) return;
    ui.busy = true;
    start.disabled = true;
    const progress = () => {
      const p = shared.progress || { loaded: 0, total: 0 };
      status.textContent = p.total ? `Sääntömoottori latautuu… (${mb(p.loaded)} / ${mb(p.total)} Mt)`
                                   : "Sääntömoottori käynnistyy…";
    };
    shared.listeners.add(progress);
    progress();
    try {
      await shared.start();
      const result = await call({ rules: data.rules, script: data.script, at: 0 });
      status.textContent = "";
      start.closest("p").hidden = true;
      ui.started = true;
      show(result);
    } catch (err) {
      status.textContent = `Opetusjakoa ei voitu aloittaa: ${err.message}`;
      start.disabled = false;
    } finally {
      shared.listeners.delete(progress);
      ui.busy = false;
    }
  }

  function show(result) {
    ui.at = result.at;
    ui.view = result.view;
    ui.selected = [];
    ui.target = null;
    ui.log = result.log || [];
    delete root.dataset.opetusHylatty;
    feedback.replaceChildren();
    render(true);
  }

  async function act(action) {
    const v = ui.view;
    if (!v || v.over || ui.busy) return;
    const spec = v.action_steps[action];
    const move = { ...spec.step };
    if (spec.cards === "one") {
      if (ui.selected.length > 1) return say(`Valitsit ${ui.selected.length} korttia, mutta ${action === "knock" ? "koputtaessa" : "vuoron lopussa"} poistetaan vain yksi: napauta valituista pois kaikki muut.`);
      if (ui.selected.length !== 1) return say(action === "knock" ? "Valitse ensin yksi kortti, jonka poistat koputtaessasi."
                                                                : "Valitse ensin yksi kortti poistettavaksi.");
      move[spec.key] = ui.selected[0];
    } else if (spec.cards === "many") {
      if (!ui.selected.length) return say("Valitse ensin kortit kädestäsi.");
      move[spec.key] = ui.selected;
    }
    if (spec.onto) {
      if (ui.target === null) return say("Valitse ensin pöydältä yhdistelmä, johon kortit lisätään.");
      move.onto = ui.target;
    }
    ui.busy = true;
    root.dataset.busy = "1";
    try {
      const result = await call({ rules: data.rules, script: data.script, at: ui.at, move });
      if (result.result === "ok") { show(result); return; }
      const step = stepAt(ui.at);
      // two decks: the twin of the card the guide means (the same face, the other deck's mark)
      const base = (c) => c.replace(/'+$/, "");
      const twin = step && ui.selected.some((c) => !step.cards.includes(c) && step.cards.some((w) => base(w) === base(c)));
      root.dataset.opetusHylatty = result.result === "refused" ? result.code : "toinen";
      feedback.replaceChildren(
        // a refusal in red; a legal but different move is no mistake, so it is not
        el("p", { class: result.result === "refused" ? "vaarin" : "toinen" }, result.result === "refused" ? "✘ " : "", result.reason),
        twin ? el("p", {}, "Kädessäsi on kaksi samannäköistä korttia, jotka erottaa pieni numero (¹ tai ²): "
                           + "ohje tarkoittaa niistä korostettua.") : "",
        step ? el("p", { class: "opetus-vihje" }, `Vihje: ${step.text} ${step.how}`) : "");
      ui.selected = [];
      ui.target = null;
      render(true);
      // under the buttons: bring the reason into view (not the whole hint: the expected control stays in sight)
      feedback.firstElementChild.scrollIntoView({ block: "nearest" });
    } catch (err) {
      say(`Sääntömoottori ei vastannut: ${err.message}`);
    } finally {
      ui.busy = false;
      root.dataset.busy = "0";
    }
  }

  function say(text) {
    delete root.dataset.opetusHylatty;
    feedback.replaceChildren(el("p", { class: "vaarin" }, text));
    render(true);
    feedback.firstElementChild.scrollIntoView({ block: "nearest" });
  }

  // The control the guide expects next: the next card to choose, the meld to add to, or the button.
  function expected(step) {
    if (!step) return null;
    const want = [...step.cards];
    const sel = ui.selected;
    const wrong = sel.find((c) => !want.includes(c));
    if (wrong) return `[data-code="${CSS.escape(wrong)}"]`;          // take the extra card back first
    const missing = want.find((c) => !sel.includes(c));
    if (missing) return `[data-code="${CSS.escape(missing)}"]`;
    if (step.onto !== null && step.onto !== undefined && ui.target !== step.onto) return `[data-index="${step.onto}"]`;
    return `[data-action="${step.action}"]`;
  }

  function render(moveFocus) {
    const v = ui.view;
    const L = v.labels;
    const step = v.over ? null : stepAt(ui.at);
    delete root.dataset.opetusSeuraava;
    for (const old of root.querySelectorAll("[data-opetus-seuraava]")) old.removeAttribute("data-opetus-seuraava");
    guide.replaceChildren(...(step ? [
      el("p", { class: "opetus-vaihe" }, el("strong", {}, `Siirto ${stepNo(ui.at)}/${data.steps.length}. `), step.text),
      step.rule ? el("p", { class: "opetus-saanto" }, el("strong", {}, "Sääntö: "), step.rule) : "",
      el("p", { class: "opetus-miten" }, step.how),
    ] : []));
    const players = el("ul", { class: "pelaa-pelaajat" }, v.names.map((name, i) => el("li",
      { class: i === v.turn && !v.over ? "vuorossa" : "" },
      el("strong", {}, i === v.seat ? `${name} (sinä)` : name),
      `: ${v.counts[i]} ${v.counts[i] === 1 ? "kortti" : "korttia"}`, i === v.dealer ? ", jakaja" : "",
      v.opened ? (v.opened[i] ? ", avannut" : ", ei avannut") : "")));
    const piles = el("p", { class: "pelaa-pakat" },
      `Nostopakka: ${v.stock} ${v.stock === 1 ? "kortti" : "korttia"} · Poistopakka: `,
      v.discard_top ? cardSpan(v.discard_top, L) : "tyhjä");
    const melds = el("div", { class: "pelaa-poytayhdistelmat" },
      v.table.length ? el("p", {}, "Pöydällä (napauta yhdistelmää, johon haluat lisätä):") : el("p", {}, "Pöydällä ei ole yhdistelmiä."),
      el("ul", {}, v.table.map((m, i) => el("li", {}, el("button", {
        type: "button", class: "pelaa-yhdistelma", "aria-pressed": String(ui.target === i), "data-index": i,
        "aria-label": `${m.owner} ${m.cards.map((c) => face(c).symbol).join(" ")}: ${m.text}`,
        onclick: () => { ui.target = ui.target === i ? null : i; render(true); },
      }, el("span", { class: "pelaa-omistaja", "aria-hidden": "true" }, m.owner), " ",
         cardRow(m.cards, L, "kortit yhdistelma"))))));
    const hand = el("div", { class: "pelaa-kasi", role: "group", "aria-label": "Kätesi kortit" },
      v.hand.map((code) => {
        const f = { ...face(code, L), mark: deckMark(v.hand, code) };
        const on = ui.selected.includes(code);
        return el("button", { type: "button", class: `kortti ${f.colour} valittava`, "aria-pressed": String(on),
          "aria-label": faceName(f, code === v.taken ? ", otettu poistopakasta" : ""), "data-code": code,
          onclick: () => { ui.selected = on ? ui.selected.filter((c) => c !== code) : [...ui.selected, code]; render(true); },
        }, f.symbol, f.mark ? el("sup", { class: "pakka" }, f.mark) : "");
      }));
    const knock = v.style === "knock";
    const shown = BUTTONS.filter(([a]) => (knock ? !["meld", "lay_off", "open"].includes(a)
      : a !== "knock" && (a !== "pass" || v.actions.includes(a)) && (a !== "open" || v.opened)
        && !(v.opened && !v.opened[v.seat] && (a === "meld" || a === "lay_off"))));
    // every button of the style is usable on the reader's turn: a move the rules refuse is
    // explained by the engine instead of a greyed-out button
    const bar = el("div", { class: "pelaa-toiminnot", role: "toolbar", "aria-label": "Toiminnot" },
      shown.map(([a, text, key]) => el("button", { type: "button", class: "md-button", "data-action": a,
        "aria-keyshortcuts": key.toUpperCase(),
        disabled: v.over ? "" : false, onclick: () => act(a) }, a === "pass" && !knock ? "Ohita vuoro" : text)));
    const recent = ui.log.length
      ? el("p", { class: "pelaa-viimeksi" }, el("strong", {}, v.names.length > 2 ? "Vastustajien siirrot: " : "Vastustajan siirrot: "),
           ui.log.join(" "))
      : "";
    // a short copy of the instruction beside the hand, for a phone whose guide is scrolled away
    // (hidden from screen readers: they have heard the guide)
    const reminder = step ? el("p", { class: "opetus-muistutus", "aria-hidden": "true" },
                               el("strong", {}, "Nyt: "), step.text, " ", step.how) : "";
    const parts = [players, piles, melds, el("div", { "aria-live": "polite" }, recent),
                   el("h3", {}, `Kätesi (${v.names[v.seat]})`), reminder, hand, bar];
    if (v.over) parts.push(ending(v));
    board.replaceChildren(...parts);
    table.hidden = false;
    if (v.over) {
      root.dataset.opetusValmis = "1";
      guide.replaceChildren(el("p", {}, el("strong", {}, "Jako päättyi. "), "Pisteet lasketaan alla."));
      const link = table.querySelector(".opetus-loppu a");
      if (link) { link.setAttribute("data-opetus-seuraava", ""); if (moveFocus && ui.started) link.focus(); }
      return;
    }
    const target = table.querySelector(expected(step));
    if (target) {
      target.setAttribute("data-opetus-seuraava", "");
      if (moveFocus && ui.started) target.focus({ preventScroll: false });
    }
  }

  function ending(v) {
    const s = v.score;
    const rows = v.names.map((name, i) => el("tr", {}, el("th", { scope: "row" }, name),
      el("td", {}, s.hands[i] && s.hands[i].length ? cardRow(s.hands[i], v.labels) : "–"),
      el("td", {}, num(s.points[i]))));
    return el("section", { class: "pelaa-tulos opetus-loppu", "aria-label": "Opetusjaon pisteet" },
      el("h3", {}, "Pisteet"),
      lines(s.lines),
      data.closing ? el("p", {}, el("strong", {}, "Sääntö: "), data.closing) : "",
      el("table", { class: "pelaa-pisteet" }, el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Pelaaja"),
        el("th", { scope: "col" }, "Käsi lopussa"), el("th", { scope: "col" }, "Jaon pisteet"))), el("tbody", {}, rows)),
      el("p", {}, `Opetusjaossa tulivat vastaan ${data.concepts_text}.`),
      el("p", {}, el("a", { class: "md-button md-button--primary", href: `../pelaa/?peli=${encodeURIComponent(data.game)}` },
        `Pelaa tietokonetta vastaan: ${data.title}`)));
  }
}

// The score explanation's lines: "- …" lines (one per player) as a list, the others as paragraphs.
function lines(all) {
  const out = [];
  for (const line of all) {
    if (line.startsWith("- ")) {
      if (!out.length || out[out.length - 1].tagName !== "UL") out.push(el("ul", {}));
      out[out.length - 1].append(el("li", {}, line.slice(2)));
    } else out.push(el("p", {}, line));
  }
  return out;
}

// Mount on this page; with Material's instant navigation mount again whenever a new page brings its own root.
function mountHere() {
  for (const root of document.querySelectorAll("[data-opetus]")) {
    if (!root.dataset.started && sameBuild()) {
      registerServiceWorker();
      mount(root);
    }
  }
}
mountHere();
if (window.document$ && window.document$.subscribe) window.document$.subscribe(mountHere);
