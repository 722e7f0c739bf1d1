import pytest

from rommikirja import OPTIONS, RuleSet, RuleSetError


def test_defaults_are_perusrommi():
    r = RuleSet()
    assert [r.hand_size_for(n) for n in range(2, 7)] == [10, 7, 7, 6, 6]
    assert (r.ace, r.ace_points, r.final_discard, r.melds_per_turn) == ("low", 1, "optional", "any")


@pytest.mark.parametrize(
    "data,option",
    [
        ({"ace": "high"}, "ace"),
        ({"no_such_rule": 1}, "no_such_rule"),
        ({"upcard": "yes"}, "upcard"),
        ({"ace_points": 0}, "ace_points"),
        ({"hand_size": {2: 10}}, "hand_size"),
        ({"min_players": 5, "max_players": 3}, "min_players"),
        ({"game_deals": True}, "game_deals"),
    ],
)
def test_bad_options_name_the_option(data, option):
    with pytest.raises(RuleSetError) as exc:
        RuleSet.from_mapping(data)
    assert exc.value.option == option and isinstance(exc.value, ValueError)


def test_round_trip_through_plain_data():
    r = RuleSet(melds_per_turn="one", ace="high_or_low", ace_points=15)
    assert RuleSet.from_mapping(r.as_mapping()) == r


def test_every_option_is_a_field_with_a_finnish_label():
    fields = set(RuleSet().as_mapping())
    assert set(OPTIONS) <= fields and fields - set(OPTIONS) == {"name"}
    for name, spec in OPTIONS.items():
        assert spec.label and spec.label[0].isupper()
        if spec.kind == "choice":
            assert getattr(RuleSet(), name) in spec.choices


def test_rule_set_is_frozen():
    with pytest.raises(Exception):
        RuleSet().ace = "high_or_low"  # type: ignore[misc]
