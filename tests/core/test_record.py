"""Unit tests for core/record: game records build, replay, and round-trip through strict JSON."""

from __future__ import annotations

import json
import random

import pytest

import parlour
from parlour.core.cards import standard_pack
from parlour.core.game import GameState
from parlour.core.record import MAX_MOVES, Record
from parlour.games import hearts as hearts_game
from parlour.games.farkle import Bank

NAMES = parlour.game_names()


def _played(name: str, seed: int, plies: int) -> tuple[Record, GameState]:
    """A record of `plies` random moves (fewer if the game ends) and the state they reach."""
    spec = parlour.game(name)
    record = Record.start(name, seed=seed)
    state = record.replay()
    chooser = random.Random(seed)
    for _ in range(plies):
        legal = spec.legal_moves(state)
        if not legal:
            break
        move = legal[chooser.randrange(len(legal))]
        record, state = record.plus(state, move), spec.apply(state, move)
    return record, state


def _farkle() -> Record:
    """Farkle with fixed dice: seat 0 rolls 1 1 1 5 2 3, holds 1 1 1 5 (1,050) and banks."""
    record = Record.start("farkle", seed=4, rolls=[1, 1, 1, 5, 2, 3])
    for text in ("roll", "0: hold 1 1 1 5", "bank"):  # the seat prefix is optional here
        record = record.plus(record.replay(), text)
    return record


# --- building and replaying -------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_a_record_replays_to_the_state_play_reached(name: str) -> None:
    record, state = _played(name, seed=3, plies=120)
    assert record.replay() == state
    states = list(record.states())
    assert len(states) == len(record.moves) + 1
    assert states[0] == parlour.game(name).new_game(record.players, seed=3)
    assert states[-1] == state
    assert all(text.split(": ", 1)[0].isdigit() for text in record.moves)


@pytest.mark.parametrize("name", NAMES)
def test_a_record_round_trips_through_json(name: str) -> None:
    record, _ = _played(name, seed=8, plies=60)
    text = record.to_json()
    assert Record.from_json(text) == record
    data = json.loads(text)
    assert data["parlour"] == 1 and data["kind"] == "record" and data["game"] == name
    assert data["moves"] == list(record.moves)
    assert text.count("\n") == len(record.moves) + 10  # one move a line


def test_moves_are_kept_with_their_seat_and_replay_to_the_scores() -> None:
    record = _farkle()
    assert record.moves == ("0: roll", "0: hold 1 1 1 5", "0: bank")
    assert record.rolls == (1, 1, 1, 5, 2, 3)
    assert parlour.game("farkle").scores(record.replay()) == (1050, 0)


def test_the_json_text_reads_as_a_record() -> None:
    assert _farkle().to_json() == (
        "{\n"
        '  "parlour": 1,\n'
        '  "kind": "record",\n'
        '  "game": "farkle",\n'
        '  "options": "",\n'
        '  "players": 2,\n'
        '  "seed": 4,\n'
        '  "rolls": [1, 1, 1, 5, 2, 3],\n'
        '  "moves": [\n'
        '    "0: roll",\n'
        '    "0: hold 1 1 1 5",\n'
        '    "0: bank"\n'
        "  ]\n"
        "}\n"
    )


def test_a_fixed_deck_and_dealer_are_kept_as_text_and_replayed() -> None:
    pack = standard_pack()
    record = Record.start("hearts", seed=2, deck=list(pack), dealer=3)
    assert record.deck == tuple(str(card) for card in pack)
    assert record.dealer == 3
    first: object = record.replay()
    assert first == hearts_game.new_game(seed=2, deck=pack, dealer=3)
    assert Record.from_json(record.to_json()) == record
    assert '"deck": ["AC", "2C", "3C"' in record.to_json()


def test_options_are_kept_in_their_text_form() -> None:
    hearts = parlour.game("hearts")
    hoyle = dict(hearts.presets)["hoyle"]
    record = Record.start(hearts, seed=1, options=hoyle)
    assert record.options == "passing=left,moon=add"
    assert record.options_text() == "hearts(passing=left,moon=add)"
    assert record.options_value() == hoyle
    assert record.replay() == hearts.new_game(seed=1, options=hoyle)
    assert Record.start("hearts", seed=1).options == ""


def test_a_seed_is_drawn_and_stored_when_none_is_given() -> None:
    record = Record.start("scum")
    assert 0 <= record.seed
    assert record.replay() == parlour.game("scum").new_game(seed=record.seed)


def test_start_refuses_what_new_game_refuses_and_chance_the_game_does_not_take() -> None:
    with pytest.raises(ValueError, match="farkle takes no deck="):
        Record.start("farkle", deck=["AS"])
    with pytest.raises(ValueError, match="hearts takes no rolls="):
        Record.start("hearts", rolls=[1, 2])
    with pytest.raises(ValueError, match="hearts is played by"):
        Record.start("hearts", 9)
    with pytest.raises(ValueError, match="seed must be a whole number"):
        Record.start("hearts", seed=-1)
    with pytest.raises(ValueError, match="no game named 'chess'"):
        Record.start("chess")


def test_plus_refuses_an_illegal_move_a_view_and_another_games_state() -> None:
    record = Record.start("farkle", seed=4, rolls=[1, 1, 1, 5, 2, 3])
    farkle = record.spec
    state = record.replay()
    with pytest.raises(parlour.NotationError, match="'bank' is not a legal move here"):
        record.plus(state, "bank")
    with pytest.raises(parlour.IllegalMove, match="^bank: "):
        record.plus(state, Bank(player=0))
    with pytest.raises(ValueError, match="a record follows the real state, not a view"):
        record.plus(farkle.view(state, 0), "roll")
    hearts = parlour.game("hearts").new_game(seed=1)
    with pytest.raises(ValueError, match="the state is a State, not a farkle state"):
        record.plus(hearts, "roll")


# --- refusing records -------------------------------------------------------------------------


def test_a_move_that_does_not_replay_is_refused_naming_the_ply_and_the_move() -> None:
    record = _farkle()
    broken = Record(game="farkle", players=2, seed=4, rolls=record.rolls, moves=("0: roll", "0: hold 2 3", "0: bank"))
    with pytest.raises(ValueError, match=r"^ply 2, '0: hold 2 3', does not replay: 'hold 2 3' is not a legal move"):
        broken.replay()
    with pytest.raises(ValueError, match=r"^ply 2, '0: hold 2 3', does not replay"):
        Record.from_json(broken.to_json())
    wrong_seat = Record(game="farkle", players=2, seed=4, moves=("1: roll",))
    with pytest.raises(ValueError, match=r"^ply 1, '1: roll', does not replay: "):
        wrong_seat.replay()
    finished = _played("farkle", 1, 100_000)[0]
    after_the_end = Record(game="farkle", players=2, seed=1, moves=(*finished.moves, "0: roll"))
    with pytest.raises(ValueError, match=rf"^ply {len(after_the_end.moves)}, '0: roll', does not replay"):
        after_the_end.replay()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"game": "chess"}, "record game 'chess' is not a registered game"),
        ({"players": True}, "record players must be a whole number of players, not True"),
        ({"seed": -5}, "record seed must be a whole number from 0 to"),
        ({"seed": 2**64}, "record seed must be a whole number from 0 to"),
        ({"dealer": 2}, "record dealer must be a seat from 0 to 1, not 2"),
        ({"deck": ("AS",)}, "farkle takes no deck="),
        ({"rolls": (1, "2")}, r"record rolls\[1\] must be a die face, not '2'"),
        ({"moves": ("roll",)}, r"ply 1, 'roll': a recorded move starts with its seat, as in '2: pass 10C'"),
        ({"moves": ("7: roll",)}, r"ply 1, '7: roll': seat 7 is not a seat of 2 players"),
        ({"moves": (3,)}, r"record moves\[0\] must be text, not 3"),
        ({"moves": ("0: " + "x" * 400,)}, r"record moves\[0\] is 403 characters long; at most 300"),
        ({"options": 5}, "record options must be text"),
    ],
)
def test_construction_checks_every_field(fields: dict[str, object], message: str) -> None:
    values: dict[str, object] = {"game": "farkle", "players": 2, "seed": 1} | fields
    with pytest.raises(ValueError, match=message):
        Record(**values)  # type: ignore[arg-type]


def test_bad_options_text_is_refused_when_replayed() -> None:
    with pytest.raises(ValueError, match="record options 'speed=fast': unknown option 'speed'"):
        Record(game="farkle", players=2, seed=1, options="speed=fast").replay()


GOOD = {"parlour": 1, "kind": "record", "game": "farkle", "options": "", "players": 2, "seed": 1, "moves": []}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "record text is not JSON: "),
        ("[1, 2]", "a record is a JSON object, not list"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply|not JSON"),
        (json.dumps(GOOD | {"colour": "red"}), "a record has no field 'colour'"),
        (json.dumps({k: v for k, v in GOOD.items() if k != "seed"}), "the record lacks the field 'seed'"),
        (json.dumps(GOOD | {"parlour": 2}), "record format 2 is not 1"),
        (json.dumps(GOOD | {"parlour": True}), "record format True is not 1"),
        (json.dumps(GOOD | {"kind": "state"}), "this parlour JSON holds a 'state', not a record"),
        (json.dumps(GOOD | {"moves": "0: roll"}), "record moves must be a list, not str"),
        (json.dumps(GOOD | {"rolls": {"a": 1}}), "record rolls must be a list, not dict"),
        (json.dumps(GOOD | {"players": 2.0}), "record players must be a whole number of players, not 2.0"),
        (json.dumps(GOOD | {"moves": ["0: roll"] * (MAX_MOVES + 1)}), f"at most {MAX_MOVES} are allowed"),
        (" " * 20_000_001, "record text is 20000001 characters long"),
    ],
)
def test_from_json_refuses_bad_text_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Record.from_json(text)


def test_from_json_takes_text_only() -> None:
    with pytest.raises(ValueError, match="a record is read from JSON text, not bytes"):
        Record.from_json(b"{}")


def test_a_record_is_exported_from_the_front_door() -> None:
    assert parlour.Record is Record
