"""Unit tests for core/serialize: exact round trips and strict refusal of hostile JSON.

The game-independent parts are tested through Hearts states (any registered card game would do);
the property suite runs the same laws over every game.
"""

from __future__ import annotations

import json
from typing import Final, cast

import pytest

import parlour
from parlour.core.cards import Card
from parlour.core.events import Event
from parlour.core.serialize import decode_value, encode_value

hearts = parlour.game("hearts")
STATE: Final = hearts.new_game(seed=11)
TEXT: Final = parlour.to_json(STATE)
PAYLOAD: Final = json.loads(TEXT)


def _with(**value_changes: object) -> str:
    return json.dumps({**PAYLOAD, "value": {**PAYLOAD["value"], **value_changes}})


def _refused(text: str | bytes, match: str | None = None) -> str:
    with pytest.raises(ValueError, match=match) as info:
        parlour.from_json(text)
    return str(info.value)


def test_states_views_moves_and_options_round_trip() -> None:
    assert parlour.from_json(TEXT) == STATE
    view = hearts.view(STATE, 1)
    assert parlour.from_json(parlour.to_json(view)) == view
    move = hearts.legal_moves(STATE)[0]
    assert parlour.from_json(parlour.to_json(move)) == move
    options = hearts.options_type()
    assert parlour.from_json(parlour.to_json(options)) == options
    assert parlour.from_json(TEXT.encode("utf-8")) == STATE


def test_envelope_names_game_kind_and_format() -> None:
    assert set(PAYLOAD) == {"parlour", "game", "kind", "value"}
    assert (PAYLOAD["parlour"], PAYLOAD["game"], PAYLOAD["kind"]) == (1, "hearts", "state")
    assert PAYLOAD["value"]["type"] == "State"
    assert parlour.to_json(STATE) == TEXT, "the text is deterministic"


def test_events_are_written_although_they_take_no_part_in_equality() -> None:
    back = parlour.from_json(TEXT)
    assert isinstance(back, hearts.state_type) and back.events == STATE.events


def test_values_encode_by_their_notation() -> None:
    assert encode_value(Card.parse("TH")) == "10H"
    assert encode_value((1, (True, None))) == [1, [True, None]]
    assert encode_value(frozenset({3, 1, 2})) == [1, 2, 3]
    assert encode_value(Event("wins", player=2)) == {
        "type": "Event", "what": "wins", "player": 2, "cards": [], "numbers": [], "private": False,
    }  # fmt: skip
    with pytest.raises(TypeError):
        encode_value(1.5)


@pytest.mark.parametrize(
    "data, annotation, message",
    [
        (True, int, "expected int, got bool"),
        (1, bool, "expected bool, got int"),
        ("1", int, "expected int, got str"),
        (1.0, int, "expected int, got float"),
        ([1, 2], tuple[int], "expected 1 items, got 2"),
        ({"a": 1}, tuple[int, ...], "expected a list, got dict"),
        ([1, 1], frozenset[int], "a set lists an item twice"),
        ("ZZ", Card, "not a card"),
        (5, Card, "expected a card"),
        ({"type": "Card"}, Card, "expected a card"),
        ({"type": "Event", "what": "x", "nope": 1}, Event, "unknown field"),
        ({"type": "Event"}, Event, "needs field 'what'"),
        ({"type": "Other", "what": "x"}, Event, "expected type 'Event'"),
        (["x"], Event, "expected a Event object"),
        ("x", int | None, "fits none of the allowed types"),
    ],
)
def test_decode_refuses_values_that_do_not_fit_their_annotation(data: object, annotation: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        decode_value(data, annotation, "v")


def test_decode_reads_optional_values_and_hidden_cards() -> None:
    assert decode_value(None, int | None) is None
    assert decode_value(3, int | None) == 3
    card = decode_value("??", Card)
    assert isinstance(card, Card) and card.is_hidden


def test_hostile_envelopes_are_refused() -> None:
    _refused("", "not JSON")
    _refused("[1, 2]", "an object")
    _refused("null", "an object")
    _refused(json.dumps({**PAYLOAD, "parlour": 2}), "unknown parlour JSON format")
    _refused(json.dumps({**PAYLOAD, "parlour": True}), "unknown parlour JSON format")
    _refused(json.dumps({**PAYLOAD, "game": "chess"}), "unknown game 'chess'")
    _refused(json.dumps({**PAYLOAD, "game": ["hearts"]}), "unknown game")
    _refused(json.dumps({**PAYLOAD, "kind": "board"}), "unknown kind")
    _refused(json.dumps({**PAYLOAD, "extra": 1}), "exactly the keys")
    _refused(json.dumps({**PAYLOAD, "kind": "move"}), "is not a move of hearts")
    _refused(json.dumps({**PAYLOAD, "value": []}), "type None is not a state")
    _refused(b"\xff\xfe{}", "UTF-8")
    _refused(TEXT[:-1], "not JSON")


def test_hostile_states_are_refused_with_the_path() -> None:
    assert "value.hand" in _refused(_with(hand=True), "expected int, got bool")
    assert "value.hand" in _refused(_with(hand="1"))
    _refused(_with(hand=0.5))
    _refused(_with(no_such_field=1), "unknown field")
    _refused(_with(type="Options"), "is not a state")
    _refused(_with(dealer=4))
    _refused(_with(dealer=-1))
    _refused(_with(dealer=2**80))
    _refused(_with(phase="NOT_A_PHASE"))
    _refused(_with(rng={"type": "Rng", "seed": 1, "counter": "x"}), "expected int")


def test_a_duplicated_card_is_refused() -> None:
    hands = [list(h) for h in PAYLOAD["value"]["hands"]]
    hands[0][0] = hands[1][0]
    _refused(_with(hands=hands), "not a consistent hearts state")


def test_a_hidden_card_outside_a_view_is_refused() -> None:
    hands = [list(h) for h in PAYLOAD["value"]["hands"]]
    hands[2][3] = "??"
    _refused(_with(hands=hands), "no hidden card")
    view = json.loads(parlour.to_json(hearts.view(STATE, 0)))
    assert "??" in json.dumps(view) and parlour.from_json(json.dumps(view)) == hearts.view(STATE, 0)


def test_deep_nesting_and_huge_numbers_raise_value_error() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    _refused(_with(hands=json.loads("[" * 50 + "]" * 50)))
    _refused(json.dumps({**PAYLOAD, "value": "x"}).replace('"x"', deep))
    _refused(TEXT.replace('"hand": 1', '"hand": ' + "9" * 5000))
    _refused(_with(hand=10**30, dealer=10**30))


def test_non_game_values_cannot_be_written() -> None:
    with pytest.raises(TypeError):
        parlour.to_json(Card.parse("AS"))
    with pytest.raises(TypeError):
        parlour.to_json(3)


def test_text_of_the_wrong_type_is_refused() -> None:
    with pytest.raises(ValueError, match="must be text"):
        parlour.from_json(cast(str, 3))
