// Rommikirja Pelaa: gin's knock, the reader's choice of arrangement (pelaa.js is the page and asks
// the engine; this draws the choice and remembers it). The engine's op knock_options lists the ways
// to spread the rest of the hand, best first, each with its deadwood, what the deal gives against
// the defender's best lay-offs and what choosing it costs compared with the best (all its sentences);
// the reader accepts the first or picks another (radio buttons: touch, mouse, arrows; K or the
// button knocks), and that arrangement is the move.

import { el } from "./moottori.js";
import { cardRow } from "./kortit.js";

const KNOCK = "rommikirja-pelaa-koputus";   // a knock whose arrangement is being chosen
const SHOWN = 6;                             // arrangements listed before "Näytä kaikki levitykset"

// ---------------------------------------------------------------- the card is down
// A knock's choice is stored for its position (game id and chain): a reload brings the same choice
// back instead of the turn before it.
export function rememberKnock(state, move) {
  try { localStorage.setItem(KNOCK, JSON.stringify({ id: state.id, chain: state.check.chain, move })); }
  catch { /* private mode */ }
}

export function storedKnock(state) {
  let k = null;
  try { k = JSON.parse(localStorage.getItem(KNOCK) || "null"); } catch { k = null; }
  return k && k.move && state && k.id === state.id && k.chain === state.check.chain ? k.move : null;
}

export function forgetKnock() {
  try { localStorage.removeItem(KNOCK); } catch { /* private mode */ }
}

// ---------------------------------------------------------------- the choice
// `k`: the engine's answer plus `chosen` (an index) and `all` (the whole list asked for); `labels`:
// the cards' names; `limit`: how many to list before the rest are asked for (default SHOWN);
// `knock(step)` makes the move, `redraw()` draws the table again.
export function knockPanel(k, labels, limit, knock, redraw) {
  const shown = limit || SHOWN;
  const many = k.options.length > shown && !k.all;
  const items = k.options.slice(0, many ? shown : undefined).map((o, i) => {
    const id = `pelaa-levitys-${i}`;
    return el("li", { class: o.best ? "paras" : "" },
      el("input", { type: "radio", name: "pelaa-levitys", id, value: String(i), checked: i === k.chosen ? "" : false,
                    onchange: () => { k.chosen = i; } }),
      el("label", { for: id },
        el("span", { class: "pelaa-levitys-yhdistelmat" }, o.melds.map((m) => cardRow(m, labels, "kortit yhdistelma"))),
        o.deadwood.length ? el("span", { class: "pelaa-levitys-irto" }, "Irtokortit: ", cardRow(o.deadwood, labels)) : "",
        el("span", {}, `${o.deadwood_text} ${o.result} `), el("strong", { class: "pelaa-levitys-hinta" }, o.cost_text)));
  });
  const form = el("form", { class: "pelaa-levitys", "aria-labelledby": "pelaa-levitys-otsikko",
                            onsubmit: (e) => { e.preventDefault(); knock(k.options[k.chosen].step); } },
    el("h3", { id: "pelaa-levitys-otsikko" }, "Koputus: miten levität kätesi?"),
    el("p", {}, k.intro),
    el("fieldset", {}, el("legend", {}, "Levitykset"), el("ol", {}, items)),
    many ? el("p", {}, el("button", { type: "button", class: "md-button", "data-action": "knock-all", onclick: () => {
      k.all = true;
      redraw();
      document.getElementById(`pelaa-levitys-${shown}`)?.focus();    // the first one it brought
    } }, `Näytä kaikki levitykset (${k.options.length})`)) : "",
    el("p", {}, el("button", { type: "submit", class: "md-button md-button--primary", "data-action": "knock",
                               "aria-keyshortcuts": "K" }, "Koputa tällä levityksellä")));
  return form;
}
