// Rommikirja card faces in the browser, for the practice widgets (harjoitus.js) and Pelaa (pelaa.js).
// A face comes from the engine (rommikirja/faces.py, the same function that draws the pages' card
// images): a practice question carries `faces` = {code: {name, symbol, colour, mark}}. Pelaa's views
// carry only names (`labels` = {code: name}); for them the symbol and colour are read from the code.
// Every card's accessible name contains its visible text: "7♠ (pataseiska)".

import { el } from "./moottori.js";

const SUITS = { S: ["♠", "musta"], H: ["♥", "punainen"], D: ["♦", "punainen"], C: ["♣", "musta"] };

// {name, symbol, colour, mark} of a code, from the engine's faces or, given names only, the code.
export function face(code, faces) {
  const known = faces && faces[code];
  if (known && typeof known === "object") return { mark: "", ...known };
  const body = code.replace(/'+$/, "");
  const name = typeof known === "string" ? known : code;
  if (body === "JK") return { name, symbol: "🃏", colour: "jokeri", mark: "" };
  const [symbol, colour] = SUITS[body.slice(-1)] || ["?", "musta"];
  return { name, symbol: body.slice(0, -1) + symbol, colour, mark: "" };
}

// "7♠² (pataseiska, 2. pakka)" of a face: the visible text first; `extra` is added inside the brackets.
export function faceName(f, extra = "") {
  const deck = f.mark ? (f.mark === "¹" ? ", 1. pakka" : ", 2. pakka") : "";
  return `${f.symbol}${f.mark} (${f.name}${deck}${extra})`;
}

export function cardName(code, faces, extra = "") {
  return faceName(face(code, faces), extra);
}

function content(f) {
  return f.mark ? [f.symbol, el("sup", { class: "pakka" }, f.mark)] : [f.symbol];
}

export function cardSpan(code, faces) {
  const f = face(code, faces);
  const name = cardName(code, faces);
  return el("span", { class: `kortti ${f.colour}`, role: "img", "aria-label": name, title: name }, content(f));
}

export function cardRow(codes, faces, cls = "kortit") {
  return el("span", { class: cls || "kortit" }, codes.map((c) => cardSpan(c, faces)));
}

// A card to select (aria-pressed); `onChange(code, on, button)` after each press.
export function cardToggle(code, faces, onChange = null, { pressed = false, extra = "" } = {}) {
  const f = face(code, faces);
  const b = el("button", { type: "button", class: `kortti ${f.colour} valittava`, "aria-pressed": String(pressed),
                           "aria-label": cardName(code, faces, extra), "data-code": code }, content(f));
  b.addEventListener("click", () => {
    const on = b.getAttribute("aria-pressed") !== "true";
    b.setAttribute("aria-pressed", String(on));
    if (onChange) onChange(code, on, b);
  });
  return b;
}
