"""Unit tests for core/serialize: exact round trips and strict refusal of hostile JSON.

The game-independent parts are tested through a toy card game registered for these tests only
(`toy`: 2 or 3 seats, an eight-card pack, hands by seat, a stock and a table), so that every
message can be asserted exactly; the registered games are round-tripped at the end, and
tests/test_fuzz.py attacks all of them.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Iterator
from typing import Final, TypeAlias, cast

import attrs
import pytest

import parlour
from parlour.core import registry
from parlour.core.cards import HIDDEN, Card, parse_cards, sorted_cards
from parlour.core.events import Event, EventKind
from parlour.core.game import GameSpec, checked_apply, moves_for, require_options, require_players
from parlour.core.notation import parse_by_matching
from parlour.core.options import check_option_types
from parlour.core.rng import MAX_COUNTER, Rng, seeded
from parlour.core.serialize import (
    MAX_DEPTH,
    MAX_INT,
    MAX_TEXT,
    NODE_FLOOR,
    Limits,
    decode_value,
    encode_value,
    game_limits,
)
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

# --- the toy game ------------------------------------------------------------------------------

TOY: Final = "toy"
PACK: Final = parse_cards("AS KS QS JS AH KH QH JH")


@attrs.frozen(kw_only=True)
class Options:
    """The toy game's one rule."""

    target: int = 3
    """Points that win (never reached: the game ends when the hands are empty)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.target <= 100:
            raise ValueError(f"target must be 1..100, not {self.target}")


@attrs.frozen
class Play:
    """Play a card from the hand to the table."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class Pass:
    """Play nothing this turn."""

    player: int

    def __str__(self) -> str:
        return "pass"


Move: TypeAlias = Play | Pass


@attrs.frozen(kw_only=True)
class State:
    """Two cards dealt to each seat, the rest a stock; seats play their cards in turn."""

    options: Options
    hand: int
    rng: Rng | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    table: tuple[Card, ...]
    turn: int
    scores: tuple[int, ...]
    viewer: int | None = None
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("table", Seen.EVERYONE),
)


def new_game(players: int | None = None, *, seed: int | None = None, options: Options | None = None) -> State:
    n = require_players(TOY, players, (2, 3), 2)
    deck, rng = seeded(seed).shuffled(PACK)
    hands = tuple(sorted_cards(deck[2 * i : 2 * i + 2]) for i in range(n))
    return State(
        options=require_options(TOY, options, Options), hand=1, rng=rng, hands=hands,
        stock=deck[2 * n :], table=(), turn=0, scores=(0,) * n,
        events=(Event(EventKind.DEALS, player=0, numbers=(1,)),),
    )  # fmt: skip


def _legal(state: State) -> tuple[Move, ...]:
    if not any(state.hands) or state.viewer not in (None, state.turn):
        return ()
    plays: tuple[Move, ...] = tuple(Play(state.turn, card) for card in state.hands[state.turn])
    return (*plays, Pass(state.turn))


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    return moves_for(state, player, len(state.hands), _legal(state))


def _apply(state: State, move: Move) -> State:
    n = len(state.hands)
    turn = (state.turn + 1) % n
    if isinstance(move, Pass):
        return attrs.evolve(state, turn=turn, events=(Event(EventKind.PASSES, player=move.player),))
    hand = tuple(c for c in state.hands[move.player] if c != move.card)
    hands = tuple(hand if seat == move.player else h for seat, h in enumerate(state.hands))
    scores = tuple(s + (seat == move.player) for seat, s in enumerate(state.scores))
    event = Event(EventKind.PLAYS, player=move.player, cards=(move.card,))
    return attrs.evolve(state, hands=hands, table=(*state.table, move.card), turn=turn, scores=scores, events=(event,))


def apply(state: State, move: Move) -> State:
    return checked_apply(
        state, move, _legal(state), explain=lambda s, m: "not that seat's turn", unchecked=_apply, move_types=(Play, Pass)
    )


def to_act(state: State) -> frozenset[int]:
    return frozenset({state.turn}) if any(state.hands) else frozenset()


def is_over(state: State) -> bool:
    return not any(state.hands)


def scores(state: State) -> tuple[int, ...]:
    return state.scores


def winners(state: State) -> frozenset[int]:
    best = max(state.scores)
    return frozenset(s for s, x in enumerate(state.scores) if x == best) if is_over(state) else frozenset()


def view(state: State, player: int | None) -> State:
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    return parse_by_matching(text, legal_moves(state), player)


def check_invariants(state: State) -> None:
    n = len(state.hands)
    if n not in (2, 3) or len(state.scores) != n or not 0 <= state.turn < n:
        raise ValueError(f"toy: {n} hands, {len(state.scores)} scores, turn {state.turn}")
    check_zones(TOY, state, ZONES, PACK)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    return zone_shuffle(state, player, seed, ZONES)


GAME: Final = GameSpec[State, Move, Options](
    name=TOY, title="Toy", family="tricks", summary="A toy for the serialization tests.",
    players=(2, 3), default_players=2, options_type=Options, state_type=State, move_types=(Play, Pass),
    presets=(("long", Options(target=9)),), zones=ZONES,
    new_game=new_game, legal_moves=legal_moves, apply=apply, to_act=to_act, is_over=is_over, scores=scores,
    winners=winners, view=view, parse_move=parse_move, check_invariants=check_invariants,
    shuffle_unseen=shuffle_unseen,
)  # fmt: skip


@pytest.fixture(autouse=True)
def _toy_registered() -> Iterator[None]:
    """Registers the game `toy` for the duration of each test."""
    registry.register(GAME)
    yield
    registry.unregister(TOY)


STATE: Final = new_game(seed=11)
"""Hands JH KH / QH KS, stock JS AS QS AH (seed 11)."""


def _payload(value: object) -> dict[str, typing.Any]:
    return cast(dict[str, typing.Any], json.loads(parlour.to_json(value)))


def _with(value: object = STATE, **changes: object) -> str:
    payload = _payload(value)
    return json.dumps({**payload, "value": {**payload["value"], **changes}})


def _event(**fields: object) -> dict[str, object]:
    return {"type": "Event", "kind": "PLAYS", "player": 0, "cards": [], "numbers": [], "label": "", "private": False, **fields}


def _refused(text: str | bytes, match: str) -> str:
    with pytest.raises(ValueError) as info:
        parlour.from_json(text)
    message = str(info.value)
    assert match in message, message
    assert len(message) < 400, "a refusal never repeats a huge input"
    return message


# --- round trips -------------------------------------------------------------------------------


def test_the_toy_deal_is_the_one_the_tests_assume() -> None:
    assert [list(map(str, h)) for h in STATE.hands] == [["JH", "KH"], ["QH", "KS"]]
    assert list(map(str, STATE.stock)) == ["JS", "AS", "QS", "AH"]


def test_states_views_moves_and_options_round_trip() -> None:
    text = parlour.to_json(STATE)
    assert parlour.from_json(text) == STATE
    assert parlour.from_json(text.encode("utf-8")) == STATE
    played = apply(STATE, Play(0, Card.parse("KH")))
    seen = view(played, 1)
    back = parlour.from_json(parlour.to_json(seen))
    assert back == seen and isinstance(back, State) and back.events == seen.events
    assert parlour.from_json(parlour.to_json(Play(1, Card.parse("KS")))) == Play(1, Card.parse("KS"))
    assert parlour.from_json(parlour.to_json(Options(target=9))) == Options(target=9)


def test_envelope_names_game_kind_and_format() -> None:
    payload = _payload(STATE)
    assert (payload["parlour"], payload["game"], payload["kind"], payload["value"]["type"]) == (1, TOY, "state", "State")
    assert parlour.to_json(STATE) == parlour.to_json(new_game(seed=11)), "the text is deterministic"


def test_events_are_written_although_they_take_no_part_in_equality() -> None:
    back = parlour.from_json(parlour.to_json(STATE))
    assert isinstance(back, State) and back.events == (Event(EventKind.DEALS, player=0, numbers=(1,)),)


def test_values_encode_by_their_notation() -> None:
    assert encode_value(Card.parse("TH")) == "10H"
    assert encode_value((1, (True, None))) == [1, [True, None]]
    assert encode_value(frozenset({3, 1, 2})) == [1, 2, 3]
    assert encode_value(Event(EventKind.WINS, player=2)) == _event(kind="WINS", player=2)
    with pytest.raises(TypeError):
        encode_value(1.5)


def test_limits_come_from_fresh_games_of_every_rule_set() -> None:
    limits = game_limits(TOY)
    assert (limits.seats, limits.cards, limits.nodes, limits.by_seat) == (3, 8, NODE_FLOOR, frozenset({"hands"}))
    assert limits.pack == {card: 1 for card in PACK}
    assert (limits.state_type, limits.move_types) == (State, (Play, Pass))


# --- annotations -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, annotation, message",
    [
        (True, int, "v: expected int, got bool"),
        (1, bool, "v: expected bool, got int"),
        ("1", int, "v: expected int, got str"),
        (1.0, int, "v: expected int, got float"),
        (MAX_INT + 1, int, "v: 9007199254740993 is out of range (at most 9007199254740992 in size)"),
        pytest.param(-(10**5000), int, "v: an int of 16610 bits is out of range", id="huge-int"),
        ([1, 2], tuple[int], "v: expected 1 items, got 2"),
        ({"a": 1}, tuple[int, ...], "v: expected a list, got dict"),
        ([1, 1], frozenset[int], "v: a set lists an item twice"),
        ([0, "x"], tuple[int, ...], "v[1]: expected int, got str"),
        ("ZZ", Card, "v: not a card"),
        ("Q" * 5000, Card, "v: expected a card such as 'QS', got 'QQQQQQQQQQQQQQQQQQQQQQQQQQQQQ... (5002 characters)"),
        (5, Card, "v: expected a card such as 'QS', got 5"),
        ({"type": "Card"}, Card, "v: expected a card such as 'QS', got a object of 1 items"),
        ("a\x00b", str, "v: 'a\\x00b' is not short printable text (at most 120 characters)"),
        ("x" * 121, str, "is not short printable text"),
        ("BOOM", EventKind, "v: 'BOOM' is not a EventKind (DEALS, "),
        (_event(nope=1), Event, "v: unknown field(s) for Event: 'nope'"),
        ({"type": "Event", **{f"k{i}": 1 for i in range(9)}}, Event, "unknown field(s) for Event: 'k0', 'k1', 'k2', ..."),
        ({"type": "Event"}, Event, "v: Event needs field 'kind'"),
        ({"type": "Other", "kind": "x"}, Event, "v: expected type 'Event', got 'Other'"),
        (["x"], Event, "v: expected a Event object, got list"),
        ("x", int | None, "v: 'x' fits none of the allowed types (expected int, got str)"),
        ({"type": "Rng", "seed": 1}, int | None, "v: type 'Rng' is not one of the allowed types"),
        ({"type": "Rng", "seed": -1, "counter": 0}, Rng, "v: bad random source: seed -1, counter 0"),
        ({"type": "Rng", "seed": 1, "counter": MAX_COUNTER + 1}, Rng, "v: bad random source: seed 1, counter 4294967297"),
    ],
)
def test_decode_refuses_values_that_do_not_fit_their_annotation(data: object, annotation: object, message: str) -> None:
    with pytest.raises(ValueError) as info:
        decode_value(data, annotation, "v")
    assert message in str(info.value)


def test_decode_reads_optional_values_and_hidden_cards() -> None:
    assert decode_value(None, int | None) is None
    assert decode_value(3, int | None) == 3
    assert decode_value("??", Card) is HIDDEN
    assert decode_value({"type": "Rng", "seed": 5, "counter": 2}, Rng | None) == Rng(5, 2)


def test_nesting_is_capped_while_decoding() -> None:
    annotation: object = int
    data: object = 1
    for _ in range(MAX_DEPTH + 2):
        annotation, data = tuple[annotation, ...], [data]  # type: ignore[valid-type]
    with pytest.raises(ValueError, match=f"nested more than {MAX_DEPTH} deep"):
        decode_value(data, annotation)


def test_lists_are_measured_before_their_items_are_read() -> None:
    limits = Limits(seats=4, pack={card: 1 for card in PACK}, nodes=100)
    with pytest.raises(ValueError, match=r"^v: a list of 9 items, but only 8 cards in the pack$"):
        decode_value(["AS"] * 9, tuple[Card, ...], "v", limits=limits)
    with pytest.raises(ValueError, match=r"^v: a list of 9 items, but only 8 cards in the pack$"):
        decode_value([[]] * 9, tuple[tuple[Card, ...], ...], "v", limits=limits)
    with pytest.raises(ValueError, match=r"^v: a list of 100 items, but only 99 values are left of this game's budget$"):
        decode_value([0] * 100, tuple[int, ...], "v", limits=limits)
    with pytest.raises(ValueError, match=r"^v\[49\]: a list of 1 items, but only 0 values are left of this game's budget$"):
        decode_value([[0]] * 60, tuple[tuple[int, ...], ...], "v", limits=limits)
    assert decode_value(["AS", "??", "??"], tuple[Card, ...], limits=limits) == (Card.parse("AS"), HIDDEN, HIDDEN)


def test_events_list_no_card_more_often_than_the_pack_holds_it() -> None:
    limits = Limits(pack={card: 1 for card in PACK})
    with pytest.raises(ValueError, match=r"^v.cards: lists AS 2 times; the pack holds it 1 times$"):
        decode_value(_event(cards=["AS", "AS"]), Event, "v", limits=limits)
    with pytest.raises(ValueError, match=r"^v.cards: lists 2C 1 times; the pack holds it 0 times$"):
        decode_value(_event(cards=["2C"]), Event, "v", limits=limits)
    hidden = decode_value(_event(cards=["??", "??"]), Event, limits=limits)
    assert hidden == Event(EventKind.PLAYS, player=0, cards=(HIDDEN, HIDDEN))


# --- hostile text ------------------------------------------------------------------------------


def test_twenty_megabytes_are_refused_before_decoding() -> None:
    huge = '{"parlour": 1, "game": "toy", "kind": "state", "value": [' + "1," * 10_000_000 + "1]}"
    assert len(huge) > 20_000_000
    message = "parlour JSON text is too large: 20000060 characters, at most 1000000; refused before decoding"
    assert _refused(huge, "too large") == message
    assert _refused(huge.encode("utf-8"), "too large") == message
    _refused(" " * (MAX_TEXT + 1), "refused before decoding")


def test_hostile_envelopes_are_refused() -> None:
    payload = _payload(STATE)
    _refused("", "not JSON")
    _refused("[1, 2]", "an object")
    _refused("null", "an object")
    _refused(json.dumps({**payload, "parlour": 2}), "unknown parlour JSON format 2")
    _refused(json.dumps({**payload, "parlour": True}), "unknown parlour JSON format True")
    _refused(json.dumps({**payload, "game": "chess"}), "unknown game 'chess'")
    _refused(json.dumps({**payload, "game": ["toy"] * 10_000}), "unknown game a list of 10000 items")
    _refused(json.dumps({**payload, "kind": "board"}), "unknown kind 'board'")
    _refused(json.dumps({**payload, "extra": 1}), "exactly the keys")
    _refused(json.dumps({**payload, "kind": "move"}), "value: type 'State' is not a move of toy (Play, Pass)")
    _refused(json.dumps({**payload, "value": []}), "value: type None is not a state of toy (State)")
    _refused(b"\xff\xfe{}", "parlour JSON must be UTF-8 text")
    _refused(parlour.to_json(STATE)[:-1], "not JSON")
    with pytest.raises(ValueError, match="parlour JSON must be text, not int"):
        parlour.from_json(cast(str, 3))


def test_numbers_too_long_for_any_field_are_refused_while_parsing() -> None:
    text = parlour.to_json(STATE)
    assert '"hand": 1' in text
    digits = "not parlour JSON: a number of 5000 digits is larger than any parlour number (at most 9007199254740992)"
    assert _refused(text.replace('"hand": 1', '"hand": ' + "9" * 5000), "digits") == digits
    _refused(text.replace('"hand": 1', '"hand": -' + "9" * 4000), "a number of 4000 digits")
    _refused(text.replace('"hand": 1', '"hand": 12345678901234567'), "a number of 17 digits")
    _refused(text.replace('"hand": 1', '"hand": NaN'), "not parlour JSON: NaN is not a number parlour writes")
    _refused(text.replace('"hand": 1', '"hand": -Infinity'), "not parlour JSON: -Infinity is not a number parlour writes")
    _refused(_with(hand=MAX_INT + 1), "value.hand: 9007199254740993 is out of range")


def test_an_object_naming_a_key_twice_is_refused() -> None:
    text = parlour.to_json(STATE)
    _refused(text.replace('"hand": 1', '"hand": 1, "hand": 2'), "not parlour JSON: an object names 'hand' twice")
    _refused('{"parlour": 1, "parlour": 1}', "not parlour JSON: an object names 'parlour' twice")


def test_deep_nesting_is_refused() -> None:
    _refused(_with(hands="x").replace('"x"', "[" * 100_000 + "]" * 100_000), "nested too deeply")
    _refused(_with(hands="x").replace('"x"', "[" * 500 + "]" * 500), "value.hands[0][0]: expected a card such as 'QS', got a list of 1 items")


# --- hostile states ----------------------------------------------------------------------------


def test_hostile_fields_are_refused_with_the_path() -> None:
    _refused(_with(hand=True), "value.hand: expected int, got bool")
    _refused(_with(hand="1"), "value.hand: expected int, got str")
    _refused(_with(hand=0.5), "value.hand: expected int, got float")
    _refused(_with(hand=0), "value.hand: 0 is not a hand number 1..4294967296")
    _refused(_with(hand=2**40), "value.hand: 1099511627776 is not a hand number")
    _refused(_with(no_such_field=1), "value: unknown field(s) for State: 'no_such_field'")
    _refused(_with(**{"x" * 100_000: 1}), "unknown field(s) for State: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (100002 characters)")
    _refused(_with(type="Options"), "value: type 'Options' is not a state of toy (State)")
    _refused(_with(turn=2), "not a consistent toy state: toy: 2 hands, 2 scores, turn 2")
    _refused(_with(rng={"type": "Rng", "seed": 1, "counter": "x"}), "value.rng.counter: expected int, got str")
    _refused(_with(rng={"type": "Rng", "seed": -1, "counter": 0}), "value.rng: bad random source: seed -1, counter 0")
    _refused(_with(options={"type": "Options", "target": 0}), "value.options: not a valid Options: target must be 1..100")


def test_lists_longer_than_the_pack_seats_or_budget_are_refused() -> None:
    _refused(_with(stock=["AS"] * 100_000), "value.stock: a list of 100000 items, but only 8 cards in the pack")
    _refused(_with(hands=[[]] * 4), "value.hands: a list of 4 items, but only 3 seats")
    _refused(_with(scores=[0] * 50_000), "value.scores: a list of 50000 items, but only 99")
    _refused(_with(table=[[["AS"]]] * 5), "value.table[0]: expected a card such as 'QS', got a list of 1 items")


def test_a_duplicated_card_is_refused() -> None:
    _refused(_with(stock=["JS", "AS", "QS", "QS"]), "value: not a consistent toy state: toy: ")


def test_a_hidden_card_outside_a_view_is_refused() -> None:
    _refused(_with(stock=["JS", "AS", "QS", "??"]), "a state with a random source is not a view, so it may hold no hidden card")
    _refused(_with(events=[_event(cards=["??"])]), "so it may hold no hidden card")
    _refused(_with(viewer=0), "a state with a random source is not a view, so it has no viewer")


def test_forged_events_are_refused() -> None:
    _refused(_with(events=[_event(player=99)]), "value.events[0].player: 99 is not a seat 0..2")
    _refused(_with(events=[_event(player=2)]), "value.events[0].player: 2 is not one of the 2 seats")
    _refused(_with(events=[_event(player=True)]), "value.events[0].player: True fits none of the allowed types")
    _refused(_with(events=[_event(label="gone\x1b[2J")]), "value.events[0].label: 'gone\\x1b[2J' is not short printable")
    _refused(_with(events=[_event(label="x" * 1000)]), "value.events[0].label: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (1002")
    _refused(_with(events=[_event(cards=["AS", "AS"])]), "value.events[0].cards: lists AS 2 times; the pack holds it 1")
    _refused(_with(events=[_event(numbers=[0] * 20)]), "value.events[0].numbers: 20 numbers are more than an event")
    _refused(_with(events=[_event(numbers=[MAX_INT + 1])]), "value.events[0].numbers[0]: 9007199254740993 is out of range")
    _refused(_with(events=[_event(kind="EXPLODES")]), "value.events[0].kind: 'EXPLODES' is not a EventKind")
    _refused(_with(events=[{"type": "Event", "kind": "PASSES"}] * 97), "value.events: 97 events, but one move causes at most 84")
    assert parlour.from_json(_with(events=[{"type": "Event", "kind": "PASSES"}] * 84)) == STATE


def test_a_view_shows_no_face_of_another_seats_private_event() -> None:
    seen = view(STATE, 1)
    drawn = _event(kind="DRAWS", player=0, cards=["JS"], private=True)
    _refused(_with(seen, events=[drawn]), "value.events[0].cards: a view shows the cards of another seat's private event")
    back = parlour.from_json(_with(seen, events=[{**drawn, "cards": ["??"]}]))
    assert isinstance(back, State) and back.events == (Event(EventKind.DRAWS, player=0, cards=(HIDDEN,), private=True),)
    own = parlour.from_json(_with(seen, events=[{**drawn, "player": 1, "cards": ["KS"]}]))
    assert isinstance(own, State) and own.events[0].cards == (Card.parse("KS"),)
    _refused(_with(seen, viewer=2), "not a consistent toy state: toy: the view of seat 2 shows QH in hands")
    _refused(_with(seen, viewer=7), "value.viewer: 7 is not a seat 0..2 or null")


def test_hostile_moves_are_refused_at_decode_time() -> None:
    move = _payload(Play(1, Card.parse("KS")))

    def play(**changes: object) -> str:
        return json.dumps({**move, "value": {**move["value"], **changes}})

    _refused(play(player=99), "value.player: 99 is not a seat 0..2")
    _refused(play(player=-1), "value.player: -1 is not a seat 0..2")
    _refused(play(player=True), "value.player: expected int, got bool")
    _refused(play(player=1.0), "value.player: expected int, got float")
    _refused(play(player="1"), "value.player: expected int, got str")
    _refused(play(card="ZZ"), "value.card: not a card")
    _refused(play(card=["KS"]), "value.card: expected a card such as 'QS', got a list of 1 items")
    _refused(play(type="Pass"), "value: unknown field(s) for Pass: 'card'")


def test_options_of_a_state_bound_its_decode() -> None:
    """The limits of a state come from fresh games of its own options."""
    long = new_game(3, seed=2, options=Options(target=9))
    assert parlour.from_json(parlour.to_json(long)) == long
    assert game_limits(TOY, Options(target=9)).seats == 3


# --- the registered games ----------------------------------------------------------------------


@pytest.mark.parametrize("name", parlour.game_names())
def test_every_registered_game_round_trips(name: str) -> None:
    spec = parlour.game(name)
    state = spec.new_game(seed=3)
    assert parlour.from_json(parlour.to_json(state)) == state
    seen = spec.view(state, 0)
    assert parlour.from_json(parlour.to_json(seen)) == seen
    move = spec.legal_moves(state)[0]
    assert parlour.from_json(parlour.to_json(move)) == move
    for _, options in spec.presets:
        assert parlour.from_json(parlour.to_json(options)) == options


@pytest.mark.parametrize("name", parlour.game_names())
def test_every_registered_game_has_limits_that_fit_its_fresh_games(name: str) -> None:
    spec = parlour.game(name)
    limits = game_limits(name)
    rule_sets = [spec.options_type(), *(o for _, o in spec.presets), *([] if spec.quick is None else [spec.quick])]
    assert limits.seats == max(max(spec.allowed_players(o)) for o in rule_sets)
    assert limits.nodes >= NODE_FLOOR and limits.state_type is spec.state_type
