// Rommikirja "Opetusjako": a game page's guided first deal. The page holds a verified scenario as
// a script (data-opetus: the starting position, every move, the guide's words per move of the
// reader; tools/opetusjako.py); the engine in the page (moottori.js, the visit's one engine, the
// Pelaa wing's "opetus" request: engine/rommikirja/app/opetus.py) replays it and checks every
// move the reader makes with Pelaa's controls: the guided move advances the deal (the computers'
// scripted moves follow), a move the rules refuse gets the engine's reason and a hint, and a legal
// but different move is explained; neither advances. An opening (Rommi 51) is built meld by meld:
// each meld the reader adds ("Lisää avaukseen") is checked by the engine and counted card by card,
// and the opening itself is then the one engine move "Avaa". Twin cards (two decks) carry Pelaa's
// deck marks (¹ ²) in the hand and in the guide's words; a twin stands for its twin (at a table
// the two copies are one card: the engine takes either).
//
// Test hooks: the root has data-opetus; the control the guide expects next has
// data-opetus-seuraava; the feedback area data-opetus-palaute; the root gets data-opetus-valmis
// when the deal is over. Focus follows the expected control once the reader has started.

import { engine as shared, registerServiceWorker, el, sameBuild, startText } from "./moottori.js";
import { face, faceName, cardSpan, cardRow } from "./kortit.js";
import { num, deckMark, drawnNote } from "./pelaa-apu.js";

const CALL_MS = 30000;
// Pelaa's buttons and their letter keys (pelaa.js), which work here while the focus is in the section
const BUTTONS = [
  ["draw_stock", "Nosta", "n"], ["draw_discard", "Ota poistopakasta", "o"], ["pass", "Passaa", "s"],
  ["open_part", "Lisää avaukseen", "y"], ["open", "Avaa", "a"],
  ["meld", "Pelaa", "m"], ["lay_off", "Lisää", "l"], ["discard", "Poista", "p"], ["knock", "Koputa", "k"],
];

// the reader has not drawn yet (the engine's legal actions are draws)
const undrawn = (v) => ["draw_stock", "draw_discard", "pass"].some((a) => v.actions.includes(a));

// a card up to its deck (twins and jokers alike)
const body = (c) => (c.startsWith("JK") ? "JK" : c.replace(/'+$/, ""));

// `have` against the cards `want`: which wanted cards are still missing, which chosen are extra;
// a card stands for its twin (the other deck's copy: at a table the two are one card, and the
// engine takes either)
function match(want, have) {
  const left = [...want];
  const extra = [];
  for (const c of have) {
    let i = left.indexOf(c);
    if (i < 0) i = left.findIndex((w) => body(w) === body(c));
    if (i < 0) extra.push(c); else left.splice(i, 1);
  }
  return { missing: left, extra };
}

async function call(request) {
  const { result } = await shared.call({ ...request, op: "opetus", play: true }, CALL_MS);
  return result;
}

function mount(root) {
  root.dataset.started = "1";
  root.querySelector(".opetus-nojs")?.remove();
  const data = JSON.parse(root.dataset.opetus);
  // opening: the melds of an opening built so far (the engine's answer: cards and count lines)
  // turns: the other players' moves since the reader's last one, turn by turn (the latest shown,
  // the earlier folded; earlierOpen: the reader has unfolded them)
  // news: the table melds the other players laid or added to since the reader's last move
  // (index, cards, the cards added; marked "uusi" on the table and named beside the hand)
  const ui = { at: 0, view: null, selected: [], target: null, turns: [], earlierOpen: false, started: false,
               busy: false, opening: [], counted: null, news: [] };
  const status = el("p", { class: "opetus-tila", role: "status" });
  const start = el("button", { type: "button", class: "md-button md-button--primary", "data-opetus-aloita": "",
                               "data-opetus-seuraava": "" }, "Aloita opetusjako");
  const guide = el("div", { class: "opetus-opas", "aria-live": "polite" });
  const feedback = el("div", { class: "opetus-palaute", "data-opetus-palaute": "", "aria-live": "assertive" });
  // the other players' new moves, heard once when they come (the box on the table is drawn again
  // on every tap, so it is no live region itself)
  const heard = el("div", { class: "opetus-kuultava", "aria-live": "polite", "data-opetus-kuultava": "" });
  // the feedback sits right under the buttons (on a phone the guide above is scrolled away by
  // then), above an opening built so far and the score; the board is drawn again on every move,
  // the feedback node stays (a live region)
  const board = el("div", {});
  const below = el("div", {});
  const restart = el("button", { type: "button", class: "md-button opetus-alusta", "data-opetus-alusta": "",
                                 onclick: () => again() }, "Aloita opetusjako alusta");
  const table = el("div", { class: "pelaa-poyta opetus-poyta", hidden: "" }, board, feedback, below,
                   el("p", { class: "opetus-alusta-rivi" }, restart));
  const box = el("div", { class: "pelaa opetus" }, el("p", {}, start), status, guide, table, heard);
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

  // the step at `at`; an opening's steps by how many of its melds are built
  const stepAt = (at) => data.steps.find((s) => s.at === at && (s.part === undefined || s.part === ui.opening.length)) || null;
  // the reader's moves (an opening built meld by meld is one move of several steps)
  const moveAts = [...new Set(data.steps.map((s) => s.at))];
  const label = (step) => {
    const melds = data.steps.filter((s) => s.at === step.at && s.action === "open_part").length;
    return `Siirto ${moveAts.indexOf(step.at) + 1}/${moveAts.length}`
      + (step.action === "open_part" ? `, avauksen yhdistelmä ${step.part + 1}/${melds}. ` : ". ");
  };

  async function begin() {
    if (ui.busy) return;
    ui.busy = true;
    start.disabled = true;
    const progress = () => { status.textContent = startText(shared.progress || undefined); };
    shared.listeners.add(progress);
    progress();
    try {
      // (a start that failed, at this press or an earlier one, is tried afresh once by the call)
      const result = await call({ rules: data.rules, script: data.script, at: 0 });
      status.textContent = "";
      start.closest("p").hidden = true;
      ui.started = true;
      show(result, []);
    } catch (err) {
      status.textContent = `Opetusjakoa ei voitu aloittaa: ${err.message}`;
      start.disabled = false;
    } finally {
      shared.listeners.delete(progress);
      ui.busy = false;
    }
  }

  // the same deal from its first move again
  async function again() {
    if (ui.busy) return;
    ui.busy = true;
    root.dataset.busy = "1";
    try {
      const result = await call({ rules: data.rules, script: data.script, at: 0 });
      ui.view = null;
      ui.shownStep = null;
      show(result, []);
    } catch (err) {
      say(`Sääntömoottori ei vastannut: ${err.message}`);
    } finally {
      ui.busy = false;
      root.dataset.busy = "0";
    }
  }

  // The table melds that changed by others' moves: laid new, or cards added that are not `mine`
  // (the cards the reader just played).
  function changed(before, after, mine) {
    const news = [];
    after.forEach((m, i) => {
      const old = before[i] && before[i].owner === m.owner ? before[i].cards : [];
      const added = m.cards.filter((c) => !old.includes(c));
      if (added.some((c) => !mine.includes(c))) news.push({ index: i, owner: m.owner, cards: m.cards, added, grown: old.length > 0 });
    });
    return news;
  }

  // `mine`: the cards of the reader's move (its melds are no news)
  function show(result, mine) {
    ui.news = changed(ui.view ? ui.view.table : [], result.view.table, mine);
    delete root.dataset.opetusValmis;
    ui.at = result.at;
    ui.view = result.view;
    ui.selected = [];
    ui.target = null;
    ui.turns = result.turns || [];
    ui.earlierOpen = false;
    heard.textContent = ui.turns.flatMap((t) => t.lines).join(" ");
    ui.opening = [];
    ui.counted = null;
    delete root.dataset.opetusHylatty;
    feedback.replaceChildren();
    render(true);
  }

  async function act(action) {
    const v = ui.view;
    if (!v || v.over || ui.busy) return;
    if (action === "open_part") return addToOpening();
    const spec = v.action_steps[action];
    const move = { ...spec.step };
    const staged = ui.opening.flat();
    // (a discard is no card on the table: another player may lay it)
    const mine = ["meld", "lay_off", "open"].includes(action) ? [...staged, ...ui.selected] : [];
    // not yet drawn (the engine's legal actions are draws): the engine says so, whatever is chosen
    const early = undrawn(v) && !v.actions.includes(action);
    if (early && spec.key) {
      move[spec.key] = spec.cards === "one" ? (ui.selected[0] ?? null) : ui.selected;
      if (spec.onto) move.onto = ui.target;
    } else if (action === "open" && staged.length) {
      // the melds built so far go as they are (the engine counts them), chosen cards as one more meld
      if (ui.selected.length) move.open_cards = [...staged, ...ui.selected];
      else move.open = ui.opening;
    } else if (spec.cards === "one") {
      if (ui.selected.length > 1) return say(`Valitsit ${ui.selected.length} korttia, mutta ${action === "knock" ? "koputtaessa" : "vuoron lopussa"} poistetaan vain yksi: napauta valituista pois kaikki muut.`);
      if (ui.selected.length !== 1) return say(action === "knock" ? "Valitse ensin yksi kortti, jonka poistat koputtaessasi."
                                                                : "Valitse ensin yksi kortti poistettavaksi.");
      move[spec.key] = ui.selected[0];
    } else if (spec.cards === "many") {
      if (!ui.selected.length) return say("Valitse ensin kortit kädestäsi.");
      move[spec.key] = ui.selected;
    }
    if (spec.onto && !early) {
      if (ui.target === null) return say("Valitse vielä yhdistelmä, johon kortit lisätään: napauta sitä ylempänä pöydällä.");
      move.onto = ui.target;
    }
    await ask({ move }, (result) => { show(result, mine); });
  }

  // "Lisää avaukseen": the chosen cards as the opening's next meld, checked and counted by the engine
  async function addToOpening() {
    const v = ui.view;
    // (not yet drawn: the engine says draw first, whatever is chosen)
    if (!ui.selected.length && !undrawn(v)) return say("Valitse ensin yhdistelmän kortit kädestäsi.");
    await ask({ part: [...ui.opening, ui.selected] }, (result) => {
      ui.opening = result.melds.map((m) => m.cards);
      ui.counted = result;
      ui.selected = [];
      delete root.dataset.opetusHylatty;
      // under the buttons (and heard): what was added and the count so far
      feedback.replaceChildren(el("p", { class: "oikein" }, `✔ Lisätty avaukseen: ${result.melds[result.melds.length - 1].line}. `,
                                  result.line));
      render(true);
      // on a phone the ✔ under the buttons too, when the step's "Nyt:" line stays in sight with it
      const over = feedback.getBoundingClientRect().bottom - window.innerHeight;
      const now = root.querySelector(".opetus-muistutus-nyt");
      if (over > 0 && now && now.offsetParent !== null
          && now.getBoundingClientRect().top - over >= parseFloat(getComputedStyle(now).scrollMarginTop || "0")) {
        window.scrollBy({ top: over, behavior: "instant" });
      }
    });
  }

  // One request at the current step: `done` gets the engine's "ok" or "part" answer; a refusal or
  // another move is explained under the buttons with the guide's hint.
  async function ask(extra, done) {
    ui.busy = true;
    root.dataset.busy = "1";
    try {
      const result = await call({ rules: data.rules, script: data.script, at: ui.at, ...extra });
      if (result.result === "ok" || result.result === "part") { done(result); return; }
      const step = stepAt(ui.at);
      root.dataset.opetusHylatty = result.result === "refused" ? result.code : "toinen";
      feedback.replaceChildren(
        // a refusal in red; a legal but different move is no mistake, so it is not
        el("p", { class: result.result === "refused" ? "vaarin" : "toinen" }, result.result === "refused" ? "✘ " : "", result.reason),
        step ? el("p", { class: "opetus-vihje" }, `Vihje: ${step.how}`) : "");  // (the instruction is in the box already)
      // a refused choice of cards stays, so the reader mends one card rather than choosing all
      // again; before the draw the cards were not at fault (a turn begins with a draw): cleared
      if (result.result === "other" || undrawn(ui.view)) {
        ui.selected = [];
        ui.target = null;
      }
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
    const staged = ui.opening.flat();
    const sel = ui.selected;
    const { missing, extra } = step.action === "open" ? match(step.cards, [...staged, ...sel]) : match(step.cards, sel);
    if (extra.length) return `[data-code="${CSS.escape(extra[0])}"]`;  // take the extra card back first
    if (missing.length) {
      const w = missing[0];
      const free = (c) => !staged.includes(c) && !sel.includes(c) && ui.view.hand.includes(c);
      const card = free(w) ? w : ui.view.hand.find((c) => body(c) === body(w) && free(c));
      return `[data-code="${CSS.escape(card || w)}"]`;
    }
    if (step.onto !== null && step.onto !== undefined && ui.target !== step.onto) return `[data-index="${step.onto}"]`;
    return `[data-action="${step.action}"]`;
  }

  function render(moveFocus) {
    const v = ui.view;
    const L = v.labels;
    // cards with Pelaa's deck marks, as in the hand (the whole hand: an opening's built melds too)
    const marked = (codes) => Object.fromEntries(codes.map((c) => [c, { ...face(c, L), mark: deckMark(v.hand, c) }]));
    const step = v.over ? null : stepAt(ui.at);
    delete root.dataset.opetusSeuraava;
    for (const old of root.querySelectorAll("[data-opetus-seuraava]")) old.removeAttribute("data-opetus-seuraava");
    guide.replaceChildren(...(step ? [
      step.note ? el("p", { class: "opetus-huomio" }, step.note) : "",
      el("p", { class: "opetus-vaihe", "data-vaihe": data.steps.indexOf(step) }, el("strong", {}, label(step)), step.text),
      step.rule ? el("p", { class: "opetus-saanto" }, el("strong", {}, "Sääntö: "), step.rule) : "",
      el("p", { class: "opetus-miten" }, step.how),
    ] : []));
    const players = el("ul", { class: "pelaa-pelaajat" }, v.names.map((name, i) => el("li",
      { class: i === v.turn && !v.over ? "vuorossa" : "" },
      el("strong", {}, i === v.seat ? `${name} (sinä)` : name),
      `: ${v.counts[i]} ${v.counts[i] === 1 ? "kortti" : "korttia"}`, i === v.dealer ? ", jakaja" : "",
      v.opened ? (v.opened[i] ? ", avannut" : ", ei avannut") : "")));
    const piles = el("p", { class: "pelaa-pakat" },
      `Nostopakka: ${v.stock ? `${v.stock} ${v.stock === 1 ? "kortti" : "korttia"}` : "tyhjä"} · Poistopakka: `,
      v.discard_top ? cardSpan(v.discard_top, L) : "tyhjä");
    // gin lays nothing on the table before the knock: no empty-table line there
    // (a meld the others laid or added to since the reader's last move is marked "uusi"; the one
    // the step asks to tap is framed from the start of the step)
    const symbols = (codes) => codes.map((c) => face(c).symbol).join(" ");
    const news = new Set(ui.news.map((n) => n.index));
    const aim = step && step.onto !== null && step.onto !== undefined ? step.onto : null;
    const melds = !v.table.length && v.style === "knock" ? "" : el("div", { class: "pelaa-poytayhdistelmat" },
      !v.table.length ? el("p", {}, "Pöydällä ei ole yhdistelmiä.")
        : el("p", {}, v.over ? "Pöydällä jaon lopussa:" : "Pöydällä (napauta yhdistelmää, johon haluat lisätä):"),
      el("ul", {}, v.table.map((m, i) => el("li", {}, el("button", {
        type: "button", class: `pelaa-yhdistelma${news.has(i) ? " uusi" : ""}${aim === i ? " kohde" : ""}`,
        "aria-pressed": String(ui.target === i), "data-index": i, disabled: v.over ? "" : false,
        "aria-label": `${m.owner} ${symbols(m.cards)}: ${m.text}${news.has(i) ? " (uusi)" : ""}`,
        onclick: () => { ui.target = ui.target === i ? null : i; render(true); },
      }, el("span", { class: "pelaa-omistaja", "aria-hidden": "true" }, m.owner), " ",
         cardRow(m.cards, L, "kortit yhdistelma"))))));
    const staged = ui.opening.flat();
    const building = ui.opening.length ? el("section", { class: "opetus-avaus", "aria-label": "Avauksesi" },
      el("h4", {}, "Avauksesi tähän asti"),
      el("ul", {}, ui.counted.melds.map((m) => el("li", {}, `${m.kind} `, cardRow(m.cards, marked(m.cards)), ` = ${m.sum}`))),
      el("p", {}, ui.counted.line),
      el("p", {}, el("button", { type: "button", class: "opetus-pura", "data-opetus-pura": "",
        onclick: () => { ui.opening = []; ui.counted = null; ui.selected = []; feedback.replaceChildren(); render(true); } },
        "Pura avaus (kortit takaisin käteen)"))) : "";
    const cardButton = (code) => {
      const f = { ...face(code, L), mark: deckMark(v.hand, code) };
      const on = ui.selected.includes(code);
      return el("button", { type: "button", class: `kortti ${f.colour} valittava${code === v.drawn ? " nostettu" : ""}`,
        "aria-pressed": String(on), "aria-label": faceName(f, drawnNote(v, code)), "data-code": code,
        onclick: () => { ui.selected = on ? ui.selected.filter((c) => c !== code) : [...ui.selected, code]; render(true); },
      }, f.symbol, f.mark ? el("sup", { class: "pakka" }, f.mark) : "");
    };
    // gin keeps its melds in the hand: the engine's best melds and the deadwood, each group labelled
    const hand = v.groups
      ? el("div", { class: "pelaa-kasi opetus-ryhmitelty", role: "group", "aria-label": "Kätesi kortit" },
          v.groups.map((g) => el("div", { class: `opetus-ryhma${g.deadwood ? " irto" : ""}`, role: "group", "aria-label": g.label },
            el("span", { class: "opetus-ryhma-nimi", "aria-hidden": "true" }, g.label), g.cards.map(cardButton))))
      : el("div", { class: "pelaa-kasi", role: "group", "aria-label": "Kätesi kortit" },
          v.hand.filter((code) => !staged.includes(code)).map(cardButton));
    const knock = v.style === "knock";
    // (passing is a move of gin's upcard offer only: its button is there while the engine allows it)
    const shown = BUTTONS.filter(([a]) => (a !== "pass" || v.actions.includes(a)) && (knock ? !["meld", "lay_off", "open", "open_part"].includes(a)
      : a !== "knock"
        && ((a !== "open" && a !== "open_part") || (v.opened && !v.opened[v.seat]))
        && !(v.opened && !v.opened[v.seat] && (a === "meld" || a === "lay_off"))));
    // every button of the style is usable on the reader's turn: a move the rules refuse is
    // explained by the engine instead of a greyed-out button
    const bar = el("div", { class: "pelaa-toiminnot", role: "toolbar", "aria-label": "Toiminnot" },
      shown.map(([a, text, key]) => el("button", { type: "button", class: "md-button", "data-action": a,
        "aria-keyshortcuts": key.toUpperCase(),
        disabled: v.over ? "" : false, onclick: () => act(a) }, a === "pass" && !knock ? "Ohita vuoro" : text)));
    // the other players' moves: the latest turn (its discard is the one on the pile), the earlier
    // turns folded under their players' names
    const last = ui.turns[ui.turns.length - 1];
    const earlier = ui.turns.slice(0, -1);
    const recent = last ? el("div", { class: "pelaa-viimeksi opetus-siirrot" },
      el("p", {}, el("strong", {}, "Edellinen vuoro: "), last.lines.join(" ")),
      earlier.length ? el("details", { class: "opetus-aiemmat", open: ui.earlierOpen ? "" : false,
                                       ontoggle: (e) => { ui.earlierOpen = e.target.open; } },
        el("summary", {}, `Aiemmat vuorot (${andList(earlier.map((t) => t.who))})`),
        el("ul", {}, earlier.map((t) => el("li", {}, t.lines.join(" "))))) : "") : "";
    // a copy of the step beside the hand, for a phone whose guide is scrolled away: its counter,
    // what to do and the rule it shows (hidden from screen readers: they have heard the guide)
    // (what the others did first, when the guide says: another player's opening, counted)
    const reminder = step ? el("div", { class: "opetus-muistutus", "aria-hidden": "true" },
                               step.note ? el("p", {}, step.note) : "",
                               el("p", { class: "opetus-muistutus-nyt" }, el("strong", {}, `${label(step)}Nyt: `), `${step.text} `,
                                 el("span", { class: "opetus-muistutus-miten" }, step.how)),
                               aim !== null ? el("p", { class: "opetus-muistutus-kohde" },
                                 `Yhdistelmä ${symbols(v.table[aim].cards)} on ylempänä pöydällä.`) : "",
                               step.rule ? el("p", { class: "opetus-muistutus-saanto" }, el("strong", {}, "Sääntö: "), step.rule) : "",
                               ui.news.length ? el("p", { class: "opetus-muistutus-uutta" }, "Pöydällä on uutta, katso ylempää: ",
                                 newsText(ui.news, symbols), ".") : "")
      : null;
    board.replaceChildren(players, piles, melds, recent,
                          el("h3", {}, `Kätesi (${v.names[v.seat]})`), reminder || "", hand, v.over ? "" : bar);
    below.replaceChildren(building, v.over ? ending(v) : "");
    table.hidden = false;
    if (v.over) {
      root.dataset.opetusValmis = "1";
      guide.replaceChildren(el("p", {}, el("strong", {}, "Jako päättyi. "), "Pisteet lasketaan alla."));
      const link = table.querySelector(".opetus-loppu a");
      if (link) {
        link.setAttribute("data-opetus-seuraava", "");
        if (moveFocus && ui.started) {
          // the score's explanation from its heading on (the link to Pelaa under it has the focus)
          link.focus({ preventScroll: true });
          table.querySelector(".opetus-loppu h3").scrollIntoView({ block: "start", behavior: "instant" });
        }
      }
      return;
    }
    const target = table.querySelector(expected(step));
    if (target) {
      target.setAttribute("data-opetus-seuraava", "");
      if (moveFocus && ui.started) {
        // a new step on a phone: its reminder at the top of the screen, the hand and the buttons
        // under it (the focus alone would scroll the expected card just into view, the words above it off)
        const fresh = ui.shownStep !== step;
        ui.shownStep = step;
        // the step's words down to what it asks for: every card it names and its button; when the
        // whole copy (with a note on what the others did first) does not fit, from its "Nyt:" line
        const room = window.innerHeight - parseFloat(getComputedStyle(reminder || table).scrollMarginTop || "0");
        const meld = aim !== null ? table.querySelector(`.pelaa-yhdistelma[data-index="${aim}"]`) : null;
        if (fresh && reminder && reminder.offsetParent !== null) {
          const asked = [target, ...step.cards.map((c) => table.querySelector(`.pelaa-kasi [data-code="${CSS.escape(c)}"]`)),
                         table.querySelector(`[data-action="${step.action}"]`)].filter(Boolean);
          const bottom = Math.max(...asked.map((n) => n.getBoundingClientRect().bottom));
          const now = reminder.querySelector(".opetus-muistutus-nyt");
          // a meld to tap: from it (it is above the hand) when all fits, else from the words
          const from = [meld, reminder, now].filter(Boolean).find((n) => bottom - n.getBoundingClientRect().top <= room);
          if (from) from.scrollIntoView({ block: "start", behavior: "instant" });
        }
        target.focus({ preventScroll: true });
        const box = target.getBoundingClientRect();
        if (box.top < 0 || box.bottom > window.innerHeight) {
          // the meld to tap scrolled away: on the screen with the step's words, when they fit: the
          // guide's above the table (from them down), or on a phone, where only the copy by the
          // hand is shown, its "Nyt:" line below the table (from the meld down)
          const phone = reminder && reminder.offsetParent !== null;
          const now = phone ? reminder.querySelector(".opetus-muistutus-nyt") : null;
          const how = target !== meld || phone ? null : guide.querySelector(".opetus-miten");
          if (now && target === meld && now.getBoundingClientRect().bottom - box.top <= room) meld.scrollIntoView({ block: "start", behavior: "instant" });
          else if (how && box.bottom - how.getBoundingClientRect().top <= room) how.scrollIntoView({ block: "start", behavior: "instant" });
          else target.scrollIntoView({ block: "nearest", behavior: "instant" });
        }
      }
    }
  }

  function ending(v) {
    const s = v.score;
    const rows = v.names.map((name, i) => el("tr", {}, el("th", { scope: "row" }, name),
      el("td", {}, s.groups ? groupRows(s.groups[i], v.labels)
        : s.hands[i] && s.hands[i].length ? cardRow(s.hands[i], v.labels) : "–"),
      el("td", {}, num(s.points[i]))));
    return el("section", { class: "pelaa-tulos opetus-loppu", "aria-label": "Opetusjaon pisteet" },
      el("h3", {}, "Pisteet"),
      lines(s.lines),
      data.closing ? el("p", {}, el("strong", {}, "Sääntö: "), data.closing) : "",
      // (gin: a knock the defender did not undercut, what would have made it one)
      data.undercut ? el("p", { class: "opetus-alitus" }, data.undercut) : "",
      // (a deal won without a rommi, where the rules double one: what it would have given)
      data.rommi ? el("p", { class: "opetus-alitus" }, data.rommi) : "",
      el("table", { class: "pelaa-pisteet" }, el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Pelaaja"),
        el("th", { scope: "col" }, "Käsi lopussa"), el("th", { scope: "col" }, "Jaon pisteet"))), el("tbody", {}, rows)),
      el("p", {}, `Opetusjaossa tulivat vastaan ${data.concepts_text}.`),
      el("p", {}, el("a", { class: "md-button md-button--primary", href: `../pelaa/?peli=${encodeURIComponent(data.game)}` },
        `Pelaa tietokonetta vastaan: ${data.title}`)));
  }
}

// The others' new table melds in words: "Eero pelasi A♠ A♦ A♣ ja 7♣ 8♣ 9♣", a meld added to
// "yhdistelmään 5♥ 5♦ 5♣ lisättiin 5♠" (one player's new melds in one clause).
function newsText(news, symbols) {
  const laid = new Map();
  const parts = [];
  for (const n of news) {
    if (n.grown) parts.push(`yhdistelmään ${symbols(n.cards.filter((c) => !n.added.includes(c)))} lisättiin ${symbols(n.added)}`);
    else if (laid.has(n.owner)) laid.get(n.owner).push(symbols(n.cards));
    else { laid.set(n.owner, [symbols(n.cards)]); parts.push(n.owner); }
  }
  return andList(parts.map((p) => (laid.has(p) ? `${p} pelasi ${andList(laid.get(p))}` : p)));
}

// Names the Finnish way: "Eero", "Eero ja Mikko", "Eero, Mikko ja Liisa".
const andList = (words) => (words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} ja ${words[words.length - 1]}`);

// A gin hand at the end as the scoring counts it: each group (a meld, the cards laid off, the
// deadwood with its value) on its own line with its label.
function groupRows(groups, labels) {
  return el("ul", { class: "opetus-ryhmat" }, groups.map((g) => el("li", {}, `${g.label}: `, cardRow(g.cards, labels))));
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
