// Rommikirja Pelaa: the page's helpers that hold no game state (pelaa.js is the page): the "seen"
// marks that refuse an undone game, a new game's id, numbers and twin cards as shown, and the
// house-rule controls of the set-up form.

import { el } from "./moottori.js";

const SEEN = "rommikirja-pelaa-nahty";     // game id → the engine's check of the furthest position
const SEEN_GAMES = 20;

// ---------------------------------------------------------------- the seen marks (no undo)
export function readSeen() {
  try {
    const marks = JSON.parse(localStorage.getItem(SEEN) || "{}");
    return marks && typeof marks === "object" && !Array.isArray(marks) ? marks : {};
  } catch { return {}; }
}

// The furthest position of the game is written before the state itself (save), so a stored state
// is never ahead of its mark.
export function remember(state) {
  if (!state.id || !state.check) return;
  const marks = readSeen();
  const old = marks[state.id];
  if (old && old.moves > state.check.moves) return;     // (the engine has refused such a state)
  delete marks[state.id];
  marks[state.id] = state.check;
  const ids = Object.keys(marks);
  for (const id of ids.slice(0, Math.max(0, ids.length - SEEN_GAMES))) delete marks[id];
  try { localStorage.setItem(SEEN, JSON.stringify(marks)); } catch { /* private mode */ }
}

export function newGameId() {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export const num = (n) => String(n).replace("-", "−");

// "¹" or "²" when the hand holds both decks' copies of this card (the second deck's ends in '), else ""
export function deckMark(hand, code) {
  const body = code.replace(/'+$/, "");
  if (!hand.includes(body) || !hand.includes(`${body}'`)) return "";
  return code === body ? "¹" : "²";
}

export function optionControl(o, chosen) {
  const id = `pelaa-saanto-${o.option}`;
  const value = o.option in chosen ? chosen[o.option] : o.value;
  let input;
  if (o.kind === "bool") {
    input = el("input", { type: "checkbox", id, "data-option": o.option, "data-kind": "bool", "data-default": String(o.value),
                          checked: value ? "" : false });
    // the label names the rule and its current value, which follows the box (ticked or not)
    const state = el("span", { class: "pelaa-arvo" }, value ? o.choices.true : o.choices.false);
    input.addEventListener("change", () => { state.textContent = input.checked ? o.choices.true : o.choices.false; });
    return el("p", { class: "pelaa-saanto" }, input, " ", el("label", { for: id }, `${o.label}: `, state));
  }
  if (o.kind === "choice") {
    input = el("select", { id, "data-option": o.option, "data-kind": "choice", "data-default": o.value },
      Object.entries(o.choices).map(([k, text]) => el("option", { value: k, selected: k === value ? "" : false }, text)));
  } else {
    input = el("input", { type: "number", id, "data-option": o.option, "data-kind": "int", "data-default": String(o.value),
                          min: o.min, max: o.max, value: String(value), inputmode: "numeric" });
  }
  return el("p", { class: "pelaa-saanto" }, el("label", { for: id }, o.note ? `${o.label} (${o.note}): ` : `${o.label}: `), input);
}

export function readOptions(box) {
  const out = {};
  for (const input of box.querySelectorAll("[data-option]")) {
    let v;
    if (input.dataset.kind === "bool") v = input.checked;
    else if (input.dataset.kind === "int") v = Number(input.value);
    else v = input.value;
    if (String(v) !== input.dataset.default) out[input.dataset.option] = v;
  }
  return out;
}

// the words a hand card's name ends with when it came this turn: taken from the discard pile, or
// drawn from the stock (the hand shows that card apart: class "nostettu")
export function drawnNote(v, code) {
  if (code === v.taken) return ", otettu poistopakasta";
  return code === v.drawn ? ", juuri nostettu" : "";
}
