"""Hostile JSON and hostile moves for every registered game, with no per-game code.

A game server reads states, views, moves and options from anyone. For every game in the
registry, hypothesis takes the JSON of real values (states and views from short seeded
playouts of every rule set, their legal moves, the options) and attacks it:

- mutations: a node replaced, inserted or deleted, with huge ints, floats, bools, nulls, long
  strings, control characters, cards (duplicated, hidden, foreign), unknown tags, absent seats,
  another node of the same value (swapped types) or deep nesting;
- sizes: long lists anywhere, 20 MB of text, deeply nested arrays;
- foreign values: another game's state, view, move or options with the game's name changed.

`from_json` must raise ValueError and nothing else, or return a value of the game's own
classes on which the game's verbs raise nothing but ValueError (IllegalMove is one), and which
reads back from its own JSON as itself. And
`apply` must refuse with IllegalMove whatever is not one of the game's legal moves (another
game's move, options, text, None, a move whose seat is True, 1.0, -1 or 99), refuse views with
ValueError, also after `shuffle_unseen`.

The number of examples scales with the hypothesis profile (conftest.py): about twenty seconds
for the five first games under ``HYPOTHESIS_PROFILE=ci``.
"""

from __future__ import annotations

import json
import random
import typing
from collections.abc import Callable, Iterator
from functools import cache
from typing import Final, TypeAlias, TypeVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour import Game, IllegalMove
from parlour.core.game import GameMove, GameState
from parlour.core.serialize import MAX_TEXT, game_limits

NAMES: Final = parlour.game_names()
PROFILE_EXAMPLES: Final = settings.default.max_examples if settings.default is not None else 50
"""The loaded profile's examples per test (dev 8, ci 50, thorough 300); each test scales it."""
PLIES: Final = (0, 1, 2, 4, 8, 16, 32, 64)
"""The plies of each seeded playout whose state joins a game's pool."""
SEEDS: Final = 2
"""Seeded playouts per rule set and player count."""
APPLIED: Final = 3
"""How many legal moves of a decoded state are applied."""
LONG: Final = 100_000
"""The length of the long lists of the size attacks."""
WALKED: Final = 16
"""A mutation picks its place among the first this many items of each list."""
SMALL: Final = 400
"""Nodes of at most this many values may be copied elsewhere by a mutation."""

T = TypeVar("T")
JSON: TypeAlias = typing.Any
"""A value as json.loads returns it."""
Path: TypeAlias = tuple[str | int, ...]
SENTINEL: Final = "\x00raw:"
"""A string node replaced after json.dumps by raw text (deep nesting, numbers json cannot write)."""
RAW: Final = (
    "[" * 40 + "]" * 40,
    "[" * 5000 + "]" * 5000,
    "9" * 5000,
    "-" + "1" * 4400,
    "12345678901234567890",
    "NaN",
    "-Infinity",
    "1e999",
)
HOSTILE: Final[tuple[JSON, ...]] = (
    2**53 + 1, -(2**53) - 1, 2**63, 2**64 + 1, 10**30, -1, 0, 99, 2**31,
    0.5, 1.0, -0.0, 1e300,
    True, False, None,
    "", " ", "??", "AS", "10H", "JK", "ZZ", "1", "x" * 10_000, "\x00", "a\nb", "\x1b[2J", "\u202e", "\ud800",
    {}, [], [[]], {"type": "Nope"}, {"type": "State"}, {"type": "Options"}, {"type": "Event", "kind": "PLAYS", "player": 99},
    {"type": "Rng", "seed": -1, "counter": 0}, {"type": "Rng", "seed": 1, "counter": 2**40}, ["AS", "AS"], ["??"] * 3,
)  # fmt: skip


# --- real values -------------------------------------------------------------------------------


@attrs.frozen
class Pool:
    """One game's real values and their JSON payloads."""

    states: tuple[GameState, ...]
    """Real states (with a random source), from the start and from playouts."""
    views: tuple[GameState, ...]
    moves: tuple[GameMove, ...]
    options: tuple[object, ...]
    payloads: tuple[tuple[str, JSON], ...]
    """(what, payload) for every value above."""


def _rule_sets(spec: Game) -> list[tuple[str, object]]:
    sets = [("defaults", spec.options_type()), *spec.presets]
    return sets + ([] if spec.quick is None else [("quick", spec.quick)])


@cache
def pool(name: str) -> Pool:
    """States, views, moves and options of seeded playouts of every rule set (fewest and most
    players), kept at the plies of `PLIES`."""
    spec = parlour.game(name)
    states: list[GameState] = []
    for _, options in _rule_sets(spec):
        counts = spec.allowed_players(options)
        for players in sorted({min(counts), max(counts)}):
            for seed in range(SEEDS):
                chooser = random.Random(seed)
                state = spec.new_game(players, seed=seed, options=options)
                for ply in range(PLIES[-1] + 1):
                    legal = spec.legal_moves(state)
                    if ply in PLIES or not legal:
                        states.append(state)
                    if not legal:
                        break
                    state = spec.apply(state, chooser.choice(legal))
    views = tuple(spec.view(s, seat) for i, s in enumerate(states) for seat in (i % len(spec.scores(s)), None))
    moves = tuple(m for s in states for m in spec.legal_moves(s)[:2])
    options_values = tuple(o for _, o in _rule_sets(spec))
    payloads = tuple(
        (f"{kind} {i}", json.loads(parlour.to_json(value)))
        for kind, values in (("state", states), ("view", views), ("move", moves), ("options", options_values))
        for i, value in enumerate(values)
    )
    return Pool(tuple(states), views, moves, options_values, payloads)


# --- the verbs on what from_json accepted -------------------------------------------------------


def safely(where: str, verb: Callable[..., T], *args: object) -> T | None:
    """The verb's result, None for a ValueError; any other exception fails the test."""
    try:
        return verb(*args)
    except ValueError:
        return None
    except Exception as exc:
        name = getattr(verb, "__name__", repr(verb))
        raise AssertionError(f"{where}: {name} raised {type(exc).__name__}: {exc}") from exc


def exercise(spec: Game, value: object, where: str) -> None:
    """A value from_json returned is of the game's classes, and its verbs do not crash."""
    if isinstance(value, spec.state_type):
        exercise_state(spec, value, where)
    elif type(value) in spec.move_types:
        move = typing.cast(GameMove, value)
        for state in pool(spec.name).states[:4]:
            safely(f"{where} applied", spec.apply, state, move)
    elif isinstance(value, spec.options_type):
        for players in safely(f"{where} players", spec.allowed_players, value) or ():
            safely(f"{where} new game", lambda: spec.new_game(players, seed=1, options=value))
    else:
        raise AssertionError(f"{where}: from_json gave a {type(value).__name__}, not a value of {spec.name}")


def exercise_state(spec: Game, state: GameState, where: str) -> None:
    legal = safely(where, spec.legal_moves, state) or ()
    safely(where, spec.to_act, state)
    safely(where, spec.is_over, state)
    safely(where, spec.winners, state)
    seats = len(safely(where, spec.scores, state) or ())
    for seat in range(seats):
        safely(f"{where} seat {seat}", spec.legal_moves, state, seat)
    for viewer in (*range(seats), None):
        safely(f"{where} viewer {viewer}", spec.view, state, viewer)
    if state.rng is None:
        for move in legal[:1]:
            with pytest.raises(ValueError):
                spec.apply(state, move)
        return
    for move in legal[:APPLIED]:
        safely(f"{where} {move}", spec.apply, state, move)


def check_from_json(spec: Game, text: str | bytes, what: str) -> object | None:
    """from_json raises ValueError or gives a value the verbs survive; returns it (or None)."""
    where = f"{spec.name}: {what}"
    try:
        value = parlour.from_json(text)
    except ValueError:
        return None
    except Exception as exc:
        raise AssertionError(f"{where}: from_json raised {type(exc).__name__}: {exc}") from exc
    exercise(spec, value, where)
    again = parlour.from_json(parlour.to_json(value))
    assert again == value and type(again) is type(value), f"{where}: an accepted value does not round-trip"
    return value


# --- mutations ---------------------------------------------------------------------------------


def nodes(tree: JSON, path: Path = (), *, most: int | None = None) -> Iterator[Path]:
    """The path of every node of a JSON tree, the root first; with `most`, only the first
    `most` items of each list (an attack's long list is not walked again)."""
    yield path
    if isinstance(tree, dict):
        for key, item in tree.items():
            yield from nodes(item, (*path, key), most=most)
    elif isinstance(tree, list):
        for i, item in enumerate(tree[:most]):
            yield from nodes(item, (*path, i), most=most)


def get(tree: JSON, path: Path) -> JSON:
    for step in path:
        tree = tree[step]
    return tree


def changed(tree: JSON, path: Path, change: Callable[[JSON], JSON]) -> JSON:
    """A copy of the tree with the node at `path` replaced by `change(node)`."""
    if not path:
        return change(tree)
    head, rest = path[0], path[1:]
    if isinstance(tree, dict):
        return {**tree, head: changed(tree[head], rest, change)}
    copy = list(tree)
    copy[typing.cast(int, head)] = changed(copy[typing.cast(int, head)], rest, change)
    return copy


def inserted(tree: JSON, path: Path, new: JSON) -> JSON:
    """A copy with `new` added next to the node at `path` (in its list, or as a new key)."""
    if not path:
        return [tree, new]
    parent, last = path[:-1], path[-1]

    def add(container: JSON) -> JSON:
        if isinstance(container, list):
            return [*container[: typing.cast(int, last)], new, *container[typing.cast(int, last) :]]
        return {**container, f"{last}_": new}

    return changed(tree, parent, add)


def deleted(tree: JSON, path: Path) -> JSON:
    """A copy without the node at `path` (the root becomes null)."""
    if not path:
        return None
    parent, last = path[:-1], path[-1]

    def drop(container: JSON) -> JSON:
        if isinstance(container, list):
            return [item for i, item in enumerate(container) if i != last]
        return {key: item for key, item in container.items() if key != last}

    return changed(tree, parent, drop)


def hostile(data: st.DataObject, tree: JSON, seats: int) -> JSON:
    """A hostile value: a fixed one, an absent seat, another node of the tree, a long list of
    one, raw text for json to splice in, or anything small hypothesis makes up."""
    choice = data.draw(st.integers(0, 6), label="hostile kind")
    if choice == 0:
        return data.draw(st.sampled_from(HOSTILE), label="fixed")
    if choice == 1:
        return data.draw(st.sampled_from([-1, seats, seats + 1, 99, -(2**31)]), label="seat")
    if choice == 2:
        return pick(data, small_nodes(tree), "copied node")
    if choice == 3:
        item = pick(data, small_nodes(tree), "repeated node")
        lengths = [2, 53, 109, 1000] + ([LONG] if not isinstance(item, (list, dict)) else [])
        return [item] * data.draw(st.sampled_from(lengths), label="length")
    if choice == 4:
        return SENTINEL + data.draw(st.sampled_from(RAW), label="raw")
    if choice == 5:
        return data.draw(st.integers() | st.floats() | st.text(max_size=12) | st.booleans(), label="scalar")
    depth = data.draw(st.integers(1, 60), label="depth")
    nested: JSON = data.draw(st.sampled_from(["AS", 1, None, {}]), label="core")
    for _ in range(depth):
        nested = [nested]
    return nested


def pick(data: st.DataObject, items: list[T], label: str) -> T:
    """One of the items, drawn by its index (hypothesis then shows a number, not a value)."""
    return items[data.draw(st.integers(0, len(items) - 1), label=label)]


def small(node: JSON, budget: int = SMALL) -> int:
    """What is left of `budget` after counting the node's values (negative: too big to copy)."""
    budget -= 1
    items = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
    for item in items:
        if budget < 0:
            break
        budget = small(item, budget)
    return budget


def small_nodes(tree: JSON) -> list[JSON]:
    """The nodes of the tree small enough to copy (so that attacks do not compound in size)."""
    found = [get(tree, path) for path in nodes(tree, most=WALKED)]
    return [node for node in found if small(node) >= 0] or [None]


def dumped(tree: JSON) -> str:
    """json.dumps with the sentinel strings replaced by their raw text."""
    text = json.dumps(tree)
    if json.dumps(SENTINEL)[1:-1] in text:
        for raw in RAW:
            text = text.replace(json.dumps(SENTINEL + raw), raw)
    return text


def similar(data: st.DataObject, node: JSON, tree: JSON, seats: int) -> JSON:
    """A value of the node's own JSON type, so that the mutated value often still decodes: a
    flipped bool, a nearby or absent seat, another card or name of the tree, a list with an item
    doubled, dropped or swapped, another object of the same tag."""
    if isinstance(node, bool):
        return not node
    if isinstance(node, int):
        return data.draw(st.sampled_from([node + 1, node - 1, 0, -1, seats - 1, seats, 2**31, 2**53]), label="int")
    same = [get(tree, p) for p in nodes(tree, most=WALKED)]
    if isinstance(node, str):
        strings = sorted({x for x in same if isinstance(x, str) and len(x) < 20} | {"AS", "2C", "JK", "??", "10H"})
        return pick(data, strings, "string")
    if isinstance(node, list):
        items = list(node)
        if items:
            i = data.draw(st.integers(0, len(items) - 1), label="item")
            way = data.draw(st.sampled_from(["double", "drop", "reverse", "replace"]), label="list change")
            if way == "double":
                items.insert(i, items[i])
            elif way == "drop":
                del items[i]
            elif way == "reverse":
                items.reverse()
            else:
                items[i] = similar(data, items[i], tree, seats)
        return items
    if isinstance(node, dict):
        tagged = [x for x in same if isinstance(x, dict) and x.get("type") == node.get("type") and small(x) >= 0]
        swap: bool = data.draw(st.booleans(), label="swap object")
        if tagged and swap:
            return pick(data, tagged, "object")
        keys = sorted(k for k in node if k != "type")
        if keys:
            key = data.draw(st.sampled_from(keys), label="field")
            return {**node, key: similar(data, node[key], tree, seats)}
    return node


def mutated(data: st.DataObject, tree: JSON, seats: int) -> tuple[JSON, str]:
    """The tree after one to three mutations, and what they were: mostly values of the node's
    own type (to reach the games' verbs), else hostile values, insertions and deletions."""
    done = []
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        paths = list(nodes(tree, most=WALKED))
        inner = [p for p in paths if p[:1] == ("value",)] or paths
        path = pick(data, inner if data.draw(st.integers(0, 9), label="inside value") else paths, "at")
        action = data.draw(st.sampled_from(["similar"] * 4 + ["replace"] * 3 + ["insert", "delete"]), label="action")
        if action == "delete":
            tree = deleted(tree, path)
            done.append(f"delete {path}")
            continue
        if action == "similar":
            new = similar(data, get(tree, path), tree, seats)
        else:
            new = hostile(data, tree, seats)
        tree = inserted(tree, path, new) if action == "insert" else changed(tree, path, lambda _: new)
        done.append(f"{action} {path} with {_short(new)}")
    return tree, "; ".join(done)


def _short(value: JSON) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else f"<int of {value.bit_length()} bits>"
    return text if len(text) < 60 else text[:50] + f"... ({len(text)} chars)"


# --- the tests ---------------------------------------------------------------------------------


def examples(factor: float) -> settings:
    """The loaded profile's examples, scaled (at least 1)."""
    return settings(max_examples=max(1, round(PROFILE_EXAMPLES * factor)))


@pytest.fixture(scope="module", params=NAMES)
def spec(request: pytest.FixtureRequest) -> Game:
    name = request.param
    assert isinstance(name, str)
    return parlour.game(name)


@examples(2)
@given(data=st.data())
def test_mutated_json_is_refused_or_safe(spec: Game, data: st.DataObject) -> None:
    """A real value's JSON with one to three hostile mutations: ValueError, or a safe value."""
    real = pool(spec.name)
    what, payload = pick(data, list(real.payloads), "source")
    seats = game_limits(spec.name).seats
    tree, how = mutated(data, payload, seats)
    text = dumped(tree)
    check_from_json(spec, text, f"{what}, {how}")
    form = data.draw(st.sampled_from(["text", "bytes", "bad bytes"]), label="form")
    if form != "text":
        raw = bytearray(text.encode("utf-8"))
        if form == "bad bytes":
            raw[data.draw(st.integers(0, len(raw) - 1), label="bad byte")] = data.draw(st.sampled_from([0xFF, 0xC0, 0x80]))
        check_from_json(spec, bytes(raw), f"{what} as {form}, {how}")


@examples(0.5)
@given(data=st.data())
def test_another_games_values_are_refused_or_safe(spec: Game, data: st.DataObject) -> None:
    """Another game's state, view, move or options, renamed to this game (and mutated)."""
    other = data.draw(st.sampled_from([n for n in NAMES if n != spec.name] or [spec.name]), label="other game")
    what, payload = pick(data, list(pool(other).payloads), "source")
    kind = data.draw(st.sampled_from([payload["kind"], "state", "move", "options"]), label="kind")
    tree = {**payload, "game": spec.name, "kind": kind}
    how = "as is"
    if data.draw(st.booleans(), label="mutate"):
        tree, how = mutated(data, tree, game_limits(spec.name).seats)
    check_from_json(spec, dumped(tree), f"{other} {what} as a {kind} of {spec.name}, {how}")


def variants(node: JSON, strings: list[str], seats: int) -> list[JSON]:
    """The systematic changes of one node: ints nudged and set to edge seats, strings swapped
    for the hidden card and other names of the value, bools flipped, lists with their first
    item dropped or doubled."""
    if isinstance(node, bool):
        return [not node]
    if isinstance(node, int):
        return sorted({node + 1, node - 1, -1, 0, seats - 1, seats, 2**53} - {node})
    if isinstance(node, str):
        return [x for x in ("??", "JK", *strings[:3]) if x != node]
    if isinstance(node, list) and node:
        return [node[1:], [node[0], *node]]
    return []


def test_each_value_of_real_json_changed_in_turn(spec: Game) -> None:
    """Every int, bool and list of a few real values (and a sample of their strings) changed in
    turn, one at a time: from_json refuses the result, or the verbs survive it."""
    real = pool(spec.name)
    seats = game_limits(spec.name).seats
    firsts = {what.split()[0]: (what, payload) for what, payload in reversed(real.payloads)}
    chosen = [*firsts.values(), real.payloads[len(real.states) // 2], real.payloads[len(real.states) - 1]]
    for what, payload in chosen:
        paths = list(nodes(payload["value"], ("value",)))
        strings = sorted({get(payload, p) for p in paths if isinstance(get(payload, p), str)})
        random.Random(len(paths)).shuffle(strings)
        for path in paths:
            node = get(payload, path)
            if isinstance(node, str) and node not in strings[:8]:
                continue
            for new in variants(node, strings, seats):
                check_from_json(spec, json.dumps(changed(payload, path, lambda _: new)), f"{what}: {path} = {_short(new)}")


def test_every_list_is_measured_before_it_is_read(spec: Game) -> None:
    """Each list of a real state, view, move or options made longer than the game's budget of
    values: refused by its length (or the text's), before its items are read."""
    real = pool(spec.name)
    long = game_limits(spec.name).nodes + 1
    firsts = {what.split()[0]: (what, payload) for what, payload in reversed(real.payloads)}
    for what, payload in (*firsts.values(), real.payloads[len(real.states) - 1]):
        for path in nodes(payload):
            node = get(payload, path)
            if not isinstance(node, list) or not node:
                continue
            text = json.dumps(changed(payload, path, lambda items: [items[0]] * long))
            with pytest.raises(ValueError) as info:
                parlour.from_json(text)
            message = str(info.value)
            assert f"a list of {long} items, but only" in message or "too large" in message, (
                f"{spec.name} {what}: a list of {long} at {path} was refused for another reason: {message}"
            )


def test_size_attacks_are_refused_before_decoding(spec: Game) -> None:
    """20 MB of text (as str and bytes) is refused before it is parsed; deep arrays are refused."""
    payload = pool(spec.name).payloads[0][1]
    padded = json.dumps(payload)[:-1] + ', "pad": [' + "0," * (10 * MAX_TEXT) + "0]}"
    assert len(padded) > 20_000_000
    for text in (padded, padded.encode("utf-8"), " " * 20_000_000 + json.dumps(payload)):
        with pytest.raises(ValueError, match="too large: .* refused before decoding"):
            parlour.from_json(text)
    for depth in (50, 1000, 100_000):
        deep = json.dumps({**payload, "value": {**payload["value"], "hand": "x"}}).replace(
            '"x"', "[" * depth + "]" * depth
        )
        with pytest.raises(ValueError, match="nested too deeply|value.hand: expected int, got list"):
            parlour.from_json(deep)


@examples(0.3)
@given(data=st.data())
def test_apply_refuses_what_is_not_a_legal_move(spec: Game, data: st.DataObject) -> None:
    """Foreign values, text, None and moves with loose or absent seats: IllegalMove."""
    real = pool(spec.name)
    state = pick(data, list(real.states), "state")
    before = parlour.to_json(state)
    others = [pool(n).moves[0] for n in NAMES if n != spec.name and pool(n).moves]
    foreign: list[object] = [*others, spec.options_type(), "pass", "", None, 1, state]
    for move in spec.legal_moves(state)[:2]:
        foreign += [_evolve(move, player=seat) for seat in (True, 1.0, -1, 99, len(spec.scores(state)), None, "0")]
    for value in foreign:
        try:
            spec.apply(state, typing.cast(GameMove, value))
        except IllegalMove:
            continue
        except Exception as exc:
            raise AssertionError(f"{spec.name}: apply of {value!r} raised {type(exc).__name__}: {exc}") from exc
        raise AssertionError(f"{spec.name}: apply accepted {value!r}")
    assert parlour.to_json(state) == before, f"{spec.name}: a refused move changed the state"


@examples(0.3)
@given(data=st.data())
def test_apply_refuses_views_also_after_shuffle_unseen(spec: Game, data: st.DataObject) -> None:
    """A view (from view or from shuffle_unseen of a view) is never played on: ValueError."""
    real = pool(spec.name)
    state = pick(data, [s for s in real.states if spec.legal_moves(s)], "state")
    seats = len(spec.scores(state))
    viewer = data.draw(st.sampled_from([*range(seats), None]), label="viewer")
    seen = spec.view(state, viewer)
    shuffled = spec.shuffle_unseen(seen, viewer, data.draw(st.integers(0, 2**32), label="seed"))
    assert shuffled.rng is None and type(shuffled) is type(state), f"{spec.name}: shuffle_unseen of a view is not a view"
    assert getattr(shuffled, "viewer", viewer) == viewer, f"{spec.name}: shuffle_unseen changed the view's viewer"
    for move in spec.legal_moves(state)[:3]:
        for target in (seen, shuffled):
            with pytest.raises(ValueError):
                spec.apply(target, move)


def _evolve(value: T, **changes: object) -> T:
    """The value with some fields changed, bypassing nothing (attrs validators still run)."""
    cls = type(value)
    assert attrs.has(cls), f"{cls.__name__} is not an attrs class"
    current = {f.alias or f.name: getattr(value, f.name) for f in attrs.fields(cls) if f.init}
    return typing.cast(T, cls(**{**current, **changes}))
