"""What the one page template (``templates/pages/_game.md.j2``) reads besides the site's names:
a game's notes (:mod:`tools.notes`), its concept sections (:mod:`tools.concepts`) and its base game."""

from __future__ import annotations

from typing import Any, Callable


def text_speller(spell: Any, known: set[str]) -> Callable[[str], list[tuple[int, str]]] | None:
    """``spell`` (:func:`tools.spelling.speller`) as the notes check calls it: a text → its
    misspelt words' (line from 0, Finnish message). tools.notes itself never imports tools.spelling (which
    reads the presets); None when there is no speller."""
    if spell is None:
        return None
    from .spelling import message, misspelt

    return lambda text: [(i, message(word)) for i, word in misspelt(text, spell, known)]


#: What a game without a notes file does not take over from its base game's notes: the base
#: game's introduction and its practice seeds (chosen for the base game's rules).
NOT_INHERITED = ("game", "intro", "practice")


def page_globals(
    rulesets: dict[str, Any],
    scenarios: list[Any],
    titles: dict[str, str],
    bases: dict[str, Any],
    notes_dir: Any = None,
    spell: Any = "voikko",
    text_names: dict[str, str] | None = None,
) -> dict[str, Any]:
    """What the one page template reads besides the site's names: the notes, sections and base of a game.

    A game with a base game (a club's preset, ``base:`` in its rule file) and no notes file of its
    own takes its base game's notes but the introduction and practice seeds: the base page's
    sources, tips, own sections and Rommikirja's decisions, each note still shown only under the
    rule values it names (``when:``), now the club's."""
    from . import notes as notes_mod
    from .concepts import anchor, compared, page_sections, see_text, variant_options

    present = {(sc.game, sc.section) for sc in scenarios}
    loaded: dict[str, Any] = {}
    where = notes_mod.SCENARIOS if notes_dir is None else notes_dir

    def own_notes(game: str) -> Any:
        checker = spell
        if checker == "voikko":
            from .spelling import known_words, speller

            checker = text_speller(speller(), known_words())
        return notes_mod.load_notes(game, where, spell=checker)

    def game_notes(game: str) -> Any:
        if game not in loaded:
            data = own_notes(game)
            base = bases.get(game)
            if data is None and base and base.get("name") in rulesets:
                inherited = game_notes(base["name"])
                if inherited is not None:
                    data = notes_mod.inherited(inherited, game, NOT_INHERITED)
            loaded[game] = data
        return loaded[game]

    def has_examples(section: str, game: str) -> bool:
        return (game, section) in present

    def base_of(game: str) -> Any:
        if game in bases:
            return bases[game]
        data = game_notes(game)
        other = data.get("base") if data is not None else None
        if other is None or other not in rulesets:
            return None
        from .presets import page_of, text_name

        return {
            "name": other,
            "title": titles.get(other, other),
            "text_name": (text_names or {}).get(other) or text_name(titles.get(other, other)),
            "page": page_of(other),
            "rules": rulesets[other],
            "differences": compared(rulesets[game], rulesets[other]),
        }

    def sections_of(rules: Any, data: Any, base: Any) -> list[dict[str, str]]:
        out = []
        for s in page_sections(rules, data, base):
            key, game = s["key"], rules.name
            if key == "esimerkkijako" and not has_examples(key, game):
                continue
            if key == "muunnelmat" and not (
                variant_options(rules, data) or has_examples(key, game) or notes_mod.notes_of(data, key, rules)
            ):
                continue
            if key in ("vinkit",) and not (has_examples(key, game) or notes_mod.notes_of(data, key, rules)):
                continue
            out.append(s)
        return out

    return {
        "game_notes": game_notes,
        "page_notes": lambda data, where, rules, examples=None, base=None, seen=None: notes_mod.notes_of(
            data, where, rules, examples, base["rules"] if base else None, seen
        ),
        "see_text": see_text,
        "joker_examples": joker_examples,
        "hand_value_example": hand_value_example,
        "page_sections": sections_of,
        "has_examples": has_examples,
        "base_of": base_of,
        "anchor": anchor,
        "game_title": lambda game: titles.get(game, game),
        "variant_options": variant_options,
    }


def joker_examples(rules: Any) -> dict[str, Any] | None:
    """Two melds that show what a joker stands for under ``rules``, as the engine names it: in a
    run a card of the run's suit (here the gap), in a group its rank in a suit the group lacks.
    ``None`` when the rule set allows no joker in a meld (the page then shows no example)."""
    from rommikirja.cards import SUITS, Card, parse_cards
    from rommikirja.errors import InvalidMeld
    from rommikirja.melds import Meld

    if not (rules.jokers and rules.max_jokers_per_meld):
        return None
    try:
        run = Meld.from_cards(parse_cards("6H JK 8H"), rules)
        group = Meld.from_cards(parse_cards("9S 9H JK"), rules)
    except InvalidMeld:  # pragma: no cover - every joker rule set allows these
        return None
    joker = next(c for c in group.cards if c.is_joker)
    natural = [c for c in group.cards if not c.is_joker]
    choices = [Card(natural[0].rank, s) for s in SUITS if all(c.suit is not s for c in natural)]
    run_joker = next(c for c in run.cards if c.is_joker)
    return {
        "run": run,
        "run_stands": run.stands_for(run_joker),
        "group": group,
        "group_choices": choices,
        "group_stands": group.stands_for(joker),
    }


def hand_value_example(rules: Any) -> dict[str, Any]:
    """A hand left at the end of a deal that shows the ace's value (and the joker's, when the rule
    set has jokers), valued by the engine (:func:`rommikirja.scoring.hand_value`)."""
    from rommikirja.cards import parse_cards
    from rommikirja.scoring import hand_value

    cards = parse_cards("AS JK KD 5C" if rules.jokers else "AS KD 5C")
    return {"cards": cards, "points": [rules.card_points(c.rank) for c in cards], "total": hand_value(cards, rules)}
