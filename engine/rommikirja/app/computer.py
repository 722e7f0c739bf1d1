"""Computer players for every game: "aloittelija" (beginner), "taitava" (strong), and uniform
random play for benchmarks.

A :class:`Computer` looks at a deal only through its public API (``hand``, ``discard``,
``table``, ``events``, ``legal_moves()``, ``is_legal()``) and the facts every player at the
table sees (its own hand, the discard pile, what the others took from it). It never looks at
another hand or at the stock. Each decision is a pure function of the position, the level and
the computer's seed (its own :class:`random.Random`, seeded from the seed and the position), so
the same game replays move for move under CPython and Pyodide.

The strong level uses the exact solvers: in gin the best discard
(:func:`rommikirja.solver.best_discard_mask`) scored by the deadwood expected after the next
draw from the cards it has not seen, a knock as soon as the rules allow it (gin when it can),
spread the way that scores best against the defender's best lay-offs (a knock without melds: the
engine's :func:`rommikirja.knock.knock_arrangement`, the first of :func:`rommikirja.knock.knock_options`);
in the rummy games meld planning with the exact packing search of
:mod:`rommikirja.opening` (also the Rommi 51 opening) and lay-offs onto every table meld.

>>> from rommikirja.rules import RuleSet
>>> from rommikirja.games import new_deal
>>> rules = RuleSet(style="knock", hand_size=((2, 10),), max_players=2, upcard_offer=True)
>>> deal = new_deal(rules, 2, seed=5)
>>> bot = Computer("taitava", seed=1)
>>> while not deal.is_over:
...     deal.play(bot.choose(deal))
>>> deal.outcome.kind in ("knock", "gin", "void")
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Sequence

from ..cards import Card, standard_deck
from ..deal import DISCARD, STOCK, Claim, Discard, Draw, LayOff, Move, Open, Pass, PlayMeld, RejectExposed
from ..finnish import card_name, cards_text, count
from ..gin import GinDeal, GinPhase, Knock
from ..melds import check_meld, meld_points
from ..opening import best_opening
from ..rules import RuleSet
from ..solver import best_arrangement, best_discard_mask, cards_of, mask_of, min_deadwood_mask

__all__ = ["LEVELS", "RANDOM", "Computer", "level_label", "hint"]

#: The levels a reader can play against, with their Finnish names.
LEVELS: dict[str, str] = {"aloittelija": "Aloittelija", "taitava": "Taitava"}
#: Uniform random play among the legal moves (benchmarks only).
RANDOM = "satunnainen"


def level_label(level: str) -> str:
    """The level's Finnish name, e.g. *Taitava*."""
    return LEVELS.get(level, "Satunnainen")


@dataclass(frozen=True)
class Computer:
    """A computer player of ``level`` ("aloittelija", "taitava" or "satunnainen")."""

    level: str = "taitava"
    seed: int | str = 0

    def __post_init__(self) -> None:
        if self.level not in LEVELS and self.level != RANDOM:
            raise ValueError(f"tuntematon taso ”{self.level}”; sallitut: {', '.join(LEVELS)}")

    def rng(self, deal: Any) -> random.Random:
        """This decision's random numbers: the same seed and position give the same choice."""
        return random.Random(f"{self.seed}:{self.level}:{deal.turn}:{deal.turns}:{len(deal.events)}")

    def choose(self, deal: Any) -> Move:
        """The move this player makes now for the player in turn (``deal`` must not be over)."""
        rng = self.rng(deal)
        if self.level == RANDOM:
            moves = [m for m in deal.legal_moves() if not isinstance(m, Claim)]
            return rng.choice(moves)
        choice = _gin_choice if deal.MELDS_IN_HAND else _rummy_choice
        return choice(deal, self.level == "taitava", rng)


# -- gin -------------------------------------------------------------------------------------


def _gin_unseen(deal: GinDeal) -> tuple[list[int], set[Card]]:
    """Bits of the cards the player in turn has not seen, and the cards the opponent is known to hold."""
    me = deal.turn
    known: set[Card] = set()
    for e in deal.events:
        if e.player != me and e.cards:
            if e.kind == "draw_discard":
                known.add(e.cards[0])
            elif e.kind == "discard":
                known.discard(e.cards[0])
    seen = set(deal.hands[me]) | set(deal.discard) | known
    return [mask_of((c,)) for c in standard_deck(1) if c not in seen], known


def _expected_after_draw(mask: int, unseen: Sequence[int], ace: int) -> float:
    """The least deadwood to be expected after drawing one unseen card and discarding the best one
    (an ace worth ``ace`` points)."""
    if not unseen:
        return float(min_deadwood_mask(mask, ace)[0])
    return sum(best_discard_mask(mask | u, 0, ace)[0] for u in unseen) / len(unseen)


def _danger(card: Card, known: Iterable[Card]) -> int:
    """How much a discard may help the opponent: it matches a card they took from the pile."""
    score = 0
    for k in known:
        if k.rank == card.rank:
            score += 3
        elif k.suit is card.suit and abs(k.rank - card.rank) <= 2:
            score += 2
    return score


def _gin_take_discard(deal: GinDeal, strong: bool) -> bool:
    hand = deal.hand
    top = deal.discard[-1]
    mask = mask_of(hand)
    take_bit = mask_of((top,))
    ace = deal.rules.ace_points
    after = best_discard_mask(mask | take_bit, take_bit, ace)[0]
    if not strong:
        arr = best_arrangement(list(hand) + [top], deal.rules)
        return top not in arr.deadwood and after < min_deadwood_mask(mask, ace)[0]
    unseen, _ = _gin_unseen(deal)
    return after < _expected_after_draw(mask, unseen, ace)


def _gin_discard(deal: GinDeal, strong: bool, rng: random.Random) -> Card:
    hand = list(deal.hand)
    taken = deal.taken_from_discard
    allowed = [c for c in hand if c != taken]
    mask = mask_of(hand)
    ace = deal.rules.ace_points
    if not strong:
        arr = best_arrangement(hand, deal.rules)
        dead = [c for c in arr.deadwood if c != taken]
        if not dead:
            forbidden = mask_of((taken,)) if taken else 0
            return cards_of(best_discard_mask(mask, forbidden, ace)[2])[0]
        return _beginner_pick(dead, deal.rules, rng)
    unseen, known = _gin_unseen(deal)
    now = {c: min_deadwood_mask(mask ^ mask_of((c,)), ace)[0] for c in allowed}
    least = min(now.values())
    best: tuple[float, int, int] | None = None
    choice = allowed[0]
    for c in allowed:
        if now[c] > least + 10:
            continue
        score = (_expected_after_draw(mask ^ mask_of((c,)), unseen, ace) + 0.5 * _danger(c, known), now[c], -c.rank)
        if best is None or score < best:
            best, choice = score, c
    return choice


def _beginner_pick(cards: Sequence[Card], rules: RuleSet, rng: random.Random) -> Card:
    """A beginner's discard among cards that fit nothing: usually the highest, but every other
    time a card picked at random (the higher its value, the likelier)."""
    if rng.random() < 0.5:
        top = max(rules.card_points(c.rank) for c in cards)
        return rng.choice([c for c in cards if rules.card_points(c.rank) == top])
    return rng.choices(list(cards), weights=[rules.card_points(c.rank) for c in cards])[0]


def _gin_choice(deal: GinDeal, strong: bool, rng: random.Random) -> Move:
    phase = deal.phase
    if phase is GinPhase.OFFER:
        return Draw(DISCARD) if _gin_take_discard(deal, strong) else Pass()
    if phase is GinPhase.FORCED:
        return Draw(STOCK)
    if phase is GinPhase.DRAW:
        if deal.discard and _gin_take_discard(deal, strong) or not deal.stock:
            return Draw(DISCARD)
        return Draw(STOCK)
    # discard or knock
    mask = mask_of(deal.hand)
    forbidden = mask_of((deal.taken_from_discard,)) if deal.taken_from_discard else 0
    dw, _, low = best_discard_mask(mask, forbidden, deal.rules.ace_points)
    if dw <= deal.rules.knock_limit:
        # the least deadwood: gin when it can, else knock as soon as the rules allow it
        knock = Knock(cards_of(low)[0])
        if deal.is_legal(knock):
            return knock
    return Discard(_gin_discard(deal, strong, rng))


# -- rummy games -----------------------------------------------------------------------------


@lru_cache(maxsize=32)
def _planning_rules(rules: RuleSet) -> RuleSet:
    """The rule set for meld planning: the packing search without an opening threshold."""
    return rules.with_options(opening_points=0, opening_pure_run=False)


def _plan(hand: Sequence[Card], rules: RuleSet):
    """The melds that lay down the most points, keeping a card for the discard (or ``None``)."""
    return best_opening(hand, _planning_rules(rules))


def _can_lay_off(deal: Any, card: Card) -> bool:
    return any(deal.is_legal(LayOff((card,), i)) for i in range(len(deal.table)))


def _fits_meld_with_hand(card: Card, hand: Sequence[Card], rules: RuleSet) -> bool:
    """Whether ``card`` and two cards of the hand form a meld right away."""
    for i, a in enumerate(hand):
        for b in hand[i + 1 :]:
            if check_meld((a, b, card), rules) is None:
                return True
    return False


def _links(card: Card, hand: Sequence[Card]) -> int:
    """How many cards of the hand could make a meld with ``card`` (same rank, or near in the suit)."""
    if card.is_joker:
        return 10
    n = 0
    for c in hand:
        if c is card or c == card:
            continue
        if c.is_joker:
            n += 1
        elif c.rank == card.rank and c.suit is not card.suit:
            n += 1
        elif c.suit is card.suit and 0 < abs(c.rank - card.rank) <= 2:
            n += 1
    return n


def _rummy_take_discard(deal: Any, strong: bool) -> bool:
    top = deal.discard[-1]
    hand = list(deal.hand)
    rules = deal.rules
    if not strong:
        return _fits_meld_with_hand(top, hand, rules)
    if deal.rules.must_open(deal.opened[deal.turn]):
        before = best_opening(hand, rules)
        after = best_opening(hand + [top], rules)
        if after is not None and (before is None or after.points > before.points):
            return True
        plan_before, plan_after = _plan(hand, rules), _plan(hand + [top], rules)
        return (
            plan_after is not None
            and top in plan_after.cards
            and (plan_before is None or plan_after.points > plan_before.points)
        )
    plan_before, plan_after = _plan(hand, rules), _plan(hand + [top], rules)
    if (
        plan_after is not None
        and top in plan_after.cards
        and (plan_before is None or plan_after.points > plan_before.points)
    ):
        return True
    if top.is_joker:
        return True
    return any(check_meld(tm.meld.cards + (top,), rules) is None for tm in deal.table) and (
        rules.lay_off_before_meld or any(tm.owner == deal.turn for tm in deal.table)
    )


def _rummy_discard(deal: Any, strong: bool, rng: random.Random) -> Card:
    hand = list(deal.hand)
    allowed = [c for c in hand if deal.is_legal(Discard(c))]
    if not allowed:  # cannot happen in a legal position; keep the engine's word for it
        return next(m.card for m in deal.legal_moves() if isinstance(m, Discard))
    rules = deal.rules
    if not strong:
        naturals = [c for c in allowed if not c.is_joker] or allowed
        return _beginner_pick(naturals, rules, rng)
    nxt = (deal.turn + 1) % deal.players
    wanted: set[Card] = set()
    for e in deal.events:
        if e.player == nxt and e.kind == "draw_discard":
            wanted.add(e.cards[0])
    plan = _plan(hand, rules)
    planned = set(plan.cards) if plan is not None else set()

    def cost(c: Card) -> tuple:
        fits_table = any(check_meld(tm.meld.cards + (c,), rules) is None for tm in deal.table)
        return (
            c in planned,
            c.is_joker,
            fits_table,
            _links(c, hand) * 4 + 2 * _danger(c, wanted) - rules.card_points(c.rank),
            rng.random(),
        )

    return min(allowed, key=cost)


def _rummy_choice(deal: Any, strong: bool, rng: random.Random) -> Move:
    phase = deal.phase.value
    if phase == "draw":
        if deal.exposed is not None:
            return Draw(STOCK)
        take = Draw(DISCARD)
        if deal.discard and deal.is_legal(take) and _rummy_take_discard(deal, strong):
            return take
        if deal.is_legal(Draw(STOCK)):
            return Draw(STOCK)
        if deal.is_legal(take):
            return (
                take
                if deal.final_turns is None or _fits_meld_with_hand(deal.discard[-1], list(deal.hand), deal.rules)
                else Pass()
            )
        if deal.is_legal(RejectExposed()):
            return RejectExposed()
        return Pass()
    # play phase: open, meld, lay off, then discard
    hand = list(deal.hand)
    if deal.rules.must_open(deal.opened[deal.turn]):
        best = best_opening(hand, deal.rules)  # the opening with the most points, if any
        if best is not None:
            opening = Open(tuple(tuple(m.cards) for m in best.melds))
            if deal.is_legal(opening):
                return opening
        return Discard(_rummy_discard(deal, strong, rng))
    if strong:
        plan = _plan(hand, deal.rules)
        if plan is not None:
            for meld in sorted(plan.melds, key=lambda m: -meld_points(m)):
                move = PlayMeld(tuple(meld.cards))
                if deal.is_legal(move):
                    return move
        planned = set(plan.cards) if plan is not None else set()
        layoffs = [m for m in deal.legal_moves() if isinstance(m, LayOff) and not planned.intersection(m.cards)]
        if layoffs:
            return max(
                layoffs, key=lambda m: (len(m.cards), sum(deal.rules.card_points(c.rank) for c in m.cards), -m.target)
            )
    else:
        for m in deal.legal_moves():
            if isinstance(m, PlayMeld):
                return m
        for m in deal.legal_moves():
            if isinstance(m, LayOff) and len(m.cards) == 1:
                return m
    return Discard(_rummy_discard(deal, strong, rng))


# -- hints -----------------------------------------------------------------------------------


def hint(deal: Any) -> tuple[Move, str]:
    """The strong player's move for the player in turn and one Finnish sentence saying why."""
    move = Computer("taitava", seed="vihje").choose(deal)
    return move, _reason(deal, move)


def _knock_rule(rules: Any) -> str:
    """When a gin player may knock, as a clause of a hint.

    >>> from rommikirja.rules import RuleSet
    >>> _knock_rule(RuleSet(knock_limit=10)), _knock_rule(RuleSet(knock_limit=1))
    ('koputtaa saa, kun irtokorttien arvo on enintään 10 pistettä', 'koputtaa saa, kun irtokorttien arvo on enintään 1 piste')
    >>> _knock_rule(RuleSet(knock_limit=0))
    'koputtaa saa vasta, kun kaikki kortit ovat yhdistelmissä'
    """
    if rules.knock_limit <= 0:
        return "koputtaa saa vasta, kun kaikki kortit ovat yhdistelmissä"
    return f"koputtaa saa, kun irtokorttien arvo on enintään {count(rules.knock_limit, 'piste', digits=True)}"


def _reason(deal: Any, move: Move) -> str:
    rules = deal.rules
    if deal.MELDS_IN_HAND:
        if isinstance(move, Knock):
            rest = [c for c in deal.hand if c != move.card]
            dw = min_deadwood_mask(mask_of(rest), rules.ace_points)[0]
            if dw == 0:
                return (
                    f"Poista {card_name(move.card)} kuvapuoli alaspäin ja julista gin: "
                    "kaikki muut kortit ovat yhdistelmissä."
                )
            return (
                f"Koputa poistamalla {card_name(move.card)}: irtokorttien arvo on "
                f"{count(dw, 'piste', digits=True)}, ja {_knock_rule(rules)}."
            )
        if isinstance(move, Discard):
            rest = [c for c in deal.hand if c != move.card]
            dw = min_deadwood_mask(mask_of(rest), rules.ace_points)[0]
            return (
                f"Poista {card_name(move.card)}: irtokorttien arvo on {count(dw, 'piste', digits=True)}, "
                "ja seuraava nosto tekee jäljelle jäävistä korteista todennäköisimmin yhdistelmän "
                f"({_knock_rule(rules)})."
            )
    if isinstance(move, Draw) and move.source == DISCARD:
        return f"Ota {card_name(deal.discard[-1], 'nom')} poistopakasta: se sopii yhdistelmään."
    if isinstance(move, Draw) and not deal.discard:  # (Rommi 51 deals no upcard)
        return "Nosta nostopakasta: poistopakka on tyhjä."
    if isinstance(move, Draw):
        return "Nosta nostopakasta: poistopakan päällimmäinen kortti ei sovi käteesi yhdistelmäksi."
    if isinstance(move, Pass):
        return "Passaa: avokortti ei sovi käteesi yhdistelmäksi."
    if isinstance(move, Open):
        best = best_opening(deal.hand, rules)
        pts = sum(meld_points(m) for m in best.melds) if best else 0
        return (
            f"Avaa: yhdistelmäsi ovat yhteensä {count(pts, 'piste', digits=True)}, ja avaukseen riittää "
            f"{count(rules.opening_points, 'piste', digits=True)}."
        )
    if isinstance(move, PlayMeld):
        return f"Pelaa pöytään {cards_text(move.cards)}: käteen jäävät pisteet pienenevät."
    if isinstance(move, LayOff):
        return f"Lisää {cards_text(move.cards)} pöydän yhdistelmään: käsi pienenee."
    if isinstance(move, Discard):
        return f"Poista {card_name(move.card)}: se ei sovi yhdistelmään muiden korttiesi kanssa ja on niistä arvokkain."
    return ""
