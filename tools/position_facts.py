"""The facts of reachability: whether a position (a scenario's starting position, a practice
question's deal) is one a real deal can reach.

The engine checks every move, but a ``setup:`` is typed by hand, and a hand can
be typed that no deal produces: two cards in a hand that never melded, a Rommi 51
table with no legal opening, a score doubled for a "rummy" that could not be one.
:func:`position_problems` says which fact of a :class:`Position` is impossible (for a scenario's
``setup:``, :func:`tools.reachable.check_position`; for a practice question,
:mod:`tools.practice_reach`). The facts used, for a position at the start of a turn:

- **hand sizes**: every completed turn is one draw and one discard, so a player
  holds the deal size minus the cards they have put on the table (more only by
  a "Rommi!" claim); an empty hand would have ended the deal;
- **the table**: the cards missing from all hands are exactly the table's cards;
  the owner of a meld put at least three of its cards there; a player who put
  cards on the table has played (``has_played``), one who did not has not — so a
  rummy (a hand emptied in one turn, doubled under ``rummy_doubling``) needs a
  full hand that never melded;
- **the opening** (``opening_points``, Rommi 51): an opened player's own melds
  must hold a first opening worth the rule's points, with a pure run when the
  rule asks for one; an unopened player has put nothing on the table;
- **the discard pile** is never empty at the start of a turn (the previous player
  discarded), except before the first turn of a game without an upcard;
- **the deck**: no card twice beyond the deck count, no jokers in a game without; every card is
  somewhere: hands + table + discard pile + stock hold the whole deck (the stock's size given as
  ``stock_size`` or inferred, :mod:`tools.scenario.piles`), and no move brings a card into play
  that the setup does not list;
- **gin**: both hands hold the deal size; while the upcard is offered, the
  discard pile is that one card; a stock of ``void_stock`` cards or fewer would
  have voided the deal; in Block Rummy an empty stock would have ended it;
- **lay-offs before one's own meld** (``lay_off_before_meld: false``): a player who
  played owns a meld;
- **the game**: the totals before the deal must not already have ended the game.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from rommikirja import Card, RuleSet
from rommikirja.finnish import card_name, count, join_list, player_name
from rommikirja.melds import Meld, MeldKind, meld_points
from rommikirja.rules import RuleSetError
from rommikirja.scoring import GameTotals

from .scenario.piles import deck_problem

__all__ = ["Position", "position_problems"]


class Position:
    """The facts of a ``setup:`` that reachability looks at (plain values, with source lines)."""

    def __init__(
        self,
        names: Sequence[str],
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        discard: Sequence[Card],
        table: Sequence[tuple[int, Meld]],
        turn: int,
        dealer: int | None,
        played: Iterable[int],
        phase: str = "draw",
        totals: Sequence[int] = (),
        deals_played: int = 0,
        lines: dict[str, int] | None = None,
        piles: Any = None,
        winner: int | None = None,
        table_known: bool = True,
        piles_known: bool = True,
    ) -> None:
        self.names = list(names)
        self.hands = [tuple(h) for h in hands]
        self.stock = tuple(stock)
        self.discard = tuple(discard)
        self.table = list(table)
        self.turn = turn
        self.dealer = dealer
        self.played = set(played) | {owner for owner, _ in table}
        self.listed_played = set(played)
        self.phase = phase
        self.totals = tuple(totals)
        self.deals_played = deals_played
        self.lines = lines or {}
        self.piles = piles  # the setup's pile sizes (tools.scenario.piles.Piles), if known
        # a practice question shows less than a setup (tools.practice_reach): the deal may be over
        # (``winner`` went out, the others hold what they were left with), the table or the two
        # piles may not be shown, and the checks that need them are left out
        self.winner = winner
        self.table_known = table_known
        self.piles_known = piles_known

    @property
    def players(self) -> int:
        return len(self.hands)

    def line(self, key: str) -> int | None:
        """The source line of a setup key (``hands[1]`` = the second hand), else of the setup."""
        if key.startswith("hands[") and key not in self.lines:
            key = "hands"
        return self.lines.get(key) or self.lines.get("setup")


def _who(pos: Position, i: int, case: str = "nom") -> str:
    name = pos.names[i]
    try:
        return player_name(name, case)
    except ValueError:  # an unknown name is reported elsewhere; keep the message readable
        return name


def _cards(n: int) -> str:
    return count(n, "kortti", digits=True)


def _object_cards(n: int) -> str:
    """Cards as the object of a finished act: *5 korttia*, but *yhden kortin*."""
    return count(n, "kortti", "gen") if n == 1 else _cards(n)


def position_problems(pos: Position, rules: RuleSet) -> list[tuple[str, str]]:
    """Why no deal under ``rules`` reaches ``pos``: (setup key for the line, Finnish message)."""
    problems: list[tuple[str, str]] = []
    problems += _deck_problems(pos, rules)
    try:
        size = rules.hand_size_for(pos.players)
    except RuleSetError:
        problems.append(("hands", f"säännöissä ei ole jakokokoa {pos.players} pelaajalle"))
        return problems
    if rules.style == "knock":
        problems += _gin_problems(pos, rules, size)
    else:
        problems += _rummy_problems(pos, rules, size)
    problems += _game_problems(pos, rules)
    return problems


def _deck_problems(pos: Position, rules: RuleSet) -> list[tuple[str, str]]:
    out = []
    zones: list[tuple[str, Sequence[Card]]] = [("hands", h) for h in pos.hands]
    zones += [("stock", pos.stock), ("discard", pos.discard)] + [("table", m.cards) for _, m in pos.table]
    seen: set[Card] = set()
    for key, cards in zones:
        for c in cards:
            if c.is_joker and rules.jokers == 0:
                out.append((key, "tässä pelissä ei ole jokereita, mutta asetelmassa on jokeri"))
            elif c.is_joker and c.deck >= rules.jokers:
                out.append((key, f"pelissä on {count(rules.jokers, 'jokeri')}; jokeria {c.code} ei ole"))
            elif not c.is_joker and c.deck >= rules.decks:
                out.append((key, f"pelissä on {count(rules.decks, 'pakka')}; korttia {c.code} ei ole"))
            elif c in seen:
                out.append((key, f"{card_name(c)} on asetelmassa kahdesti, mutta pakassa vain kerran"))
            seen.add(c)
    if pos.piles is not None:
        table = sum(len(m.cards) for _, m in pos.table)
        problem = deck_problem(pos.piles, sum(len(h) for h in pos.hands), table)
        if problem is not None:
            out.append(("stock_size" if "stock_size" in pos.lines else "stock", problem))
    return out


def _gin_problems(pos: Position, rules: RuleSet, size: int) -> list[tuple[str, str]]:
    out = []
    for i, hand in enumerate(pos.hands):
        if len(hand) != size:
            out.append(
                (
                    f"hands[{i}]",
                    f"{_who(pos, i, 'gen')} kädessä on {_cards(len(hand))}; gin-rommissa "
                    f"kummallakin on vuoron alussa aina {_cards(size)}",
                )
            )
    if pos.phase == "offer" and len(pos.discard) != 1:
        out.append(
            (
                "discard",
                f"avokortti tarjotaan ennen ensimmäistä vuoroa, jolloin poistopakassa on "
                f"vain se; asetelmassa poistopakassa on {_cards(len(pos.discard))}",
            )
        )
    if pos.piles_known and pos.phase == "draw" and not pos.discard:
        out.append(("discard", "poistopakka on tyhjä, vaikka edellinen vuoro päättyi poistoon"))
    if pos.piles_known and len(pos.stock) <= rules.void_stock:
        out.append(
            (
                "stock",
                f"nostopakassa on {_cards(len(pos.stock))}; jako olisi mitätöity jo edellisen "
                f"vuoron lopussa, kun nostopakkaan jäi enintään {_cards(rules.void_stock)}",
            )
        )
    return out


def _pure_run_core(meld: Meld) -> bool:
    """Could this meld have started as a run of three natural cards (no joker)?"""
    if meld.kind is not MeldKind.RUN:
        return False
    streak = 0
    for c in meld.cards:
        streak = 0 if c.is_joker else streak + 1
        if streak >= 3:
            return True
    return False


def _rummy_problems(pos: Position, rules: RuleSet, size: int) -> list[tuple[str, str]]:
    out = []
    claims = rules.rommi_claim  # a "Rommi!" claim adds a card out of turn
    on_table = sum(len(m.cards) for _, m in pos.table)
    owned = {i: [m for owner, m in pos.table if owner == i] for i in range(pos.players)}
    put = [size - len(h) for h in pos.hands]
    for i, hand in enumerate(pos.hands):
        who, gen = _who(pos, i), _who(pos, i, "gen")
        if not hand and i == pos.winner:
            continue
        if not hand:
            out.append((f"hands[{i}]", f"{gen} käsi on tyhjä: jako olisi päättynyt, kun hänen korttinsa loppuivat"))
            continue
        if put[i] < 0 and not claims:
            out.append(
                (
                    f"hands[{i}]",
                    f"{gen} kädessä on {_cards(len(hand))}, mutta jaossa jaetaan "
                    f"{_cards(size)}, eikä käsi kasva vuoron alkuun mennessä (jokainen "
                    "nosto poistetaan)",
                )
            )
            continue
        if put[i] > 0 and i not in pos.played:
            doubling = (
                ", joten hänen ulosmenonsa laskettaisiin rommiksi ja pisteet tuplattaisiin, vaikka "
                "rommiin tarvitaan koko jaettu käsi"
                if rules.rummy_doubling
                else ""
            )
            out.append(
                (
                    f"hands[{i}]",
                    f"{gen} kädessä on {_cards(len(hand))}, vaikka jaossa jaetaan "
                    f"{_cards(size)}: hän on siis pannut pöytään {_object_cards(put[i])}, "
                    f"mutta häntä ei ole merkitty pelanneeksi (has_played){doubling}",
                )
            )
        if put[i] == 0 and i in pos.played and not claims and pos.table_known:
            what = "omistaa pöydän yhdistelmän" if owned[i] else "on merkitty pelanneeksi (has_played)"
            out.append(
                (
                    "has_played" if i in pos.listed_played else "table",
                    f"{who} {what}, mutta hänellä on yhä koko jaettu käsi "
                    f"({_cards(size)}); pöytään pelaaminen olisi pienentänyt kättä",
                )
            )
        if owned[i] and put[i] < 3 * len(owned[i]) and not claims:
            out.append(
                (
                    "table",
                    f"{gen} omissa yhdistelmissä on pöydällä vähintään "
                    f"{_cards(3 * len(owned[i]))}, mutta hänen kädestään puuttuu jakoon "
                    f"verrattuna vain {_cards(max(put[i], 0))}",
                )
            )
    if not pos.table_known:
        return out
    if not rules.lay_off_before_meld:
        for i in sorted(pos.played):
            if not owned[i]:
                out.append(
                    (
                        "table",
                        f"{_who(pos, i)} on pelannut pöytään, mutta hänellä ei ole omaa "
                        "yhdistelmää, eikä tässä pelissä saa lisätä kortteja ennen omaa "
                        "yhdistelmää",
                    )
                )
    if pos.piles_known and not pos.stock and rules.stock_exhausted == "block":
        out.append(
            ("stock", "nostopakka on tyhjä vuoron alussa, mutta blokkirommissa jako päättyy, kun nostopakka loppuu")
        )
    missing = sum(max(p, 0) for p in put)
    if missing > on_table or (missing < on_table and not claims):
        parts = join_list([f"{_who(pos, i, 'gen')} {max(p, 0)}" for i, p in enumerate(put)])
        text = (
            f"käsistä puuttuu jakoon verrattuna yhteensä {_cards(missing)} ({parts}), "
            f"mutta pöydällä on {_cards(on_table)}: kortit eivät täsmää"
        )
        # one hand whose count explains the difference: name it, at its line, and drop what the
        # same wrong count made the checks above say about that player (one error, not two)
        own_cards = [sum(len(m.cards) for m in owned[i]) for i in range(pos.players)]
        suspects = [i for i in range(pos.players) if put[i] < own_cards[i]] if missing < on_table else []
        if len(suspects) == 1:
            i = suspects[0]
            extra = on_table - missing
            key = f"hands[{i}]"
            said = [m for k, m in out if k == "table" and _who(pos, i, "gen") in m]
            if said:  # the owner check above said it: at the hand's line, once
                out = [(k, m) for k, m in out if m not in said] + [(key, m) for m in said]
            elif not any(k == key for k, _ in out):  # else that hand's own message says it
                how = f"{_cards(abs(extra))} {'liikaa' if extra > 0 else 'liian vähän'}"
                out.append(
                    (
                        key,
                        f"{_who(pos, i, 'gen')} kädessä on {_cards(len(pos.hands[i]))}, mikä on "
                        f"pöydän kortteihin verrattuna {how}: {text}; tarkista tämän käden kortit",
                    )
                )
        else:
            out.append(("table", text))
    if rules.opening_points > 0:
        for i in sorted(pos.played):
            who = _who(pos, i)
            melds = owned[i]
            if not melds:
                out.append(
                    (
                        "opened",
                        f"{who} on avannut, mutta hänellä ei ole pöydässä yhtään omaa "
                        f"yhdistelmää; avaus pelataan omina yhdistelminä (vähintään "
                        f"{count(rules.opening_points, 'piste', 'gen')})",
                    )
                )
                continue
            best = sum(meld_points(m) for m in melds)
            if best < rules.opening_points:
                out.append(
                    (
                        "table",
                        f"{_gen_of(pos, i)} omat yhdistelmät ovat yhteensä "
                        f"{count(best, 'piste', digits=True)}, mutta avaukseen tarvitaan "
                        f"vähintään {rules.opening_points}: avausta ei ole voinut tapahtua",
                    )
                )
            if rules.opening_pure_run and not any(_pure_run_core(m) for m in melds):
                out.append(
                    (
                        "table",
                        f"{_gen_of(pos, i)} omissa yhdistelmissä ei ole puhdasta suoraa "
                        "(kolme peräkkäistä korttia ilman jokeria), joten avaus ei ole voinut "
                        "tapahtua",
                    )
                )
    if pos.piles_known and not pos.discard:
        first_turn = (
            not rules.upcard
            and not pos.table
            and all(p == 0 for p in put)
            and (pos.dealer is None or pos.turn == (pos.dealer + 1) % pos.players)
        )
        if not first_turn and rules.stock_exhausted != "last_round":
            why = (
                "aloituskortti käännetään poistopakkaan jaon jälkeen"
                if rules.upcard
                else "vain ensimmäisen vuoron alussa poistopakka on tyhjä"
            )
            out.append(
                ("discard", f"poistopakka on tyhjä vuoron alussa, vaikka edellinen vuoro päättyi poistoon ({why})")
            )
    return out


def _gen_of(pos: Position, i: int) -> str:
    return _who(pos, i, "gen")


def _game_problems(pos: Position, rules: RuleSet) -> list[tuple[str, str]]:
    if not pos.totals or not any(pos.totals) and pos.deals_played == 0:
        return []
    try:
        over = GameTotals.start(pos.players, pos.totals, pos.deals_played).is_over(rules)
    except Exception:  # malformed totals are reported by the scenario reader
        return []
    if over:
        return [
            (
                "totals",
                "peli olisi päättynyt jo ennen tätä jakoa (yhteispisteet tai jakojen määrä "
                "täyttävät pelin päättymisehdon)",
            )
        ]
    return []
