"""What a practice question tells the page: a prompt, blocks of text and cards, one generic input
control and the faces of its cards, for every kind and every fixed rule set it is shown with."""

import pytest

from rommikirja.app.practice.kinds import CONTROLS
from rommikirja.cards import parse_card
from rommikirja.faces import card_face, faces
from rommikirja.practice import KINDS, question, solution
from fixed_rules import FIXED
from test_practice import WIDGETS

BLOCK_KEYS = {"text", "strong", "cards", "melds", "css", "after", "prompt", "static", "items"}


def codes_of(blocks):
    for b in blocks:
        assert set(b) <= BLOCK_KEYS, b
        yield from b.get("cards", [])
        for m in b.get("melds", []):
            yield from m
        yield from codes_of(b.get("items", []))


@pytest.mark.parametrize("kind,game", WIDGETS)
def test_every_question_carries_its_presentation(kind, game):
    for seed in range(10):
        q = question(kind, seed, FIXED[game].as_mapping())
        assert q["input"]["control"] in CONTROLS and q["input"]["control"] == KINDS[kind].control
        assert q["prompt"].endswith(("?", ".")) and q["prompt"][0].isupper(), q["prompt"]
        assert sum(bool(b.get("prompt")) for b in q["show"]) <= 1
        shown = set(codes_of(q["show"])) | set(q["input"].get("cards", []))
        shown |= set(codes_of(solution(q).get("show", [])))
        assert shown and shown <= set(q["faces"]), (seed, shown - set(q["faces"]))
        # every card the reader must act on is on show, in a block or in the control
        assert set(q["input"].get("cards", [])) <= shown


def test_points_prompt_follows_the_scoring():
    prompts = {
        game: question("pisteet", 1, FIXED[game].as_mapping())["prompt"] for game in ("perusrommi", "rommi", "rommi51")
    }
    scoring = {game: FIXED[game].scoring for game in prompts}
    for game, prompt in prompts.items():
        word = {
            "winner_takes": "Montako pistettä",
            "penalty": "Montako sakkopistettä",
            "own_hand_minus": "Montako miinuspistettä",
        }[scoring[game]]
        assert prompt.startswith(word), (game, prompt)


def test_faces_tell_two_decks_apart_only_when_both_are_shown():
    got = faces(["7H", "7H'", "JK", "KS"])
    assert got["7H"]["mark"] == "¹" and got["7H'"]["mark"] == "²"
    assert "mark" not in got["KS"] and "mark" not in got["JK"]
    assert (
        faces(["7H'"])["7H'"]
        == card_face(parse_card("7H'"))
        == {"name": "herttaseiska", "symbol": "7♥", "colour": "punainen"}
    )
    assert card_face(parse_card("JK"))["colour"] == "jokeri"


def test_the_pages_card_images_draw_the_same_face():
    from tools.cardfaces import card_html

    for code in ("10D", "AS", "JK", "QC'"):
        f = card_face(parse_card(code))
        html = str(card_html(parse_card(code)))
        assert f'class="kortti {f["colour"]}"' in html and f'aria-label="{f["name"]}"' in html
        assert html.endswith(f'>{f["symbol"]}</span>')
