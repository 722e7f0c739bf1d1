// Rommikirja Pelaa: the table as drawn (pelaa.js is the page: it asks the engine and draws again
// after every answer). Everything here is built from the engine's view of the position (`v`) and
// the page's choices (`ui`: the selected cards, the table meld to add to, the hint, the knock's
// arrangements, the replay and the exported file); a button calls the page back through `on`
// (act, knockWith, nextDeal, startReplay, exportPosition, newGameForm, redraw(focus selector)).

import { el } from "./moottori.js";
import { face, faceName, cardSpan, cardRow } from "./kortit.js";
import { num, deckMark, drawnNote } from "./pelaa-apu.js";
import { knockPanel } from "./pelaa-koputus.js";
import { LEVEL_NAMES } from "./pelaa-asetukset.js";

// the action buttons: the engine's action, the button's text, its key
export const ACTIONS = [
  ["draw_stock", "Nosta", "n"], ["draw_discard", "Ota poistopakasta", "o"], ["pass", "Passaa", "s"],
  ["open", "Avaa", "a"], ["meld", "Pelaa", "m"], ["lay_off", "Lisää", "l"], ["discard", "Poista", "p"],
  ["knock", "Koputa", "k"], ["hint", "Vihje", "v"],
];

// ---------------------------------------------------------------- the table
// `page`: { games (the games' data), hintAction (the hinted move's action), knockShown (how many
// arrangements to list), on (the page's handlers) }.
export function tableParts(v, ui, page) {
  const { games, hintAction, knockShown, on } = page;
  const L = v.labels;
  const me = v.names[v.seat];
  const players = el("ul", { class: "pelaa-pelaajat" }, v.names.map((name, i) => el("li",
    { class: i === v.turn && !v.over ? "vuorossa" : "" },
    el("strong", {}, i === v.seat ? `${name} (sinä)` : name),
    i === v.seat ? "" : ` – ${LEVEL_NAMES[v.levels[i - 1]]}`,
    `: ${v.counts[i]} ${v.counts[i] === 1 ? "kortti" : "korttia"}`, i === v.dealer ? ", jakaja" : "",
    v.opened ? (v.opened[i] ? ", avannut" : ", ei avannut") : "",
    `, yhteensä ${num(v.totals[i])} ${v.totals[i] === 1 ? "piste" : "pistettä"}`)));
  const piles = el("div", { class: "pelaa-pakat" },
    el("span", {}, `Nostopakka: ${v.stock ? `${v.stock} ${v.stock === 1 ? "kortti" : "korttia"}` : "tyhjä"}`), " · ",
    el("span", {}, "Poistopakka: ", v.discard_top ? cardSpan(v.discard_top, L) : "tyhjä"));
  const melds = el("div", { class: "pelaa-poytayhdistelmat" },
    v.table.length ? el("p", {}, "Pöydällä (napauta yhdistelmää, johon haluat lisätä):") : el("p", {}, "Pöydällä ei ole yhdistelmiä."),
    el("ul", {}, v.table.map((m, i) => el("li", {}, el("button", {
      type: "button", class: "pelaa-yhdistelma", "aria-pressed": String(ui.target === i), "data-index": i,
      "aria-label": `${m.owner} ${m.cards.map((c) => face(c).symbol).join(" ")}: ${m.text}`, onclick: () => { ui.target = ui.target === i ? null : i; on.redraw(); },
    }, el("span", { class: "pelaa-omistaja", "aria-hidden": "true" }, m.owner), " ",
       cardRow(m.cards, L, "kortit yhdistelma"))))));
  const hand = el("div", { class: "pelaa-kasi", role: "group", "aria-label": "Kätesi kortit" },
    v.hand.map((code) => {
      // the name contains the card's visible text (WCAG 2.5.3), as the practice widgets' do:
      // "7♠ (pataseiska)"; two identical cards (two decks) are told apart by the deck's mark
      const f = { ...face(code, L), mark: deckMark(v.hand, code) };
      const picked = ui.selected.includes(code);
      return el("button", { type: "button", class: `kortti ${f.colour} valittava${code === v.drawn ? " nostettu" : ""}`,
        "aria-pressed": String(picked), "aria-label": faceName(f, drawnNote(v, code)),
        "data-code": code,
        onclick: () => { ui.selected = picked ? ui.selected.filter((c) => c !== code) : [...ui.selected, code]; on.redraw(); },
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
      type: "button", class: "md-button" + (a === hintAction ? " md-button--primary vihje" : ""),
      "data-action": a, "aria-keyshortcuts": key.toUpperCase(),
      disabled: v.over || !v.your_turn || (a !== "hint" && !available.has(a)) ? "" : false,
      onclick: () => on.act(a),
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
    v.over ? el("button", { type: "button", class: "md-button", "data-action": "export", onclick: on.exportPosition }, "Vie esimerkiksi") : "",
    v.over ? " " : "",
    el("button", { type: "button", class: "md-button", "data-action": "new-game", onclick: on.newGameForm }, "Uusi peli"));
  const parts = [
    el("h2", { class: "pelaa-otsikko" }, `${games[v.game]?.title || v.title}: jako ${v.deal_no}`),
    el("p", { class: "pelaa-numero" }, `Pelin numero ${v.seed}.`),
    players, piles, melds,
    el("div", { class: "pelaa-viimeksi-alue", "aria-live": "polite" }, summary),
    el("h3", {}, `Kätesi (${me})`), hand, el("p", { class: "pelaa-ohje" }, info.join(" ")),
    feedback, ui.knock ? knockPanel(ui.knock, { ...L, ...ui.knock.labels }, knockShown,
                                    on.knockWith, () => on.redraw()) : bar,
  ];
  if (v.over) parts.push(scorePanel(v, on));
  if (ui.replay) parts.push(replayPanel(ui, on));
  if (ui.exportText && v.over) parts.push(exportPanel(ui, on));
  parts.push(story, rules, tools);
  return parts;
}

// The table is rebuilt after every action: the control the reader was on (an action button, a card,

// screen-reader user does not fall back to the top of the page.
export function focusKey(table, active) {
  if (!active || !table.contains(active) || active === table) return null;
  for (const attr of ["data-action", "data-code", "data-index"]) {
    if (active.hasAttribute(attr)) return [attr, active.getAttribute(attr)];
  }
  return ["toolbar", ""];
}

export function refocus(table, [attr, value], scroll = false) {
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

// ---------------------------------------------------------------- the deal's end
function scorePanel(v, on) {
  const s = v.score;
  const L = v.labels;
  const rows = v.names.map((name, i) => el("tr", {}, el("th", { scope: "row" }, name),
    el("td", {}, s.hands[i] && s.hands[i].length ? cardRow(s.hands[i], L) : "–"),
    el("td", {}, num(s.points[i])), el("td", {}, num(v.totals[i]))));
  const end = v.game_over
    ? el("p", { class: "pelaa-loppu" }, el("strong", {}, `Peli päättyi. ${v.leaders.length > 1 ? "Voittajat" : "Voittaja"}: ${v.leaders.join(" ja ")}.`))
    : el("p", {}, el("button", { type: "button", class: "md-button md-button--primary", "data-action": "next-deal",
                                 onclick: on.nextDeal }, "Seuraava jako"));
  return el("section", { class: "pelaa-tulos", "aria-label": "Jaon tulos" },
    el("h3", {}, "Jako päättyi"),
    s.lines.map((line) => el("p", {}, line)),
    el("table", { class: "pelaa-pisteet" }, el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Pelaaja"), el("th", { scope: "col" }, "Käsi lopussa"),
      el("th", { scope: "col" }, "Jaon pisteet"), el("th", { scope: "col" }, "Yhteensä"))), el("tbody", {}, rows)),
    end,
    el("p", {}, el("button", { type: "button", class: "md-button", "data-action": "replay", onclick: on.startReplay }, "Näytä jako")));
}

function replayPanel(ui, on) {
  const r = ui.replay;
  const f = r.frames[r.at];
  const go = (d) => { r.at = Math.max(0, Math.min(r.frames.length - 1, r.at + d)); on.redraw(".pelaa-kertaus"); };
  return el("section", { class: "pelaa-kertaus", tabindex: "-1", "aria-label": "Jaon kertaus" },
    el("h3", {}, `Jaon kertaus: siirto ${r.at} / ${r.frames.length - 1}`),
    el("p", { "aria-live": "polite" }, f.text),
    el("ul", {}, ui.view.names.map((name, i) => el("li", {}, el("strong", {}, name), ": ", cardRow(f.hands[i], r.labels)))),
    f.table.length ? el("p", {}, "Pöydällä: ", f.table.map((m) => cardRow(m, r.labels, "kortit yhdistelma"))) : "",
    el("p", {}, "Poistopakan päällimmäinen: ", f.discard_top ? cardSpan(f.discard_top, r.labels) : "–", ` · nostopakassa ${f.stock} ${f.stock === 1 ? "kortti" : "korttia"}`),
    el("p", {}, el("button", { type: "button", class: "md-button", onclick: () => go(-1), disabled: r.at === 0 ? "" : false }, "Edellinen"), " ",
      el("button", { type: "button", class: "md-button", "data-action": "replay-next", onclick: () => go(1),
                     disabled: r.at === r.frames.length - 1 ? "" : false }, "Seuraava"), " ",
      el("button", { type: "button", class: "md-button", onclick: () => { ui.replay = null; on.redraw(); } }, "Sulje")));
}

function exportPanel(ui, on) {
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
      " ", el("button", { type: "button", class: "md-button", onclick: () => { ui.exportText = null; on.redraw(); } }, "Sulje")));
}
