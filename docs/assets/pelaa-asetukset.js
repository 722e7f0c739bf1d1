// Rommikirja Pelaa: a new game's set-up (pelaa.js is the page and plays the game): the form with
// the game, the opponents and their levels, the house rules the engine offers and the game's
// number, and the page's address, which names the same choices so that a game can be shared
// as a link (?peli=gin&siemen=7&taso=taitava, house rules as saannot=option:value,…).

import { el } from "./moottori.js";
import { optionControl, readOptions } from "./pelaa-apu.js";

export const LEVEL_NAMES = { aloittelija: "aloittelija", taitava: "taitava" };

// ---------------------------------------------------------------- the address
// The choices the address names (each may be missing: null, [] or {}).
export function readAddress() {
  const p = new URLSearchParams(location.search);
  const levels = (p.get("taso") || "").split(",").filter((x) => x in LEVEL_NAMES);
  const options = {};
  for (const pair of (p.get("saannot") || "").split(",").filter(Boolean)) {
    const [k, v] = pair.split(":");
    options[k] = v === "true" ? true : v === "false" ? false : /^-?\d+$/.test(v) ? Number(v) : v;
  }
  return { game: p.get("peli"), seed: p.get("siemen"), levels, options };
}

// The game in progress (its state) as the address, replacing the page's own history entry.
export function writeAddress(s) {
  const p = new URLSearchParams(location.search);
  p.set("peli", s.rules.name);
  p.set("siemen", s.seed);
  p.set("taso", s.levels.join(","));
  const opts = Object.entries(s.options || {});
  if (opts.length) p.set("saannot", opts.map(([k, v]) => `${k}:${v}`).join(","));
  else p.delete("saannot");
  history.replaceState(null, "", `${location.pathname}?${p}${location.hash}`);
}

// ---------------------------------------------------------------- the form
// `page`: { form (the <form>), games (the games' data), engine (its call), start(game, levels,
// options, seed) } — the form's submit starts the game through `start`.
export async function renderSetup(page, game, levels, options, seed) {
  const { form: setup, games, engine, start } = page;
  const g = games[game];
  const opponents = Math.max(1, (levels || []).length || 1);
  const gameSel = el("select", { id: "pelaa-peli", name: "peli" },
    Object.entries(games).map(([key, v]) => el("option", { value: key, selected: key === game ? "" : false }, v.title)));
  gameSel.addEventListener("change", () => { renderSetup(page, gameSel.value, null, {}, seedInput.value); focusSetup(setup); });
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
    start(gameSel.value, lv.slice(0, maxOpp), readOptions(house), seedInput.value.trim() || "1");
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
export function focusSetup(setup) { setup.querySelector("#pelaa-peli")?.focus(); }
