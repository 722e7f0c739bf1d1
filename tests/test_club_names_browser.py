"""The club's own player names reach the page's engine: the build writes them as JSON
(data/names.json; Pyodide has no YAML) and the engine registers them, so narration in the browser
declines them as the pages do. Browser-free: the same requests moottori.js and pelaa.js send."""

import json

import pytest

from fixed_rules import FIXED
from rommikirja import finnish, play, practice
from tools.runtime import names_json, runtime_outputs
from positions import KALLE


@pytest.fixture
def no_club_names():
    """The engine's table of club names empty during the test (as in a freshly started browser)."""
    old = finnish.set_club_names({})
    yield
    finnish.set_club_names(old)


def _call(handle, **request):
    return json.loads(handle(json.dumps(request)))


def test_names_json_carries_every_form(tmp_path, no_club_names):
    path = tmp_path / "nimet.yaml"
    path.write_text(KALLE, encoding="utf-8")
    data = json.loads(names_json(path))
    assert data == {
        "names": {
            "Kalle": [
                "Kalle",
                "Kallen",
                "Kallea",
                "Kalleen",
                "Kallessa",
                "Kallesta",
                "Kallelle",
                "Kallella",
                "Kallelta",
                "Kallena",
                "Kalleksi",
            ]
        }
    }


def test_the_runtime_publishes_names_json():
    out = runtime_outputs()
    assert "data/names.json" in out
    assert set(json.loads(out["data/names.json"].data)) == {"names"}


def test_pelaa_narrates_a_club_name_once_registered(tmp_path, no_club_names):
    path = tmp_path / "nimet.yaml"
    path.write_text(KALLE, encoding="utf-8")
    data = json.loads(names_json(path))
    new = dict(op="new", rules=FIXED["perusrommi"].as_mapping(), names=["Kalle", "Aino"], seed="3", levels=["taitava"])
    finnish.set_club_names({})  # what the browser's engine knows before moottori.js registers
    refused = _call(play.handle, **new)
    assert refused["ok"] is False and "Kalle" in refused["error"] and "nimet.yaml" in refused["error"]

    assert _call(practice.handle, op="names", **data) == {"ok": True, "result": {"names": 1}}
    game = _call(play.handle, **new)["result"]
    drawn = _call(play.handle, op="move", state=game["state"], move={"draw": "stock"})["result"]
    missing = next(c for c in ("AS", "AH", "AD", "AC", "KS") if c not in drawn["view"]["hand"])
    move = _call(play.handle, op="move", state=drawn["state"], move={"discard": missing})["result"]
    assert move["refused"]["code"] == "not_in_hand"
    assert move["refused"]["reason"].startswith("Kallen kädessä ei ole ")


def test_names_request_is_checked(no_club_names):
    bad = [{"Kalle": ["Kalle", "Kallen"]}, {"Aino": ["Aino"] * 11}, ["Kalle"], {"K" * 40: ["K" * 40] * 11}]
    for names in bad:
        reply = _call(practice.handle, op="names", names=names)
        assert reply["ok"] is False and reply["error"].endswith("."), reply
    assert finnish.club_names() == {}
    long = {"op": "question", "kind": "pisteet", "seed": 1, "rules": {}, "pad": "x" * 70_000}
    assert _call(practice.handle, **long)["ok"] is False  # only the names may be this long
