// Rommikirja "Pelaa": a whole game against the computer, played through the rules engine in the
// browser (rommikirja.play.handle in the Pyodide worker, docs/assets/rommi-worker.js, started and
// owned by docs/assets/moottori.js, the same engine as the practice widgets'). The page
// keeps only the game's state (rules, seed, levels, a game id, the reader's own moves and the
// engine's check of the position: engine/rommikirja/app/pelaa_state.py); every request sends it and
// the engine replays it, choosing the computers' moves again, so the table shown is always a
// position the engine reached.
//
// Hidden cards: the page never holds another hand or the stock order. The view shows the reader's
// hand, the table, the top of the discard pile and counts; the state holds the reader's moves
// only; "Vie esimerkiksi" (every starting hand and the stock) is offered only when the deal is over.
//
// No undo: beside the state, localStorage keeps the check of the furthest position of each game
// (SEEN, by game id) and every request sends it as `seen`; the engine refuses a state that does
// not extend it (an older copy of the stored game, moves taken back). Nothing in a page can stop a
// reader who rewrites both stores by hand; the engine still accepts only games it would play.
// Finnish UI; touch (tap to select), mouse and keyboard.

import { engine as shared, registerServiceWorker, mb, el, sameBuild } from "./moottori.js";
import { face, faceName, cardSpan, cardRow } from "./kortit.js";
import { readSeen, remember, newGameId, num, deckMark, optionControl, readOptions } from "./pelaa-apu.js";
import { knockPanel, rememberKnock, storedKnock, forgetKnock } from "./pelaa-koputus.js";

let root = null;            // the page's #pelaa element (set by mount)
const STORE = "rommikirja-pelaa";
const LEVEL_NAMES = { aloittelija: "aloittelija", taitava: "taitava" };
const ACTIONS = [
  ["draw_stock", "Nosta", "n"], ["draw_discard", "Ota poistopakasta", "o"], ["pass", "Passaa", "s"],
  ["open", "Avaa", "a"], ["meld", "Pelaa", "m"], ["lay_off", "Lisää", "l"], ["discard", "Poista", "p"],
  ["knock", "Koputa", "k"], ["hint", "Vihje", "v"],
];

// ---------------------------------------------------------------- the engine
// The page's one engine (moottori.js) is the practice widgets' too: a reader who comes here from
// a game page with the engine running (instant navigation) starts nothing new.
const PLAY_MS = 60000;      // one request: the strong computer's turn may take a few seconds
const engine = {
  start() { return shared.start(); },
  async call(request) {
    const req = { ...request, play: true };
    const seen = request.state && readSeen()[request.state.id];
    if (seen) req.seen = seen;
    const { result } = await shared.call(req, PLAY_MS);
    if (result && result.state) remember(result.state);
    return result;
  },
};

// ---------------------------------------------------------------- the page
let games, ui, setup, table, status;

function mount(element) {
  root = element;
  root.dataset.started = "1";
  // the games' data is an attribute, not a <script type="application/json">: Material's instant
  // navigation re-creates a page's scripts as plain scripts
  games = JSON.parse(root.dataset.games);
  ui = { state: null, view: null, selected: [], target: null, hint: null, replay: null, exportText: null,
         rulesOpen: true, recent: [] };
  setup = el("form", { class: "pelaa-asetukset", "aria-label": "Uusi peli" });
  table = el("section", { class: "pelaa-poyta", "aria-label": "Pelipöytä", hidden: "" });
  status = el("p", { class: "pelaa-tila", role: "status" }, "Sääntömoottori käynnistyy…");
  root.append(status, setup, table);
  init();
}

function setBusy(on) { root.dataset.busy = on ? "1" : "0"; }

function params() { return new URLSearchParams(location.search); }

function writeAddress() {
  const s = ui.state;
  const p = params();
  p.set("peli", s.rules.name);
  p.set("siemen", s.seed);
  p.set("taso", s.levels.join(","));
  const opts = Object.entries(s.options || {});
  if (opts.length) p.set("saannot", opts.map(([k, v]) => `${k}:${v}`).join(","));
  else p.delete("saannot");
  history.replaceState(null, "", `${location.pathname}?${p}${location.hash}`);
}

function save() {
  try { localStorage.setItem(STORE, JSON.stringify(ui.state)); } catch { /* private mode: no resume */ }
}

// ---------------------------------------------------------------- set-up form
async function renderSetup(game, levels, options, seed) {
  const g = games[game];
  const opponents = Math.max(1, (levels || []).length || 1);
  const gameSel = el("select", { id: "pelaa-peli", name: "peli" },
    Object.entries(games).map(([key, v]) => el("option", { value: key, selected: key === game ? "" : false }, v.title)));
  gameSel.addEventListener("change", () => { renderSetup(gameSel.value, null, {}, seedInput.value); focusSetup(); });
  const maxOpp = g.max - 1;
  const oppSel = el("select", { id: "pelaa-vastustajat", name: "vastustajat" },
    Array.from({ length: maxOpp }, (_, i) => el("option", { value: i + 1, selected: i + 1 === Math.min(opponents, maxOpp) ? "" : false }, String(i + 1))));
  const levelBox = el("div", { class: "pelaa-tasot" });
  const drawLevels = () => {
    const n = Number(oppSel.value);
    const old = [...levelBox.querySelectorAll("select")].map((s) => s.value);
    levelBox.replaceChildren(...Array.from({ length: n }, (_, i) => {
      const id = `pelaa-taso-${i + 1}`;
      const current = old[i] || (levels && levels[i]) || "taitava";
      return el("label", { for: id }, `Vastustaja ${i + 1}: `,
        el("select", { id, name: id }, Object.keys(LEVEL_NAMES).map((lv) =>
          el("option", { value: lv, selected: lv === current ? "" : false }, LEVEL_NAMES[lv]))));
    }));
  };
  oppSel.addEventListener("change", drawLevels);
  drawLevels();
  const seedInput = el("input", { id: "pelaa-siemen", name: "siemen", inputmode: "numeric", size: "8",
                                   value: seed || String(1 + Math.floor(Math.random() * 99999)) });
  const house = el("fieldset", { class: "pelaa-kotisaannot" }, el("legend", {}, "Kotisäännöt"),
                   el("p", {}, "Haetaan sääntövalintoja…"));
  setup.replaceChildren(
    el("h2", { class: "pelaa-otsikko" }, "Uusi peli"),
    el("p", {}, el("label", { for: "pelaa-peli" }, "Peli: "), gameSel),
    maxOpp === 1 ? el("p", {}, `${g.title} on kahden pelaajan peli, joten vastustajia on yksi.`)
      : el("p", {}, el("label", { for: "pelaa-vastustajat" }, "Vastustajia: "), oppSel),
    levelBox, house,
    el("p", {}, el("label", { for: "pelaa-siemen" }, "Pelin numero (sama numero jakaa samat kortit): "), seedInput),
    el("p", {}, el("button", { type: "submit", class: "md-button md-button--primary" }, "Aloita peli")));
  setup.onsubmit = (e) => {
    e.preventDefault();
    const lv = [...levelBox.querySelectorAll("select")].map((s) => s.value);
    startGame(gameSel.value, lv.slice(0, maxOpp), readOptions(house), seedInput.value.trim() || "1");
  };
  // The house rules offered depend on each other (the number of deals only when the game ends
  // after so many deals): a changed choice asks the engine again with the choices so far, so the
  // form shows the switches that apply, each with its value field. A switch keeps the game's own
  // default as its default, whatever the choices (readOptions sends only what differs).
  const defaults = {};
  const fill = async (chosen, focusId) => {
    const { options: specs, notes } = await engine.call({ op: "options", rules: { ...g.rules, ...chosen } });
    // (a switch the reader has set and the game's rules do not offer: no default known, always sent)
    for (const o of specs) if (!(o.option in defaults) && !(o.option in chosen)) defaults[o.option] = o.value;
    house.replaceChildren(el("legend", {}, "Kotisäännöt"),
      ...specs.map((o) => optionControl({ ...o, value: defaults[o.option] }, chosen)),
      ...(notes || []).map((note) => el("p", { class: "pelaa-tarkennus" }, note)));
    for (const input of house.querySelectorAll("select[data-option], input[type='checkbox'][data-option]")) {
      input.addEventListener("change", () => {
        fill(readOptions(house), input.id).catch(() => {});
      });
    }
    if (focusId) house.querySelector(`#${CSS.escape(focusId)}`)?.focus();
  };
  try {
    for (const o of (await engine.call({ op: "options", rules: g.rules })).options) defaults[o.option] = o.value;
    await fill(options || {});
    setup.dataset.ready = "1";
  } catch (err) {
    house.replaceChildren(el("legend", {}, "Kotisäännöt"), el("p", {}, `Sääntövalintoja ei voitu hakea: ${err.message}`));
  }
}

// The set-up form is rebuilt when the game changes (and shown again by "Uusi peli"): the focus goes
// to its game choice, not to the page's body.
function focusSetup() { setup.querySelector("#pelaa-peli")?.focus(); }

// ---------------------------------------------------------------- game flow
async function startGame(game, levels, options, seed) {
  setBusy(true);
  message("Jaetaan kortit…");
  try {
    const result = await engine.call({ op: "new", rules: games[game].rules, players: levels.length + 1,
                                       levels, options, seed, id: newGameId() });
    ui.replay = null; ui.exportText = null; ui.recent = result.log || [];
    const fromForm = setup.contains(document.activeElement);
    show(result, result.log);
    writeAddress();
    if (fromForm) refocus(["toolbar", ""], true);
  } catch (err) {
    message(`Peliä ei voitu aloittaa: ${err.message}`, true);
  } finally { setBusy(false); }
}

function show(result, log = []) {
  ui.state = result.state;
  ui.view = result.view;
  ui.selected = [];
  ui.target = null;
  ui.hint = null;
  ui.knock = null;
  delete root.dataset.hintAction;
  save();
  render(log);
}

// A failed request in Finnish: the engine's refusal (a sentence) or why it did not answer.
function failure(err) {
  return err.final ? `Pyyntöä ei voitu tehdä: ${err.message}` : `Sääntömoottori ei vastannut: ${err.message}`;
}

async function request(req, after) {
  setBusy(true);
  try {
    return await engine.call(req);
  } catch (err) {
    message(failure(err), true);
    return null;
  } finally { if (!after) setBusy(false); }
}

async function act(action) {
  const v = ui.view;
  if (!v || v.over || root.dataset.busy === "1") return;
  if (action === "hint") return hint();
  if (!v.actions.includes(action)) return;
  // the move as the engine's step: the action's step (view.action_steps) with the chosen cards
  const spec = v.action_steps[action];
  const sel = ui.selected;
  const move = { ...spec.step };
  if (spec.onto && ui.target === null) return message("Valitse ensin pöydältä yhdistelmä, johon kortit lisätään.", true);
  if (spec.cards === "one") {
    if (sel.length !== 1) return message(action === "knock" ? "Valitse yksi kortti, jonka poistat koputtaessasi."
                                                            : "Valitse yksi kortti poistettavaksi.", true);
    move[spec.key] = sel[0];
  } else if (spec.cards === "many") {
    if (!sel.length) return message("Valitse ensin kortit kädestäsi.", true);
    move[spec.key] = sel;
  }
  if (spec.onto) move.onto = ui.target;
  if (action === "knock") return chooseKnock(move);
  setBusy(true);
  try {
    // one request: the reader's move, then the computers until the reader is to act again
    const links = games[ui.state.rules && ui.state.rules.name]?.links;     // where a refusal's rule is explained
    const result = await engine.call({ op: "move", state: ui.state, move, ...(links ? { links } : {}) });
    if (result.refused) { refusal(result.refused); return; }
    ui.recent = result.recent || [];
    show(result, result.log || []);
    if (ui.recent.length) reveal(".pelaa-viimeksi");
  } catch (err) {
    message(failure(err), true);
  } finally { setBusy(false); }
}

async function hint() {
  if (!ui.view.your_turn) return;
  const result = await request({ op: "hint", state: ui.state });
  if (!result) return;
  // the engine names the hinted move's button and the cards and table meld it selects
  const action = result.action;
  ui.selected = result.cards;
  ui.target = result.onto ?? null;
  ui.hint = { action, reason: result.reason };
  root.dataset.hintAction = action;
  render([]);
  reveal(".pelaa-palaute");
}

function refusal(r) {
  const box = table.querySelector(".pelaa-palaute");
  box.replaceChildren(el("p", { class: "vaarin" }, "✘ ", r.reason, " ",
    r.rule ? el("a", { href: new URL(`../${r.rule.href}`, location.href).href }, `Sääntö: ${r.rule.title}`) : ""));
  root.dataset.refused = r.code;
  reveal(".pelaa-palaute");
}

function message(text, warn = false) {
  const box = table.querySelector(".pelaa-palaute");
  if (box) { box.replaceChildren(el("p", { class: warn ? "vaarin" : "" }, text)); reveal(".pelaa-palaute"); }
  else status.textContent = text;
}

// Bring a message into view without it hiding under the sticky action bar (on a phone the bar
// covers the bottom of the screen): the scroll margin is the bar's height.
function reveal(selector) {
  const box = table.querySelector(selector);
  if (!box || !box.textContent) return;
  const bar = table.querySelector(".pelaa-toiminnot");
  box.style.scrollMarginBottom = `${(bar ? bar.offsetHeight : 0) + 8}px`;
  box.style.scrollMarginTop = "4em";       // the theme's header
  box.scrollIntoView({ block: "nearest" });
}

// ---------------------------------------------------------------- rendering
function render(log) {
  const v = ui.view;
  const L = v.labels;
  table.hidden = false;
  setup.hidden = true;
  delete root.dataset.refused;
  root.dataset.game = v.game;
  root.dataset.phase = v.over ? "over" : v.phase;
  root.dataset.turn = String(v.turn);
  const me = v.names[v.seat];
  const players = el("ul", { class: "pelaa-pelaajat" }, v.names.map((name, i) => el("li",
    { class: i === v.turn && !v.over ? "vuorossa" : "" },
    el("strong", {}, i === v.seat ? `${name} (sinä)` : name),
    i === v.seat ? "" : ` – ${LEVEL_NAMES[v.levels[i - 1]]}`,
    `: ${v.counts[i]} ${v.counts[i] === 1 ? "kortti" : "korttia"}`, i === v.dealer ? ", jakaja" : "",
    v.opened ? (v.opened[i] ? ", avannut" : ", ei avannut") : "",
    `, yhteensä ${num(v.totals[i])} ${v.totals[i] === 1 ? "piste" : "pistettä"}`)));
  const piles = el("div", { class: "pelaa-pakat" },
    el("span", {}, `Nostopakka: ${v.stock} ${v.stock === 1 ? "kortti" : "korttia"}`), " · ",
    el("span", {}, "Poistopakka: ", v.discard_top ? cardSpan(v.discard_top, L) : "tyhjä"));
  const melds = el("div", { class: "pelaa-poytayhdistelmat" },
    v.table.length ? el("p", {}, "Pöydällä (napauta yhdistelmää, johon haluat lisätä):") : el("p", {}, "Pöydällä ei ole yhdistelmiä."),
    el("ul", {}, v.table.map((m, i) => el("li", {}, el("button", {
      type: "button", class: "pelaa-yhdistelma", "aria-pressed": String(ui.target === i), "data-index": i,
      "aria-label": `${m.owner} ${m.cards.map((c) => face(c).symbol).join(" ")}: ${m.text}`, onclick: () => { ui.target = ui.target === i ? null : i; render([]); },
    }, el("span", { class: "pelaa-omistaja", "aria-hidden": "true" }, m.owner), " ",
       cardRow(m.cards, L, "kortit yhdistelma"))))));
  const hand = el("div", { class: "pelaa-kasi", role: "group", "aria-label": "Kätesi kortit" },
    v.hand.map((code) => {
      // the name contains the card's visible text (WCAG 2.5.3), as the practice widgets' do:
      // "7♠ (pataseiska)"; two identical cards (two decks) are told apart by the deck's mark
      const f = { ...face(code, L), mark: deckMark(v.hand, code) };
      const on = ui.selected.includes(code);
      return el("button", { type: "button", class: `kortti ${f.colour} valittava`, "aria-pressed": String(on),
        "aria-label": faceName(f, code === v.taken ? ", otettu poistopakasta" : ""),
        "data-code": code,
        onclick: () => { ui.selected = on ? ui.selected.filter((c) => c !== code) : [...ui.selected, code]; render([]); },
      }, f.symbol, f.mark ? el("sup", { class: "pakka" }, f.mark) : "");
    }));
  const info = [];
  if (v.deadwood !== undefined) info.push(`Irtokorttipisteesi: ${v.deadwood} (koputusraja ${v.knock_limit}).`);
  if (!v.over) info.push(v.your_turn ? "Sinun vuorosi." : `Vuorossa: ${v.names[v.turn]}.`);
  const available = new Set(v.actions);
  // the buttons follow the rule set's deal style (knock: gin-like; rummy: melds and lay-offs)
  const knock = v.style === "knock";
  const relevant = ACTIONS.filter(([a]) => a === "hint" || (knock ? a !== "meld" && a !== "lay_off" && a !== "open"
    : a !== "knock" && (a !== "pass" || available.has(a)) && (a !== "open" || v.opened)
      && !(v.opened && !v.opened[v.seat] && (a === "meld" || a === "lay_off"))));
  const bar = el("div", { class: "pelaa-toiminnot", role: "toolbar", "aria-label": "Toiminnot" },
    relevant.map(([a, text, key]) => el("button", {
      type: "button", class: "md-button" + (a === root.dataset.hintAction ? " md-button--primary vihje" : ""),
      "data-action": a, "aria-keyshortcuts": key.toUpperCase(),
      disabled: v.over || !v.your_turn || (a !== "hint" && !available.has(a)) ? "" : false,
      onclick: () => act(a),
    }, a === "pass" && !knock ? "Ohita vuoro" : text)));
  const summary = ui.recent.length
    ? el("p", { class: "pelaa-viimeksi" }, el("strong", {}, v.names.length > 2 ? "Vastustajien siirrot: " : "Vastustajan siirrot: "),
         ui.recent.join(" "))
    : "";
  const feedback = el("div", { class: "pelaa-palaute", "aria-live": "assertive" },
    ui.hint ? el("p", { class: "pelaa-vihje" }, "Vihje: ", ui.hint.reason) : "");
  const story = el("div", { class: "pelaa-kertomus" }, el("h3", {}, "Tapahtumat"),
    el("ol", { "aria-live": "polite" }, (v.log || []).slice(-12).map((line) => el("li", {}, line))));
  const rules = el("details", { class: "pelaa-saannot", open: ui.rulesOpen ? "" : false,
                                ontoggle: (e) => { ui.rulesOpen = e.target.open; } },
    el("summary", {}, "Voimassa olevat säännöt"),
    el("dl", {}, v.rules.map((r) => [el("dt", {}, r.label), el("dd", {}, r.text)])),
    (v.notes || []).map((note) => el("p", { class: "pelaa-tarkennus" }, note)));
  // "Vie esimerkiksi" only when the deal is over: the file holds every starting hand and the stock
  const tools = el("p", { class: "pelaa-tyokalut" },
    v.over ? el("button", { type: "button", class: "md-button", "data-action": "export", onclick: exportPosition }, "Vie esimerkiksi") : "",
    v.over ? " " : "",
    el("button", { type: "button", class: "md-button", "data-action": "new-game", onclick: newGameForm }, "Uusi peli"));
  const parts = [
    el("h2", { class: "pelaa-otsikko" }, `${games[v.game]?.title || v.title}: jako ${v.deal_no}`),
    el("p", { class: "pelaa-numero" }, `Pelin numero ${v.seed}.`),
    players, piles, melds,
    el("div", { class: "pelaa-viimeksi-alue", "aria-live": "polite" }, summary),
    el("h3", {}, `Kätesi (${me})`), hand, el("p", { class: "pelaa-ohje" }, info.join(" ")),
    feedback, ui.knock ? knockPanel(ui.knock, { ...L, ...ui.knock.labels }, Number(root.dataset.knockShown),
                                    knockWith, () => render([])) : bar,
  ];
  if (v.over) parts.push(scorePanel(v));
  if (ui.replay) parts.push(replayPanel());
  if (ui.exportText && v.over) parts.push(exportPanel());
  parts.push(story, rules, tools);
  const focus = focusKey(document.activeElement);
  table.replaceChildren(...parts);
  if (focus) refocus(focus);
  status.textContent = "";
  if (log && log.length) root.dataset.lastLog = log[log.length - 1];
}

// The table is rebuilt after every action: the control the reader was on (an action button, a card,
// a meld on the table) gets the focus back, or the first usable action button, so that a keyboard or
// screen-reader user does not fall back to the top of the page.
function focusKey(active) {
  if (!active || !table.contains(active) || active === table) return null;
  for (const attr of ["data-action", "data-code", "data-index"]) {
    if (active.hasAttribute(attr)) return [attr, active.getAttribute(attr)];
  }
  return ["toolbar", ""];
}

function refocus([attr, value], scroll = false) {
  let target = attr === "toolbar" ? null : table.querySelector(`[${attr}="${CSS.escape(value)}"]`);
  if (!target || target.disabled) {
    // the control is gone (a new deal, a move that ended the turn): the first usable action,
    // scrolled into view so that the focus is never on a button off the screen
    target = table.querySelector(".pelaa-toiminnot button:not([disabled])") || table.querySelector(".pelaa-kasi button");
    scroll = true;
  }
  if (!target) return;
  target.focus({ preventScroll: true });
  if (scroll) {
    target.style.scrollMarginTop = "4em";       // the theme's header
    target.scrollIntoView({ block: "nearest" });
  }
}

// ---------------------------------------------------------------- the knock's arrangement (gin)
// "Koputa" with a card: the engine's arrangements to choose from (pelaa-koputus.js draws them); the
// chosen one is the move. The card is already down: the turn has no way back, a reload included.
async function chooseKnock(move) {
  const links = games[ui.state.rules && ui.state.rules.name]?.links;
  const result = await request({ op: "knock_options", state: ui.state, move, ...(links ? { links } : {}) });
  if (!result) return;
  if (result.refused) { refusal(result.refused); return; }
  ui.knock = { ...result, chosen: 0 };
  rememberKnock(ui.state, move);
  ui.hint = null;
  delete root.dataset.hintAction;
  render([]);
  reveal(".pelaa-levitys");
  table.querySelector(".pelaa-levitys input:checked")?.focus();
}

// A stored game resumed at the very position where its knock's arrangement was being chosen.
function resumeKnock() {
  const move = storedKnock(ui.state);
  if (move && ui.view.actions.includes("knock")) return chooseKnock(move);
}

async function knockWith(step) {
  if (root.dataset.busy === "1") return;
  const links = games[ui.state.rules && ui.state.rules.name]?.links;
  const result = await request({ op: "move", state: ui.state, move: step, ...(links ? { links } : {}) });
  if (!result) return;
  if (result.refused) { refusal(result.refused); return; }
  ui.recent = result.recent || [];
  show(result, result.log || []);
  forgetKnock();
  // the deal is over: the next thing to do is the next deal (or, at the game's end, the replay)
  (table.querySelector("button[data-action='next-deal']") || table.querySelector("button[data-action='replay']"))?.focus();
  reveal(".pelaa-tulos");
}

function scorePanel(v) {
  const s = v.score;
  const L = v.labels;
  const rows = v.names.map((name, i) => el("tr", {}, el("th", { scope: "row" }, name),
    el("td", {}, s.hands[i] && s.hands[i].length ? cardRow(s.hands[i], L) : "–"),
    el("td", {}, num(s.points[i])), el("td", {}, num(v.totals[i]))));
  const end = v.game_over
    ? el("p", { class: "pelaa-loppu" }, el("strong", {}, `Peli päättyi. ${v.leaders.length > 1 ? "Voittajat" : "Voittaja"}: ${v.leaders.join(" ja ")}.`))
    : el("p", {}, el("button", { type: "button", class: "md-button md-button--primary", "data-action": "next-deal",
                                 onclick: nextDeal }, "Seuraava jako"));
  return el("section", { class: "pelaa-tulos", "aria-label": "Jaon tulos" },
    el("h3", {}, "Jako päättyi"),
    s.lines.map((line) => el("p", {}, line)),
    el("table", { class: "pelaa-pisteet" }, el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Pelaaja"), el("th", { scope: "col" }, "Käsi lopussa"),
      el("th", { scope: "col" }, "Jaon pisteet"), el("th", { scope: "col" }, "Yhteensä"))), el("tbody", {}, rows)),
    end,
    el("p", {}, el("button", { type: "button", class: "md-button", "data-action": "replay", onclick: startReplay }, "Näytä jako")));
}

async function nextDeal() {
  const result = await request({ op: "next_deal", state: ui.state });
  if (result) {
    ui.replay = null; ui.exportText = null; ui.recent = result.log || [];
    show(result, result.log);
    refocus(["toolbar", ""], true);       // the new deal's first move, brought into view
  }
}

async function startReplay() {
  const result = await request({ op: "replay", state: ui.state, deal: ui.view.deal_no - 1 });
  if (!result) return;
  ui.replay = { frames: result.frames, at: 0, labels: result.frames[0].labels };
  render([]);
  table.querySelector(".pelaa-kertaus")?.focus();
}

function replayPanel() {
  const r = ui.replay;
  const f = r.frames[r.at];
  const go = (d) => { r.at = Math.max(0, Math.min(r.frames.length - 1, r.at + d)); render([]); table.querySelector(".pelaa-kertaus")?.focus(); };
  return el("section", { class: "pelaa-kertaus", tabindex: "-1", "aria-label": "Jaon kertaus" },
    el("h3", {}, `Jaon kertaus: siirto ${r.at} / ${r.frames.length - 1}`),
    el("p", { "aria-live": "polite" }, f.text),
    el("ul", {}, ui.view.names.map((name, i) => el("li", {}, el("strong", {}, name), ": ", cardRow(f.hands[i], r.labels)))),
    f.table.length ? el("p", {}, "Pöydällä: ", f.table.map((m) => cardRow(m, r.labels, "kortit yhdistelma"))) : "",
    el("p", {}, "Poistopakan päällimmäinen: ", f.discard_top ? cardSpan(f.discard_top, r.labels) : "–", ` · nostopakassa ${f.stock} ${f.stock === 1 ? "kortti" : "korttia"}`),
    el("p", {}, el("button", { type: "button", class: "md-button", onclick: () => go(-1), disabled: r.at === 0 ? "" : false }, "Edellinen"), " ",
      el("button", { type: "button", class: "md-button", "data-action": "replay-next", onclick: () => go(1),
                     disabled: r.at === r.frames.length - 1 ? "" : false }, "Seuraava"), " ",
      el("button", { type: "button", class: "md-button", onclick: () => { ui.replay = null; render([]); } }, "Sulje")));
}

async function exportPosition() {
  if (!ui.view || !ui.view.over) return;
  const result = await request({ op: "export", state: ui.state });
  if (!result) return;
  ui.exportText = result;
  render([]);
  table.querySelector(".pelaa-vienti textarea")?.focus();
}

function exportPanel() {
  const { yaml, filename } = ui.exportText;
  const area = el("textarea", { readonly: "", rows: "12", id: "pelaa-vienti", spellcheck: "false" });
  area.value = yaml;
  const url = URL.createObjectURL(new Blob([yaml], { type: "text/yaml" }));
  const copied = el("span", { role: "status" });
  return el("section", { class: "pelaa-vienti", "aria-label": "Vie esimerkiksi" },
    el("h3", {}, "Esimerkkitiedosto"),
    el("p", {}, "Tallenna tiedosto pelin omaan kansioon hakemistossa scenarios/ ja tarkista se komennolla ",
      el("code", {}, "./dev verify"), ". Esimerkki tulee sivulle, kun tiedostoon lisätään section-kenttä ",
      "(pelisivun osio) ja text-kenttään kirjoitetaan selitys."),
    el("label", { for: "pelaa-vienti" }, "Tiedoston sisältö:"), area,
    el("p", {}, el("button", { type: "button", class: "md-button", onclick: async () => {
      try { await navigator.clipboard.writeText(yaml); copied.textContent = " Kopioitu."; }
      catch { area.select(); copied.textContent = " Valitse teksti ja kopioi se itse."; }
    } }, "Kopioi"), " ", el("a", { class: "md-button", href: url, download: filename }, "Lataa tiedostona"), copied,
      " ", el("button", { type: "button", class: "md-button", onclick: () => { ui.exportText = null; render([]); } }, "Sulje")));
}

function newGameForm() {
  const s = ui.state;
  table.hidden = true;
  setup.hidden = false;
  renderSetup(s.rules.name, s.levels, s.options, String(1 + Math.floor(Math.random() * 99999)));
  focusSetup();
}

// ---------------------------------------------------------------- keyboard
// The letters are caught before the theme's own shortcuts (Material: N/P next and previous page,
// S search) while the table is shown.
window.addEventListener("keydown", (e) => {
  if (!root || !root.isConnected || e.ctrlKey || e.metaKey || e.altKey || table.hidden) return;
  if (e.target.closest && e.target.closest("input, select, textarea") && !e.target.closest(".pelaa-levitys")) return;
  const found = ACTIONS.find(([, , key]) => key === e.key.toLowerCase());
  if (!found) return;
  e.preventDefault();
  e.stopPropagation();
  const b = table.querySelector(`button[data-action="${found[0]}"]`);
  if (b && !b.disabled) b.click();
}, true);

// ---------------------------------------------------------------- start-up
async function init() {
  setBusy(true);
  const p = params();
  let stored = null;
  try { stored = JSON.parse(localStorage.getItem(STORE) || "null"); } catch { stored = null; }
  const game = games[p.get("peli")] ? p.get("peli") : stored && games[stored.rules?.name] ? stored.rules.name : "gin";
  const seed = p.get("siemen");
  const levels = (p.get("taso") || "").split(",").filter((x) => x in LEVEL_NAMES);
  const options = {};
  for (const pair of (p.get("saannot") || "").split(",").filter(Boolean)) {
    const [k, v] = pair.split(":");
    options[k] = v === "true" ? true : v === "false" ? false : /^-?\d+$/.test(v) ? Number(v) : v;
  }
  const progress = () => {
    if (shared.state !== "loading" || !root.isConnected) return;
    const p = shared.progress || { loaded: 0, total: 0 };
    const secs = Math.round((performance.now() - (p.started || performance.now())) / 1000);
    status.textContent = p.phase === "käynnistys" || !p.total
      ? (secs ? `Sääntömoottori käynnistyy… (${secs} s)` : "Sääntömoottori käynnistyy…")
      : `Sääntömoottori latautuu… (${mb(p.loaded)} / ${mb(p.total)} Mt, ${secs} s)`;
  };
  shared.listeners.add(progress);
  try {
    await engine.start();
    status.textContent = "";
  } catch (err) {
    status.replaceChildren(`Sääntömoottoria ei voitu käynnistää: ${err.message}. `,
      el("button", { type: "button", class: "md-button", onclick: () => { shared.restart().catch(() => {}); init(); } },
         "Yritä uudelleen"));
    setBusy(false);
    return;
  } finally {
    shared.listeners.delete(progress);
  }
  let resume = stored && stored.rules && (!seed || (String(stored.seed) === seed && stored.rules.name === game));
  if (seed && stored && stored.rules && !resume) {
    // a shared link to another game while one is in progress here: the reader chooses
    resume = (await askLinkOrResume(stored, game, seed)) === "resume";
  }
  let refused = null;
  if (resume && stored.v === 2 && !readSeen()[stored.id]) {
    // this page writes the mark before the state: a stored game without one was not stored here
    refused = "Tallennettua peliä ei voitu jatkaa: sen etenemistä ei ole tallennettu tähän selaimeen.";
    try { localStorage.removeItem(STORE); } catch { /* private mode */ }
  } else if (resume) {
    try {
      const result = await engine.call({ op: "view", state: stored });
      show(result, []);
      writeAddress();
      await resumeKnock();
      setBusy(false);
      return;
    } catch (err) {
      // a stored game the engine does not accept (an older page's, or changed by hand): say why
      refused = `Tallennettua peliä ei voitu jatkaa: ${err.message}`;
      try { localStorage.removeItem(STORE); } catch { /* private mode */ }
    }
  }
  if (seed && !refused) {
    // as many opponents as the address names, within the game's player count (rule set's max_players)
    await startGame(game, (levels.length ? levels : ["taitava"]).slice(0, games[game].max - 1), options, seed);
  } else {
    await renderSetup(game, levels, options, seed);
    if (refused) status.textContent = refused;
  }
  setBusy(false);
}

// A game is in progress in this browser and the address names another one (a shared link): ask,
// instead of replacing the game in progress without a word.
function askLinkOrResume(stored, game, seed) {
  const title = (name) => (games[name] ? games[name].title : name);
  setBusy(false);
  return new Promise((resolve) => {
    const done = (choice) => { status.textContent = ""; setBusy(true); resolve(choice); };
    status.replaceChildren(
      el("span", {}, `Tässä selaimessa on kesken peli (${title(stored.rules.name)}, pelin numero ${stored.seed}). `
        + `Linkki aloittaa uuden pelin (${title(game)}, pelin numero ${seed}); sen jälkeen kesken olevaa peliä ei voi jatkaa. `),
      el("button", { type: "button", class: "md-button md-button--primary", "data-action": "link-game",
                     onclick: () => done("link") }, "Aloita linkin peli"), " ",
      el("button", { type: "button", class: "md-button", "data-action": "resume-game",
                     onclick: () => done("resume") }, "Jatka kesken olevaa peliä"));
    status.querySelector("button").focus();
  });
}

// Mount on this page; with Material's instant navigation (pages swapped without a reload, so this
// module runs only once) mount again whenever a new page brings its own #pelaa.
function mountHere() {
  const element = document.getElementById("pelaa");
  if (element && !element.dataset.started && sameBuild()) {      // (another build's page is reloaded)
    registerServiceWorker();
    mount(element);
  }
}
mountHere();
if (window.document$ && window.document$.subscribe) window.document$.subscribe(mountHere);
