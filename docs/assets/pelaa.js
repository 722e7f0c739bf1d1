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

import { engine as shared, registerServiceWorker, startText, el, sameBuild } from "./moottori.js";
import { readSeen, remember, newGameId } from "./pelaa-apu.js";
import { rememberKnock, storedKnock, forgetKnock } from "./pelaa-koputus.js";
import { readAddress, writeAddress, renderSetup, focusSetup } from "./pelaa-asetukset.js";
import { ACTIONS, tableParts, focusKey, refocus } from "./pelaa-poyta.js";

let root = null;            // the page's #pelaa element (set by mount)
const STORE = "rommikirja-pelaa";

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

function save() {
  try { localStorage.setItem(STORE, JSON.stringify(ui.state)); } catch { /* private mode: no resume */ }
}

// ---------------------------------------------------------------- set-up form
// (docs/assets/pelaa-asetukset.js draws it; its submit starts the game here)
function setupForm(game, levels, options, seed) {
  return renderSetup({ form: setup, games, engine, start: startGame }, game, levels, options, seed);
}

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
    writeAddress(ui.state);
    if (fromForm) refocus(table, ["toolbar", ""], true);
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
// (docs/assets/pelaa-poyta.js draws the table; its buttons call these)
const on = {
  act, knockWith, nextDeal, startReplay, exportPosition, newGameForm,
  redraw(selector) {
    render([]);
    if (selector) table.querySelector(selector)?.focus();
  },
};

function render(log) {
  const v = ui.view;
  table.hidden = false;
  setup.hidden = true;
  delete root.dataset.refused;
  root.dataset.game = v.game;
  root.dataset.phase = v.over ? "over" : v.phase;
  root.dataset.turn = String(v.turn);
  const parts = tableParts(v, ui, { games, hintAction: root.dataset.hintAction,
                                    knockShown: Number(root.dataset.knockShown), on });
  const focus = focusKey(table, document.activeElement);
  table.replaceChildren(...parts);
  if (focus) refocus(table, focus);
  status.textContent = "";
  if (log && log.length) root.dataset.lastLog = log[log.length - 1];
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

// ---------------------------------------------------------------- the deal's end
async function nextDeal() {
  const result = await request({ op: "next_deal", state: ui.state });
  if (result) {
    ui.replay = null; ui.exportText = null; ui.recent = result.log || [];
    show(result, result.log);
    refocus(table, ["toolbar", ""], true);       // the new deal's first move, brought into view
  }
}

async function startReplay() {
  const result = await request({ op: "replay", state: ui.state, deal: ui.view.deal_no - 1 });
  if (!result) return;
  ui.replay = { frames: result.frames, at: 0, labels: result.frames[0].labels };
  render([]);
  table.querySelector(".pelaa-kertaus")?.focus();
}

async function exportPosition() {
  if (!ui.view || !ui.view.over) return;
  const result = await request({ op: "export", state: ui.state });
  if (!result) return;
  ui.exportText = result;
  render([]);
  table.querySelector(".pelaa-vienti textarea")?.focus();
}

function newGameForm() {
  const s = ui.state;
  table.hidden = true;
  setup.hidden = false;
  setupForm(s.rules.name, s.levels, s.options, String(1 + Math.floor(Math.random() * 99999)));
  focusSetup(setup);
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
  const address = readAddress();
  let stored = null;
  try { stored = JSON.parse(localStorage.getItem(STORE) || "null"); } catch { stored = null; }
  const game = games[address.game] ? address.game : stored && games[stored.rules?.name] ? stored.rules.name : "gin";
  const { seed, levels, options } = address;
  const progress = () => {
    if (shared.state !== "loading" || !root.isConnected) return;
    status.textContent = startText(shared.progress || undefined);
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
      writeAddress(ui.state);
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
    await setupForm(game, levels, options, seed);
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
