"""Practice questions are reachable positions, checked by the code that checks scenarios.

Each kind of question (``rommikirja.practice``) shows part of a deal: a hand, two gin hands,
the hands left when someone went out, a table and a hand, a discard pile when the stock runs
out. :func:`question_problems` turns it into a :class:`tools.position_facts.Position` (the cards the
question does not show filled in from the rest of the deck, as a real deal would hold them) and
asks :func:`tools.position_facts.position_problems` whether some deal reaches it; where the question
leaves something open (how many players, who owns a table meld), one consistent choice is
enough.

``python -m tools.practice_reach [SEEDS]`` checks every kind the pages use over many seeds and
prints, in Finnish, each question that no deal reaches.
"""

from __future__ import annotations

import itertools
import sys
from typing import Any, Callable, Sequence

from rommikirja import Card, Meld, RuleSet
from rommikirja.cards import parse_card, standard_deck

from .position_facts import Position, _deck_problems, position_problems
from .scenario.piles import Piles

NAMES = ["Aino", "Eero", "Kaisa", "Olli", "Pirkko", "Sanni"]


def _cards(codes: Sequence[str]) -> list[Card]:
    return [parse_card(c) for c in codes]


def _rest(rules: RuleSet, used: Sequence[Card]) -> list[Card]:
    taken = set(used)
    return [c for c in standard_deck(rules.decks, rules.jokers) if c not in taken]


def _msgs(problems: list[tuple[str, str]]) -> list[str]:
    return [m for _, m in problems]


def _whole(
    rules: RuleSet, shown: list[list[Card]], table: Sequence[tuple[int, Meld]] = (), discard_top: bool = True, **kw: Any
) -> Position:
    """A start-of-turn position holding ``shown`` hands, the stock the rest of the deck."""
    placed = [c for h in shown for c in h] + [c for _, m in table for c in m.cards]
    rest = _rest(rules, placed)
    discard = rest[:1] if discard_top else []
    stock = rest[len(discard) :]
    return Position(NAMES[: len(shown)], shown, stock, discard, list(table), 0, None, (), **kw)


def _size(rules: RuleSet, n: int) -> int | None:
    try:
        return rules.hand_size_for(n)
    except Exception:
        return None


def _one_hand(q: dict, rules: RuleSet, key: str) -> list[str]:
    """A hand at the start of a turn (``avaus``, ``jarjesta``): the other player's hand filled in."""
    hand = _cards(q[key])
    problems = _msgs(_deck_problems(Position(["Aino"], [hand], (), (), [], 0, None, ()), rules))
    if problems:
        return problems
    size = _size(rules, 2)
    rest = _rest(rules, hand)
    other = rest[:size] if size is not None else []
    return _msgs(
        position_problems(_whole(rules, [hand, other], discard_top=bool(rules.upcard) or rules.style == "knock"), rules)
    )


def _kelpaako(q: dict, rules: RuleSet) -> list[str]:
    return _msgs(_deck_problems(Position(["Aino"], [_cards(q["cards"])], (), (), [], 0, None, ()), rules))


def _koputus(q: dict, rules: RuleSet) -> list[str]:
    hands = [_cards(q["knocker"]), _cards(q["defender"])]
    return _msgs(position_problems(_whole(rules, hands), rules))


def _pisteet(q: dict, rules: RuleSet) -> list[str]:
    """The hands left when the winner went out: sizes against the deal, opened against the hand."""
    hands = [_cards(h) for h in q["hands"]]
    size = _size(rules, len(hands))
    opened = q.get("opened")
    if opened is not None:
        played = [i for i, o in enumerate(opened) if o]
    else:
        played = [i for i, h in enumerate(hands) if size is not None and len(h) < size]
    pos = Position(
        NAMES[: len(hands)],
        hands,
        (),
        (),
        [],
        0,
        None,
        played,
        winner=q.get("winner"),
        table_known=False,
        piles_known=False,
    )
    return _msgs(position_problems(pos, rules))


def _lisaa(q: dict, rules: RuleSet) -> list[str]:
    """A hand and the table: some number of players and some owners of the melds must reach it."""
    hand = _cards(q["hand"])
    melds = [Meld.from_cards(_cards(m), rules) for m in q["table"]]
    first: list[str] | None = None
    for n in range(max(2, rules.min_players), rules.max_players + 1):
        size = _size(rules, n)
        if size is None:
            continue
        for owners in itertools.product(range(n), repeat=len(melds)):
            table = list(zip(owners, melds))
            rest = _rest(rules, hand + [c for m in melds for c in m.cards])
            hands = [hand]
            for i in range(1, n):
                own = sum(len(m.cards) for o, m in table if o == i)
                k = max(size - own, 1)
                hands.append(rest[:k])
                del rest[:k]
            pos = Position(NAMES[:n], hands, rest[1:], rest[:1], table, 0, None, set(owners))
            problems = _msgs(position_problems(pos, rules))
            if not problems:
                return []
            first = first if first is not None else problems
    return first or []


def _nostopakka(q: dict, rules: RuleSet) -> list[str]:
    """The discard pile when the stock has run out: its listed cards and its size
    (``discard_size``) must leave the hands of some number of players a whole deal each."""
    pile = _cards(q["discard"])
    pile_size = int(q.get("discard_size", len(pile)))
    deck = len(standard_deck(rules.decks, rules.jokers))
    first: list[str] | None = None
    for n in range(max(2, rules.min_players), rules.max_players + 1):
        size = _size(rules, n)
        if size is None:
            continue
        rest = _rest(rules, pile)
        hands = [rest[i * size : (i + 1) * size] for i in range(n)]
        piles = Piles(0, len(pile), 0, pile_size, True, "discard_size" in q, deck, n * size)
        pos = Position(NAMES[:n], hands, (), pile, [], 0, None, (), piles=piles)
        problems = _msgs(position_problems(pos, rules))
        if not problems:
            return []
        first = first if first is not None else problems
    return first or []


CHECKS: dict[str, Callable[[dict, RuleSet], list[str]]] = {
    "pisteet": _pisteet,
    "kelpaako": _kelpaako,
    "lisaa": _lisaa,
    "jarjesta": lambda q, r: _one_hand(q, r, "hand"),
    "koputus": _koputus,
    "nostopakka": _nostopakka,
    "avaus": lambda q, r: _one_hand(q, r, "hand"),
}


def question_problems(q: dict, rules: RuleSet | None = None) -> list[str]:
    """Why no deal reaches the position practice question ``q`` shows (Finnish), or []."""
    rules = rules if rules is not None else RuleSet.from_mapping(dict(q.get("rules") or {}))
    check = CHECKS.get(q["kind"], _shown_cards)
    return check(q, rules)


def _shown_cards(q: dict, rules: RuleSet) -> list[str]:
    """A kind with no position check of its own here (a club's or a new kind, registered by its
    module alone): the cards its question shows must fit the rule set's deck (no card more often
    than the decks hold it)."""
    cards = [c for block in q.get("show") or [] for c in block.get("cards") or []]
    return _msgs(_deck_problems(Position(["Aino"], [_cards(cards)], (), (), [], 0, None, ()), rules))


def unreachable(kind: str, rules_data: dict, seeds: Sequence[int]) -> list[tuple[int, list[str]]]:
    """(seed, problems) for every seed whose question of ``kind`` no deal reaches."""
    from rommikirja import practice

    out = []
    for seed in seeds:
        q = practice.question(kind, seed, rules_data)
        problems = question_problems(q)
        if problems:
            out.append((seed, problems))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Check the kinds the pages use (kind, shipped rule set) over ``SEEDS`` seeds (default 300)."""
    from .scenario import load_rulesets

    args = list(sys.argv[1:] if argv is None else argv)
    seeds = range(int(args[0]) if args else 300)
    rulesets = load_rulesets()
    pairs = (
        [("pisteet", g) for g in ("perusrommi", "rommi", "rommi51")]
        + [("kelpaako", g) for g in ("perusrommi", "gin", "rommi51")]
        + [
            ("lisaa", "perusrommi"),
            ("lisaa", "rommi"),
            ("jarjesta", "gin"),
            ("koputus", "gin"),
            ("nostopakka", "perusrommi"),
            ("nostopakka", "rommi"),
            ("avaus", "rommi51"),
        ]
    )
    bad = 0
    for kind, game in pairs:
        found = unreachable(kind, rulesets[game].as_mapping(), seeds)
        bad += len(found)
        print(f"{kind} ({game}): {len(found)} / {len(seeds)} kysymystä ei ole mahdollisia asetelmia")
        for seed, problems in found[:3]:
            print(f"  siemen {seed}: {problems[0]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
