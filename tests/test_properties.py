"""The generic property suite: every law of DESIGN.md "What every game must prove", for every game
in the registry, with no per-game code.

Each test plays seeded random games through `parlour.game(name)` only, budgeted by plies rather
than whole games (so a long game costs no more than a short one), with the game's short-match
options (`GameSpec.quick`) where a whole game is wanted. Cheap laws are checked at every ply; the
expensive ones (JSON, views, leaks, moves per seat, shuffle_unseen, illegal moves) at a sample of
plies chosen by the playout's own seed, and always at the first plies and at the end. A failure
message names the game, the options, the seed and the ply, so that it can be replayed.
"""

from __future__ import annotations

import enum
import json
from collections import Counter
import os
import random
import re
import typing
from collections.abc import Callable, Iterator
from typing import Final, TypeVar

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import parlour
from parlour import Game, GameOver, IllegalMove, NotationError
from parlour.core.cards import card_from_text
from parlour.core.events import Event, EventKind, redact_events
from parlour.core.game import GameMove, GameState
from parlour.core.zones import unseen_cards, zone_cards
from parlour.core.options import options_text, parse_options
from parlour.tools.playthrough import choose_move

NAMES: Final = parlour.game_names()
SEEDS: Final = st.integers(min_value=0, max_value=2**32 - 1)
SAMPLE_RATE: Final = 0.04
"""The share of plies (beyond the first few and the last) that get the expensive checks."""
MAX_PROBES: Final = 10
"""Past this many probed positions in one game only the end is probed (long games)."""
PLY_BUDGET: Final = 600
"""One example of the playout test plays at most this many plies (the game may not finish)."""
PRESET_PLIES: Final = 250
"""Each preset and player count plays this many plies per example (cheap laws only)..."""
PRESET_TOTAL: Final = 2000
"""...or fewer where a game has many presets and counts: together at most this many per
example, and never fewer than PRESET_FLOOR each."""
PRESET_FLOOR: Final = 80
SWEEP_PLIES: Final = int(os.environ.get("PARLOUR_SWEEP_PLIES", "15000"))
"""The plain sweep plays whole short matches from seeds 0, 1, 2... until this many plies in all
(`make test-thorough` raises it and plays the default, full-length matches)."""
SWEEP_FULL: Final = os.environ.get("PARLOUR_SWEEP_FULL", "") == "1"
"""Whether the sweep plays the default options (full matches) instead of `GameSpec.quick`."""
ALWAYS_PROBED: Final = 2
"""The first plies of every playout always get the expensive checks."""
MAX_MOVES_CHECKED: Final = 24
"""At most this many legal moves of one position go through the per-move expensive checks."""
PARSE_RATE: Final = 0.3
"""The share of plies whose chosen move goes through the notation round trip (probes check all)."""
CORRUPT_EVERY: Final = 3
"""Corrupted-JSON checks run at every third probed position (and at the end): they are the dearest."""
GARBAGE: Final = ("", "   ", "xyzzy", "play", "play ZZ", "pass pass pass", "\x00", "seat 99: pass", "-1: x")
SEAT_FIELD: Final = re.compile(
    r"^(player|seat|dealer|leader|current|first|starter|turn)$|_(player|seat|dealer|leader|taker|winner)$"
)
"""Field names that hold a seat index; corrupting them to an absent seat must be refused."""

T = TypeVar("T")
Probe = Callable[[GameState, "GameState | None", tuple[GameMove, ...], int], None]
"""probe(state, the state before the last move, the moves so far, ply)"""
PUBLIC_SHOWS: Final = frozenset({EventKind.SHOWS, EventKind.REVEALS})
"""Events that turn cards up by a rule; with a public GIVES/RECEIVES (a card handed over face
up), the only events that may name a card lying in a place the viewer may not see."""


def _where(spec: Game, seed: int, ply: int) -> str:
    return f"{spec.name} seed={seed} ply={ply}"


def _players(spec: Game, players: int | None) -> int:
    return spec.default_players if players is None else players


def _new(spec: Game, seed: int, options: object | None, players: int | None) -> GameState:
    if options is None:
        return spec.new_game(players, seed=seed)
    return spec.new_game(players, seed=seed, options=options)


def check_position(spec: Game, state: GameState, legal: tuple[GameMove, ...], n: int, where: str) -> None:
    """The cheap laws, checked at every ply."""
    over = spec.is_over(state)
    acting = spec.to_act(state)
    assert isinstance(legal, tuple), f"{where}: legal_moves returns a tuple, not {type(legal).__name__}"
    assert (legal == ()) == over, f"{where}: legal_moves is empty exactly when is_over (over={over}, {len(legal)} moves)"
    assert (acting == frozenset()) == over, f"{where}: to_act is empty exactly when is_over (over={over}, {sorted(acting)})"
    assert len(set(legal)) == len(legal), f"{where}: legal_moves lists a move twice: {[str(m) for m in legal]}"
    movers = {m.player for m in legal}
    assert movers == acting, f"{where}: the seats with moves {sorted(movers)} are not to_act {sorted(acting)}"
    for move in legal:
        assert type(move) in spec.move_types, f"{where}: {type(move).__name__} is not in GameSpec.move_types"
    scores = spec.scores(state)
    assert isinstance(scores, tuple) and len(scores) == n, f"{where}: scores {scores!r} is not one per seat"
    assert all(type(x) is int for x in scores), f"{where}: scores {scores!r} are not all ints"
    assert type(state.hand) is int and state.hand >= 1, f"{where}: hand {state.hand!r} is not a number from 1"
    assert isinstance(state.events, tuple) and all(isinstance(e, Event) for e in state.events), f"{where}: events"


def check_end(spec: Game, state: GameState, last: GameMove | None, n: int, where: str) -> None:
    """Laws of a finished game: winners, no moves, and moves refused with GameOver."""
    winners = spec.winners(state)
    assert isinstance(winners, frozenset), f"{where}: winners is a frozenset, not {type(winners).__name__}"
    assert winners <= frozenset(range(n)), f"{where}: winners {sorted(winners)} of {n} seats"
    assert spec.legal_moves(state) == () and spec.to_act(state) == frozenset()
    if last is not None:
        before = parlour.to_json(state)
        with pytest.raises(GameOver):
            spec.apply(state, last)
        assert parlour.to_json(state) == before, f"{where}: a refused move changed the state"
    for text in ("pass", "xyzzy", str(last)):
        with pytest.raises(NotationError):
            spec.parse_move(state, text)


def playout(
    spec: Game,
    seed: int,
    *,
    options: object | None = None,
    players: int | None = None,
    probe: Probe | None = None,
    plies: int | None = None,
) -> tuple[GameState, tuple[GameMove, ...]]:
    """Plays one seeded random game, checking the cheap laws at every ply.

    With `plies`, stops after that many moves whether or not the game is over; without, plays to
    the end (failing past `max_plies`). `probe` runs the expensive checks at sampled plies and on
    the final state. Returns the last state and the moves played.
    """
    n = _players(spec, players)
    chooser = random.Random(seed ^ 0x5EED)
    state = _new(spec, seed, options, players)
    spec.check_invariants(state)
    moves: list[GameMove] = []
    probed = 0
    before: GameState | None = None
    for ply in range(spec.max_plies + 1):
        where = _where(spec, seed, ply)
        legal = spec.legal_moves(state)
        check_position(spec, state, legal, n, where)
        rate = SAMPLE_RATE if probed < MAX_PROBES else 0.0
        last = not legal or ply == plies
        if probe is not None and (ply < ALWAYS_PROBED or last or chooser.random() < rate):
            probed += 1
            probe(state, before, tuple(moves), ply)
        if ply == plies and legal:
            return state, tuple(moves)
        if not legal:
            check_end(spec, state, moves[-1] if moves else None, n, where)
            return state, tuple(moves)
        move = choose_move(chooser, legal)
        if chooser.random() < PARSE_RATE:
            assert spec.parse_move(state, str(move), move.player) == move, f"{where}: parse_move(str({move!r})) is another move"
        following = spec.apply(state, move)
        try:
            spec.check_invariants(following)
        except ValueError as exc:
            raise AssertionError(f"{where}: after {move}: {exc}") from exc
        moves.append(move)
        before, state = state, following
    raise AssertionError(f"{spec.name} seed={seed}: no end within max_plies={spec.max_plies}")


# --- the expensive checks of one position ---------------------------------------------------


def _roundtrip(value: object, where: str) -> object:
    text = parlour.to_json(value)
    back = parlour.from_json(text)
    assert back == value and type(back) is type(value), f"{where}: JSON round trip of {type(value).__name__} differs"
    assert parlour.to_json(back) == text, f"{where}: JSON text of a read-back value differs"
    return back


def _attrs_fields(cls: type) -> tuple[attrs.Attribute[object], ...]:
    assert attrs.has(cls), f"{cls.__name__} is not an attrs class"
    return tuple(attrs.fields(cls))


def _evolve(value: T, **changes: object) -> T:
    """attrs.evolve for a value known only through a protocol (states, moves)."""
    cls = type(value)
    assert attrs.has(cls), f"{cls.__name__} is not an attrs class"
    current = {f.alias or f.name: getattr(value, f.name) for f in attrs.fields(cls) if f.init}
    return typing.cast(T, cls(**{**current, **changes}))


def _without_rng(state: GameState) -> GameState:
    return _evolve(state, rng=None)


@attrs.define
class Prober:
    """The expensive checks, run at sampled positions of one playout; keeps what it saw."""

    spec: Game
    seed: int
    n: int
    options: object | None = None
    players: int | None = None
    shuffles_hid_something: bool = False
    shuffles_changed_rng: bool = False
    stale: list[GameMove] = attrs.field(factory=list)
    probes: int = 0

    def __call__(self, state: GameState, before: GameState | None, history: tuple[GameMove, ...], ply: int) -> None:
        where = _where(self.spec, self.seed, ply)
        legal = self.spec.legal_moves(state)
        assert self.spec.legal_moves(state) == legal, f"{where}: legal_moves is not stable"
        self.check_json(state, legal, where)
        if self.probes % CORRUPT_EVERY == 0 or not legal:
            check_corruptions(self.spec, state, self.n, where)
        self.probes += 1
        self.check_views(state, before, where)
        self.check_refusals(state, legal, where)
        self.stale.extend(legal[:MAX_MOVES_CHECKED])
        del self.stale[:-200]

    def check_json(self, state: GameState, legal: tuple[GameMove, ...], where: str) -> None:
        back = _roundtrip(state, where)
        assert hash(back) == hash(state), f"{where}: equal states hash differently"
        assert isinstance(back, type(state))
        assert self.spec.legal_moves(back) == legal, f"{where}: a state read from JSON has other legal moves"
        for move in legal[:MAX_MOVES_CHECKED]:
            _roundtrip(move, f"{where} move {move}")
        for move in legal:
            assert self.spec.parse_move(state, str(move), move.player) == move, f"{where}: parse_move(str({move!r})) is another move"

    def check_views(self, state: GameState, before: GameState | None, where: str) -> None:
        spec = self.spec
        legal = spec.legal_moves(state)
        for seat in (None, *range(self.n)):
            at = f"{where} view for {seat}"
            seen = spec.view(state, seat)
            assert type(seen) is type(state), f"{at}: a view is a {type(state).__name__}"
            assert seen.rng is None, f"{at}: a view shows the random source"
            assert seen.viewer == seat, f"{at}: the view records viewer {seen.viewer!r}"
            assert spec.view(seen, seat) == seen, f"{at}: a view of the view differs from the view"
            spec.check_invariants(seen)
            _roundtrip(seen, at)
            check_no_leak(spec, state, before, seat, seen, at)
            mine = legal if seat is None else spec.legal_moves(state, seat)
            assert all(m.player == seat for m in mine) or seat is None, f"{at}: legal_moves(state, seat) has other seats' moves"
            assert spec.legal_moves(seen) == (() if seat is None else mine), (
                f"{at}: the view's moves {[str(m) for m in spec.legal_moves(seen)]} are not the seat's real moves "
                f"{[str(m) for m in mine]}"
            )
            for move in mine[:MAX_MOVES_CHECKED] if seat is not None else ():
                assert spec.parse_move(seen, str(move)) == move, f"{at}: parse_move on the view misreads {move}"
                assert spec.parse_move(state, str(move), seat) == move, f"{at}: parse_move(..., player) misreads {move}"
                assert spec.parse_move(state, f"{seat}: {move}") == move, f"{at}: the seat prefix misreads {move}"
            assert seen.events == redact_events(state.events, seat), f"{at}: events are not redacted for the seat"
            assert spec.to_act(seen) == spec.to_act(state), f"{at}: to_act of the view differs"
            assert spec.is_over(seen) == spec.is_over(state), f"{at}: is_over of the view differs"
            assert spec.scores(seen) == spec.scores(state), f"{at}: scores of the view differ"
            if legal:
                with pytest.raises(ValueError):
                    spec.apply(seen, legal[0])
            for k in range(1):
                other = spec.shuffle_unseen(state, seat, self.seed * 7 + self.probes + k)
                spec.check_invariants(other)
                assert type(other) is type(state)
                shuffled_view = spec.shuffle_unseen(seen, seat, k)
                assert shuffled_view.rng is None, f"{at}: shuffle_unseen turned a view into a playable state"
                assert spec.view(other, seat) == seen, (
                    f"{at}: the view changed when only hidden information changed (shuffle_unseen seed {k});"
                    f"\n{spec.render(seen)}\n--- versus ---\n{spec.render(spec.view(other, seat))}"
                )
                if seat is not None:
                    theirs = spec.legal_moves(other, seat)
                    assert mine == theirs, f"{at}: the seat's own legal moves depend on what it cannot see"
                assert spec.to_act(other) == spec.to_act(state), f"{at}: to_act depends on hidden information"
                self.shuffles_changed_rng |= other.rng != state.rng
                self.shuffles_hid_something |= _without_rng(other) != _without_rng(state)

    def check_refusals(self, state: GameState, legal: tuple[GameMove, ...], where: str) -> None:
        spec = self.spec
        before = parlour.to_json(state)
        for text in GARBAGE:
            with pytest.raises(NotationError):
                spec.parse_move(state, text)
        refused: list[GameMove] = [m for m in self.stale if m not in legal][-3:]
        for move in legal[:MAX_MOVES_CHECKED]:
            for seat in range(self.n):
                if seat == move.player or not attrs.has(type(move)):
                    continue
                try:
                    moved = _evolve(move, player=seat)
                except (TypeError, ValueError):
                    continue
                if moved not in legal:
                    refused.append(moved)
                    text = f"{seat}: {move}"
                    if not any(str(m) == str(move) and m.player == seat for m in legal):
                        with pytest.raises(NotationError):
                            spec.parse_move(state, text)
                    break
            if len(refused) >= 6:
                break
        for move in refused:
            with pytest.raises(IllegalMove):
                spec.apply(state, move)
        if legal:
            spec.apply(state, legal[-1])
        assert parlour.to_json(state) == before, f"{where}: a refused or applied move changed its input"

    def finish(self, final: GameState, history: tuple[GameMove, ...]) -> None:
        """Whole-game laws: determinism, and that shuffle_unseen really rearranged something."""
        replayed = _new(self.spec, self.seed, self.options, self.players)
        for move in history:
            replayed = self.spec.apply(replayed, move)
        where = f"{self.spec.name} seed={self.seed}"
        assert replayed == final, f"{where}: replaying the same moves from the same seed gives another state"
        assert replayed.events == final.events, f"{where}: replaying gives other events"
        assert _new(self.spec, self.seed, self.options, self.players) == _new(
            self.spec, self.seed, self.options, self.players
        ), f"{where}: new_game with one seed gives two states"
        if not self.probes:
            return
        if self.spec.chance and final.rng is not None:
            assert self.shuffles_changed_rng, f"{where}: shuffle_unseen never changed the random source"
        if self.spec.hidden_information and len(history) > ALWAYS_PROBED:
            assert self.shuffles_hid_something, f"{where}: shuffle_unseen never rearranged any hidden information"


def check_no_leak(
    spec: Game, state: GameState, before: GameState | None, seat: int | None, seen: GameState, where: str
) -> None:
    """No face of a card lying where `seat` may not see appears anywhere in its view's JSON.

    Outside events: none at all. In events: none that was also unseen before the last move,
    except where a rule turns cards up (SHOWS, REVEALS, a public GIVES/RECEIVES) and the seat's
    own private events. Faces of which another copy lies in plain sight (two-pack games), now
    or before the move, are not secrets.
    """
    if not spec.zones:
        return
    unseen = Counter(unseen_cards(state, seat, spec.zones))
    visible = {str(c) for c in Counter(zone_cards(state, spec.zones)) - unseen}
    secret = {str(c) for c in unseen} - visible
    if not secret:
        return
    value = json.loads(parlour.to_json(seen))["value"]
    events = value.pop("events", [])
    rest = json.dumps(value)
    shown = sorted(face for face in secret if f'"{face}"' in rest)
    assert not shown, f"{where}: the view shows {shown}, which lie where seat {seat} may not see"
    if before is None:
        return
    unseen_before = Counter(unseen_cards(before, seat, spec.zones))
    in_sight_before = {str(c) for c in Counter(zone_cards(before, spec.zones)) - unseen_before}
    earlier = {str(c) for c in unseen_before} - in_sight_before
    deals = [i for i, event in enumerate(events) if event["kind"] == EventKind.DEALS.name]
    if deals:
        # The move ended a hand and dealt the next from a fresh shuffle: what its events say of
        # the finished hand tells nothing about where the new deal put those cards.
        events = events[deals[-1] :]
    for event in events:
        kind = EventKind[event["kind"]]
        if kind in PUBLIC_SHOWS or (event.get("private") and event.get("player") == seat):
            continue
        if kind in (EventKind.GIVES, EventKind.RECEIVES) and not event.get("private"):
            continue
        named = sorted(secret & earlier & set(event.get("cards", [])))
        assert not named, f"{where}: event {event} names {named}, unseen by seat {seat} before and after the move"


# --- corrupted JSON ---------------------------------------------------------------------------

JSON = object
"""A value as json.loads returns it (dict, list, str, int, float, bool or None)."""


def _nodes(tree: JSON, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], JSON]]:
    yield path, tree
    if isinstance(tree, dict):
        for key, value in tree.items():
            yield from _nodes(value, (*path, key))
    elif isinstance(tree, list):
        for i, value in enumerate(tree):
            yield from _nodes(value, (*path, i))


def _set(tree: JSON, path: tuple[str | int, ...], value: JSON) -> JSON:
    """A copy of `tree` with the value at `path` replaced."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(tree, dict) and isinstance(head, str):
        return {**tree, head: _set(tree[head], rest, value)}
    if isinstance(tree, list) and isinstance(head, int):
        return [*tree[:head], _set(tree[head], rest, value), *tree[head + 1 :]]
    raise AssertionError(f"bad path {path}")


def _get(tree: JSON, path: tuple[str | int, ...]) -> JSON:
    for step in path:
        if isinstance(tree, dict) and isinstance(step, str):
            tree = tree[step]
        elif isinstance(tree, list) and isinstance(step, int):
            tree = tree[step]
        else:
            raise AssertionError(f"bad path {path}")
    return tree


def _drop(tree: JSON, path: tuple[str | int, ...]) -> JSON:
    """A copy of `tree` without the dict key at the end of `path`."""
    parent = _get(tree, path[:-1])
    assert isinstance(parent, dict)
    return _set(tree, path[:-1], {k: v for k, v in parent.items() if k != path[-1]})


def _is_card(value: JSON) -> bool:
    if not isinstance(value, str):
        return False
    try:
        return not card_from_text(value).is_hidden
    except ValueError:
        return False


def _refused(text: str | bytes, where: str, what: str) -> None:
    try:
        parlour.from_json(text)
    except ValueError:
        return
    except Exception as exc:  # noqa: BLE001 - any other error is the bug this check looks for
        raise AssertionError(f"{where}: from_json of {what} raised {type(exc).__name__}: {exc}") from exc
    raise AssertionError(f"{where}: from_json accepted {what}")


def corruptions(payload: dict[str, JSON], n: int, rng: random.Random) -> Iterator[tuple[str, JSON]]:
    """Variants of a state's JSON that no game may accept, each with a description."""
    value = payload["value"]
    assert isinstance(value, dict)
    # Events and options are not positions: leave them alone when looking for seats and cards.
    nodes = [(p, v) for p, v in _nodes(payload) if not (len(p) > 1 and p[1] in ("events", "options"))]
    yield "an unknown type tag", _set(payload, ("value", "type"), "NoSuchState")
    yield "an unknown field", _set(payload, ("value",), {**value, "no_such_field": 1})
    yield "a wrong game", {**payload, "game": "no_such_game"}
    yield "hand 0", _set(payload, ("value", "hand"), 0)
    fields = [key for key in value if key != "type"]
    for key in rng.sample(fields, min(3, len(fields))):
        yield f"{key} as a float", _set(payload, ("value", key), 0.5)
        yield f"{key} as a dict of an unknown type", _set(payload, ("value", key), {"type": "Nope"})
    tagged = [p for p, node in nodes if isinstance(node, dict) and "type" in node and len(p) > 2]
    for path in rng.sample(tagged, min(2, len(tagged))):
        yield f"an unknown type tag at {path}", _set(payload, (*path, "type"), "Bogus")
    seats = [
        p
        for p, node in nodes
        if len(p) >= 2 and isinstance(p[-1], str) and SEAT_FIELD.search(p[-1]) and type(node) is int
    ]
    for path in seats:
        yield f"seat {n} at {path}", _set(payload, path, n)
        yield f"seat -1 at {path}", _set(payload, path, -1)
    # Zones are state fields holding cards or lists of cards (hands); nested records such as a
    # scored showdown may legitimately repeat cards of a zone.
    cards = [(p, node) for p, node in nodes if len(p) > 2 and all(type(i) is int for i in p[2:]) and _is_card(node)]
    if cards and value.get("rng") is not None:
        path = cards[rng.randrange(len(cards))][0]
        yield f"a hidden card at {path} in a state that is not a view", _set(payload, path, "??")
    if len(cards) >= 2:
        for _ in range(3):
            (path, old), (_, new) = rng.sample(cards, 2)
            if old != new:
                yield f"a duplicated card {new} at {path}", _set(payload, path, new)


def check_corruptions(spec: Game, state: GameState, n: int, where: str) -> None:
    """from_json refuses corrupted variants of the state's JSON with ValueError, nothing else."""
    text = parlour.to_json(state)
    payload = json.loads(text)
    rng = random.Random(text)
    for what, variant in corruptions(payload, n, rng):
        _refused(json.dumps(variant), where, what)
    value = payload["value"]
    assert isinstance(value, dict)
    for field in _attrs_fields(type(state)):
        if field.init and field.default is attrs.NOTHING and field.name in value:
            _refused(json.dumps(_drop(payload, ("value", field.name))), where, f"a state without {field.name}")
    _refused(text[: len(text) // 2], where, "truncated text")
    _refused(text.encode("utf-8") + b"\xff", where, "non-UTF-8 bytes")


# --- the tests ----------------------------------------------------------------------------------


def examples(share: float) -> settings:
    """The profile's example count scaled for a dearer (share < 1) or cheaper test."""
    base = settings.default
    assert base is not None
    return settings(max_examples=max(2, round(base.max_examples * share)))



pytestmark = pytest.mark.parametrize("spec", NAMES, indirect=True)
"""Every test here runs once per registered game."""


@pytest.fixture(scope="module")
def spec(request: pytest.FixtureRequest) -> Game:
    """The GameSpec of the game named by the test's parameter."""
    name = request.param
    assert isinstance(name, str)
    return parlour.game(name)


def _quick(spec: Game) -> object | None:
    return spec.quick


@given(seed=SEEDS)
def test_random_playouts_obey_every_law(spec: Game, seed: int) -> None:
    """A seeded random short match, up to PLY_BUDGET plies, with every cheap law at every ply and
    the expensive ones (JSON, corrupted JSON, views, leaks, moves per seat, refusals) at sampled
    plies; determinism and the end of the game when it ends within the budget."""
    prober = Prober(spec, seed, spec.default_players, options=_quick(spec))
    final, history = playout(spec, seed, options=_quick(spec), probe=prober, plies=PLY_BUDGET)
    prober.finish(final, history)


def _counts(spec: Game) -> list[tuple[str, object, int]]:
    """Every (preset label, options, player count) the presets allow, the defaults first."""
    rows: list[tuple[str, object, int]] = []
    for label, options in (("default", spec.options_type()), *spec.presets):
        rows.extend((label, options, count) for count in spec.allowed_players(options))
    return rows


@examples(0.5)
@given(seed=SEEDS)
def test_every_preset_and_player_count_obeys_the_cheap_laws(spec: Game, seed: int) -> None:
    """Every preset of the seeds with every player count it allows plays PRESET_PLIES plies
    (fewer each where there are many: PRESET_TOTAL in all, at least PRESET_FLOOR each)."""
    combos = _counts(spec)
    plies = max(PRESET_FLOOR, min(PRESET_PLIES, PRESET_TOTAL // len(combos)))
    for label, options, count in combos:
        try:
            playout(spec, seed, options=options, players=count, plies=plies)
        except AssertionError as exc:
            raise AssertionError(f"preset {label} with {count} players: {exc}") from exc


@examples(0.25)
@given(seed=SEEDS)
def test_views_and_json_of_other_presets_and_player_counts(spec: Game, seed: int) -> None:
    """The expensive checks also hold for one preset and player count drawn per example."""
    label, options, count = random.Random(seed).choice(_counts(spec))
    prober = Prober(spec, seed, count, options=options, players=count)
    try:
        final, history = playout(spec, seed, options=options, players=count, probe=prober, plies=PRESET_PLIES)
    except AssertionError as exc:
        raise AssertionError(f"preset {label} with {count} players: {exc}") from exc
    prober.finish(final, history)


def test_new_game_refuses_player_counts_the_rules_do_not_allow(spec: Game) -> None:
    allowed = set(spec.players)
    assert spec.default_players in allowed
    assert spec.players == tuple(sorted(allowed)), "GameSpec.players is sorted, each count once"
    for count in (-1, 0, 1, 2, max(allowed) + 1, 99):
        if count in allowed:
            continue
        with pytest.raises(ValueError) as info:
            spec.new_game(count, seed=1)
        assert all(str(c) in str(info.value) for c in allowed), f"the message names the counts: {info.value}"
    for count in allowed:
        state = spec.new_game(count, seed=1)
        assert len(spec.scores(state)) == count


def test_new_game_refuses_options_of_another_type(spec: Game) -> None:
    """Options of another game (or any other value) get a ValueError that names the expected class."""
    other = parlour.game(next(n for n in NAMES if n != spec.name)).options_type()
    for wrong in (other, "hoyle", 3):
        with pytest.raises(ValueError, match=rf"options must be {spec.name}\.Options, not \S*{type(wrong).__name__}"):
            spec.new_game(seed=1, options=wrong)
    assert spec.new_game(seed=1, options=None) == spec.new_game(seed=1, options=spec.options_type())


def test_spec_describes_the_game(spec: Game) -> None:
    state = spec.new_game(seed=3)
    assert type(state) is spec.state_type
    assert type(spec.options_type()) is spec.options_type
    assert parlour.game(spec.name) is spec
    labels = [label for label, _ in spec.presets]
    assert len(set(labels)) == len(labels), "preset names are unique"
    assert all(type(o) is spec.options_type for _, o in spec.presets)
    assert spec.new_game(seed=3) == state
    assert state.rng is not None and spec.new_game().rng is not None, "new_game stores a random source"
    if spec.chance:
        firsts = {parlour.to_json(spec.new_game(seed=s)) for s in range(8)}
        assert len(firsts) > 1, "the seed makes no difference to the game"
    assert spec.render(state) and spec.render(spec.view(state, 0))
    assert spec.quick is None or type(spec.quick) is spec.options_type
    assert spec.default_players in spec.allowed_players(spec.options_type())
    for zone in spec.zones:
        assert hasattr(state, zone.field), f"zone {zone.field} is not a field of {spec.name}.State"


def test_options_text_round_trips_for_defaults_and_presets(spec: Game) -> None:
    assert options_text(spec.name, spec.options_type()) == spec.name
    for label, options in (("default", spec.options_type()), *spec.presets):
        text = options_text(spec.name, options)
        assert parse_options(spec.options_type, text) == (spec.name, options), f"preset {label}: {text}"
        _roundtrip(options, f"{spec.name} preset {label}")
    for bad in (f"{spec.name}(no_such_option=1)", f"{spec.name}(", f"{spec.name}(=)", "", "!"):
        with pytest.raises(ValueError):
            parse_options(spec.options_type, bad)


def _field_values(annotation: object, default: object) -> st.SearchStrategy[object]:
    if annotation is bool:
        return st.booleans()
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return st.sampled_from(list(annotation))
    if annotation is int and isinstance(default, int):
        near = st.integers(min_value=default - 3, max_value=default + 3)
        return st.just(default) | near | st.integers(min_value=default - 5, max_value=default + 200)
    return st.just(default)


@settings(suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_any_valid_options_round_trip_as_text_and_json(spec: Game, data: st.DataObject) -> None:
    """Options built from any field values the options class accepts read back from both forms."""
    hints = typing.get_type_hints(spec.options_type)
    values = {
        f.name: data.draw(_field_values(hints[f.name], getattr(spec.options_type(), f.name)), label=f.name)
        for f in _attrs_fields(spec.options_type)
        if f.init
    }
    try:
        options = spec.options_type(**values)
    except ValueError:
        assume(False)
        return
    text = options_text(spec.name, options)
    assert parse_options(spec.options_type, text) == (spec.name, options), text
    _roundtrip(options, f"{spec.name} options {text}")


_HOSTILE: Final[tuple[JSON, ...]] = (
    None, True, False, 0, -1, 1, 7, 2**70, -(2**70), 0.5, "", "??", "AS", "JK", "x", "HIDDEN",
    [], [0], ["AS", "AS"], [None], {}, {"type": "Card"}, {"type": "Rng", "seed": 1, "counter": -1},
)  # fmt: skip


@given(seed=SEEDS)
def test_from_json_of_mutated_states_raises_only_value_error(spec: Game, seed: int) -> None:
    """Random single-value mutations of a state's JSON are refused with ValueError or give a state
    the game can work with (its verbs do not crash on it)."""
    chooser = random.Random(seed)
    state = spec.new_game(seed=seed)
    for _ in range(chooser.randrange(60)):
        legal = spec.legal_moves(state)
        if not legal:
            break
        state = spec.apply(state, legal[chooser.randrange(len(legal))])
    payload = json.loads(parlour.to_json(state))
    nodes = [p for p, _ in _nodes(payload["value"])]
    for _ in range(6):
        path = ("value", *chooser.choice(nodes))
        variant = json.dumps(_set(payload, path, chooser.choice(_HOSTILE)))
        try:
            back = parlour.from_json(variant)
        except ValueError:
            continue
        except Exception as exc:  # noqa: BLE001 - anything but ValueError is the bug
            raise AssertionError(f"mutating {path}: {type(exc).__name__}: {exc}") from exc
        assert isinstance(back, spec.state_type)
        spec.to_act(back), spec.is_over(back), spec.scores(back)
        for move in spec.legal_moves(back)[:3] if back.rng is not None else ():
            spec.apply(back, move)
        for seat in (None, 0) if back.rng is not None else (back.viewer,):
            spec.view(back, seat)


def test_seeded_whole_matches_reach_their_end(spec: Game) -> None:
    """Whole short matches from seeds 0, 1, 2... until SWEEP_PLIES plies in all, each to its end,
    with the game's invariants (conservation, score laws) checked whenever a new hand starts and
    at the end. `make test-thorough` plays full-length default matches and many more plies."""
    options = None if SWEEP_FULL else _quick(spec)
    plies = 0
    seed = 0
    while plies < SWEEP_PLIES:
        chooser = random.Random(seed)
        state = _new(spec, seed, options, None)
        for _ in range(spec.max_plies):
            legal = spec.legal_moves(state)
            if not legal:
                break
            following = spec.apply(state, choose_move(chooser, legal))
            plies += 1
            if following.hand != state.hand:
                spec.check_invariants(following)
            state = following
        where = f"{spec.name} seed={seed}"
        assert spec.is_over(state), f"{where}: no end within max_plies={spec.max_plies}"
        spec.check_invariants(state)
        winners = spec.winners(state)
        assert winners <= frozenset(range(len(spec.scores(state)))), f"{where}: winners {winners}"
        seed += 1
