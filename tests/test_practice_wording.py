"""What the practice feedback says (issue: a reader who cannot answer learns why). Own rule sets,
not the shipped presets."""

from rommikirja.practice import check, question, solution
from rommikirja.rules import RuleSet

BASE = RuleSet().as_mapping()
MINUS = {**BASE, "name": "koe-miinus", "scoring": "own_hand_minus"}
PENALTY = {**BASE, "name": "koe-sakko", "scoring": "penalty", "unopened_penalty": 77}
TWO_DECKS = {
    **BASE,
    "name": "koe-51",
    "decks": 2,
    "jokers": 4,
    "opening_points": 51,
    "opening_pure_run": True,
    "scoring": "penalty",
    "ace": "high_or_low",
}


def test_points_feedback_names_the_unit_and_ends_sentences():
    for seed in range(1, 25):
        q = question("pisteet", seed, BASE)
        sol = solution(q)
        assert all(line.endswith(".") for line in sol["lines"]), sol["lines"]
        wrong = check(q, {"points": str(sol["points"] + 1)})["message"]
        # a wrong answer teaches how to count but leaves the answer to "Näytä ratkaisu"
        assert wrong.startswith(f"Väärin: {sol['points'] + 1} on liian suuri vastaus. Vihje: "), wrong
        assert str(sol["points"]) not in wrong.replace(str(sol["points"] + 1), "")
        low = check(q, {"points": str(sol["points"] - 1)})["message"]
        assert "liian pieni" in low and "Ei aivan" not in low


def test_penalty_and_minus_points_are_answered_as_counts():
    for rules, unit in ((PENALTY, "sakkopiste"), (MINUS, "miinuspiste")):
        for seed in range(1, 25):
            q = question("pisteet", seed, rules)
            sol = solution(q)
            if sol["points"] == 0:
                continue
            msg = check(q, {"points": "12345"})["message"]
            assert msg.startswith("Väärin: 12345 on liian suuri vastaus. Vihje: "), msg
            assert str(abs(sol["points"])) not in msg.replace("12345", "")
            right = check(q, {"points": str(abs(sol["points"]))})
            n = abs(sol["points"])
            assert right["correct"] and f"{n} {unit if n == 1 else unit + 'ttä'}." in right["message"]


def test_not_having_opened_is_shown_only_where_it_changes_the_score():
    for seed in range(1, 25):
        assert "opened" not in question("pisteet", seed, MINUS)
        assert "opened" in question("pisteet", seed, PENALTY)


def test_invalid_meld_reads_as_sentences():
    lines = [solution(question("kelpaako", s, BASE))["lines"][0] for s in range(1, 40)]
    invalid = [line for line in lines if line.startswith("Ei kelpaa")]
    assert invalid and all(line.startswith("Ei kelpaa yhdistelmäksi. ") for line in invalid)
    assert not any("Ei kelpaa: " in line for line in lines)


def test_wrong_cards_are_listed_in_the_hands_order():
    for seed in range(1, 40):
        q = question("lisaa", seed, BASE)
        sol = solution(q)
        wrong = [c for c in q["hand"] if c not in sol["cards"]]
        if len(wrong) >= 2:
            break
    msg = check(q, {"cards": list(reversed(wrong))})["message"]
    labels = [q["faces"][c]["name"] for c in wrong]
    first = msg.lower()
    assert first.index(labels[0]) < first.index(labels[1]), msg


def test_opening_hint_does_not_give_the_answer_away():
    for seed in range(1, 30):
        q = question("avaus", seed, TWO_DECKS)
        sol = solution(q)
        if not sol["can_open"]:
            continue
        msg = check(q, {"cards": q["hand"][:2]})["message"]
        assert sol["lines"][0] not in msg
        assert f"paras avaus on {sol['points']} pistettä" in msg, msg
        return
    raise AssertionError("no openable hand in 30 seeds")


def _fixed(name):
    from fixed_rules import FIXED

    return FIXED[name].as_mapping()


def test_a_yes_no_answer_is_called_wrong_not_almost_right():
    for seed in range(1, 30):
        q = question("kelpaako", seed, BASE)
        sol = solution(q)
        msg = check(q, {"valid": not sol["valid"]})["message"]
        assert msg.startswith("Väärin. ") and "Ei aivan" not in msg, msg


def test_missed_cards_to_lay_off_are_counted_not_named():
    for seed in range(1, 60):
        q = question("lisaa", seed, BASE)
        sol = solution(q)
        if sol["cards"]:
            break
    msg = check(q, {"cards": []})["message"]
    assert msg.startswith("Väärin. ") and "valitsematta" in msg
    assert not any(q["faces"][c]["name"] in msg.lower() for c in sol["cards"]), msg


def test_gin_arrangement_names_the_melds_and_continues_a_sentence_in_lower_case():
    gin = _fixed("gin")
    q = question("jarjesta", 3, gin)
    sol = solution(q)
    assert sol["melds"] and sol["lines"][0].startswith(("Yhdistelmä: ", "Yhdistelmät: "))
    for code in sol["melds"][0]:
        assert q["faces"][code]["name"] in sol["lines"][0]
    assert sol["lines"][-1].startswith(("Irtokortit: ", "Irtokortteja ei jää"))
    # a meld with a gap: the engine's reason continues after the cards' names in lower case
    bad = ["AS", "2S", "4S"]
    q2 = {**q, "hand": sorted(set(q["hand"]) | set(bad))}
    msg = check(q2, {"melds": [bad]})["message"]
    head, _, reason = msg.partition(": ")
    assert reason[:1].islower(), msg


def test_knock_result_wants_a_scorer_and_hints_without_the_points():
    gin = _fixed("gin")
    q = question("koputus", 2, gin)
    sol = solution(q)
    assert check(q, {"points": "5"})["message"] == "Valitse ensin, kuka saa pisteet."
    other = "defender" if sol["scorer"] == "knocker" else "knocker"
    for answer in ({"scorer": other, "points": str(sol["points"])}, {"scorer": sol["scorer"], "points": "999"}):
        msg = check(q, answer)["message"]
        assert msg.startswith("Väärin: ") and "Vihje: " in msg, msg
        assert f" {sol['points']} " not in msg.replace("999", "")


def test_one_meld_short_of_the_opening_is_singular():
    r51 = _fixed("rommi51")
    q = {
        "kind": "avaus",
        "hand": ["4S", "5S", "6S", "9H", "KD", "QC", "2H", "3D", "8C", "JH", "7D", "AS", "10C", "JK"],
        "rules": r51,
        "seed": 0,
    }
    msg = check(q, {"cards": ["4S", "5S", "6S"]})["message"]
    assert msg.startswith("Yhdistelmä (") and ") on 15 pistettä;" in msg, msg


def test_engine_and_page_scripts_use_the_glossarys_gin_terms():
    """The glossary says irtokorttipisteet (and puolustaja): no reader-visible text in the engine or
    the page scripts says irtopisteet, or calls the defender vastustaja in the knock widget."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    glossary = (root / "templates" / "pages" / "sanasto.md.j2").read_text(encoding="utf-8")
    assert "irtokorttipisteitä" in glossary and "**puolustaja**" in glossary
    sources = sorted((root / "engine" / "rommikirja").rglob("*.py")) + sorted((root / "docs" / "assets").glob("*.js"))
    assert sources
    for path in sources:
        text = path.read_text(encoding="utf-8").lower()
        assert "irtopiste" not in text, path
    widget = (root / "engine" / "rommikirja" / "app" / "practice" / "koputus.py").read_text(encoding="utf-8")
    assert "(vastustaja)" not in widget and "(puolustaja)" in widget


def test_gin_practice_counts_the_ace_as_the_rule_set_says():
    """With an ace worth 11 points, the arrangement and knock widgets count it so in the solution
    and in checking an answer (the solver's default counts it as one)."""
    from rommikirja.cards import parse_card
    from rommikirja.solver import best_arrangement

    gin11 = {**_fixed("gin"), "ace_points": 11}
    rules = RuleSet.from_mapping(gin11)
    for seed in range(200):
        q = question("jarjesta", seed, gin11)
        sol = solution(q)
        dead = best_arrangement([parse_card(c) for c in q["hand"]], rules)
        if any(c.rank == 1 for c in dead.deadwood):
            break
    assert sol["deadwood"] == dead.deadwood_points
    assert check(q, {"melds": sol["melds"]})["correct"], check(q, {"melds": sol["melds"]})
    k = question("koputus", 2, gin11)
    ksol = solution(k)
    assert ksol["knocker_deadwood"] == best_arrangement([parse_card(c) for c in k["knocker"]], rules).deadwood_points


def test_a_player_who_never_opened_holds_a_whole_hand():
    """An unopened player has melded nothing: their hand at the end is a whole dealt hand."""
    rules = RuleSet.from_mapping(TWO_DECKS)
    unopened = 0
    for seed in range(1, 60):
        q = question("pisteet", seed, TWO_DECKS)
        for p, hand in enumerate(q["hands"]):
            if p != q["winner"] and not q["opened"][p]:
                unopened += 1
                assert len(hand) == rules.hand_size_for(len(q["players"])), (seed, p, hand)
    assert unopened
