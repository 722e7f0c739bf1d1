"""What the practice feedback says (issue: a reader who cannot answer learns why). Own rule sets,
not the shipped presets."""
from rommikirja.practice import check, question, solution
from rommikirja.rules import RuleSet

BASE = RuleSet().as_mapping()
MINUS = {**BASE, "name": "koe-miinus", "scoring": "own_hand_minus"}
PENALTY = {**BASE, "name": "koe-sakko", "scoring": "penalty", "unopened_penalty": 77}
TWO_DECKS = {**BASE, "name": "koe-51", "decks": 2, "jokers": 4, "opening_points": 51,
             "opening_pure_run": True, "scoring": "penalty", "ace": "high_or_low"}


def test_points_feedback_names_the_unit_and_ends_sentences():
    for seed in range(1, 25):
        q = question("pisteet", seed, BASE)
        sol = solution(q)
        assert all(line.endswith(".") for line in sol["lines"]), sol["lines"]
        wrong = check(q, {"points": str(sol["points"] + 1)})["message"]
        assert f"oikea vastaus on {sol['points']} pistettä." in wrong


def test_penalty_and_minus_points_are_answered_as_counts():
    for rules, unit in ((PENALTY, "sakkopiste"), (MINUS, "miinuspiste")):
        for seed in range(1, 25):
            q = question("pisteet", seed, rules)
            sol = solution(q)
            if sol["points"] == 0:
                continue
            msg = check(q, {"points": "12345"})["message"]
            n = abs(sol["points"])
            assert f"oikea vastaus on {n} {unit if n == 1 else unit + 'ttä'}." in msg, msg
            assert "−" not in msg.split(".")[0].split("oikea")[1]
            assert check(q, {"points": str(abs(sol["points"]))})["correct"]


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
    labels = [q["labels"][c] for c in wrong]
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
