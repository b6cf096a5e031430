"""Moves as short sequences of integer tokens: the fixed action space of the research adapters.

Learning libraries want one fixed set of integer actions per game, but many parlour moves are
combinations (a meld is a tuple of cards, Gin's spread a tuple of melds, Farkle's hold a tuple of
dice), so numbering whole moves would need astronomically many integers. Here an action is a
*token*, and a move is spelled as a short sequence of them:

- the move's class ("PlayCard", "Knock"), then each field after `player` in declaration order;
- a card of the game's pack, a domino tile of its set, a member of an enum, False or True, and
  None are one token each;
- a whole number from -16 to 127 is one token; any other is spelled "#", an optional "#-",
  its decimal digits "#0".."#9", then "#.";
- text is spelled one printable character at a time, then "end-text";
- a tuple of any length is "(" then its items then ")"; a tuple of fixed length (a board
  coordinate) is just its items; a nested attrs value (a meld, a bid) is its fields in order.

The spelling is a prefix code: the tokens read so far always say whether the move is complete,
so no end-of-move token is needed. The `Vocabulary` of a game is built from type information
only (the move classes' annotations) and from the pack a new game deals, never from moves seen,
so the same game, options and player count always number their tokens the same way.

At a decision point a seat's legal moves, spelled, form a trie. A `Choice` walks it: its
`tokens` (the action mask) are exactly the tokens that extend the current prefix towards some
legal move. Forced tokens are filled in automatically, so an agent is asked only where it has
a real choice; but every move takes at least one action (a person's choice is a move even when it
is the only one), so when a seat has a single legal move it is asked for that move's first token.

>>> import parlour
>>> hearts = parlour.game("hearts")
>>> state = hearts.new_game(seed=7)
>>> vocabulary = Vocabulary.of(hearts, state)
>>> move = hearts.legal_moves(state, 0)[0]
>>> str(move), vocabulary.text(vocabulary.encode(move))
('pass 3C', 'PassCard 3C')
>>> choice = Choice.among(vocabulary, hearts.legal_moves(state, 0))
>>> vocabulary.text(choice.prefix), len(choice.tokens)
('PassCard', 13)
>>> choice.pick(vocabulary.index["3C"]) is move
True
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from collections.abc import Callable, Iterator, Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import Card
from parlour.core.dominoes import Tile
from parlour.core.game import Game, GameMove, GameState
from parlour.core.options import type_hints
from parlour.core.zones import zone_cards

__all__ = ["INT_TOKENS", "Choice", "Piece", "Vocabulary", "pack_of"]

INT_TOKENS: Final = range(-16, 128)
"""The whole numbers that are one token each (every index, count, bid and die face the games'
moves use today); others are spelled digit by digit."""

_WIDE, _MINUS, _WIDE_END = "#", "#-", "#."
_DIGITS: Final = tuple(f"#{d}" for d in range(10))
_OPEN, _CLOSE, _TEXT_END = "(", ")", "end-text"
_CHARACTERS: Final = tuple(chr(code) for code in range(32, 127))
"""The printable ASCII characters text fields may hold (the words of bids, "low"/"high")."""

Piece: TypeAlias = "Card | Tile"
Encoder: TypeAlias = Callable[[object, list[int]], None]
Decoder: TypeAlias = Callable[[Iterator[int]], object]
FieldsDecoder: TypeAlias = Callable[[Iterator[int]], "dict[str, object]"]


def pack_of(game: Game, state: GameState) -> tuple[Piece, ...]:
    """The distinct cards (or tiles) in the game's zones, in a fixed order (cards by their index,
    tiles by their halves): the pieces the vocabulary and the observations are built over.

    Conservation keeps every piece in some zone at every step, so any real state of a game (with
    the same options and players) gives the same pack."""
    pieces = set(zone_cards(state, game.zones))
    if any(p.is_hidden for p in pieces):
        raise ValueError(f"{game.name}: the pack is read from a real state, not from a view")
    cards = sorted((p for p in pieces if isinstance(p, Card)), key=lambda c: c.index)
    tiles = sorted(p for p in pieces if isinstance(p, Tile))
    return (*cards, *tiles)


class _Builder:
    """Collects token names while compiling the encoders and decoders of a game's move types."""

    def __init__(self, pack: Sequence[Piece]) -> None:
        self.names: list[str] = []
        self.index: dict[str, int] = {}
        self.pack = pack

    def token(self, name: str) -> int:
        """The number of the token called `name`, added on first use."""
        number = self.index.get(name)
        if number is None:
            number = self.index[name] = len(self.names)
            self.names.append(name)
        return number

    def one_token_each(self, annotation: object) -> Sequence[object] | None:
        """The values of a type spelled one token each (the cards or tiles of the pack, an
        enum's members, False and True, None); None for the other types."""
        if annotation is Card or annotation is Tile:
            return [piece for piece in self.pack if type(piece) is annotation]
        if annotation is bool:
            return [False, True]
        if annotation is type(None):
            return [None]
        if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
            return list(annotation)
        return None

    def table(self, values: Sequence[object], name: Callable[[object], str], what: str) -> tuple[Encoder, Decoder]:
        """One token per value."""
        forward = {value: self.token(name(value)) for value in values}
        backward = {token: value for value, token in forward.items()}
        kind = type(values[0])

        def encode(value: object, out: list[int]) -> None:
            token = forward.get(value)
            if token is None or type(value) is not kind:
                raise ValueError(f"{value!r} has no token in {what}")
            out.append(token)

        def decode(tokens: Iterator[int]) -> object:
            token = next(tokens)
            if token not in backward:
                raise ValueError(f"token {self.names[token]!r} cannot stand in {what}")
            return backward[token]

        return encode, decode

    def codec(self, annotation: object, where: str) -> tuple[Encoder, Decoder]:
        """The encoder and decoder of a value of type `annotation` (`where` names it in errors)."""
        origin = typing.get_origin(annotation)
        values = self.one_token_each(annotation)
        if values is not None:
            if not values:
                raise ValueError(f"{where} holds a {annotation!r}, but the game has none")
            return self.table(values, _token_name(annotation), where)
        if annotation is int:
            return self.integer()
        if annotation is str:
            return self.text()
        if origin is tuple:
            args = typing.get_args(annotation)
            if len(args) == 2 and args[1] is Ellipsis:
                return self.sequence(self.codec(args[0], f"{where}[]"))
            return self.fixed([self.codec(arg, f"{where}[{i}]") for i, arg in enumerate(args)])
        if origin is typing.Union or origin is types.UnionType:
            return self.union(typing.get_args(annotation), where)
        if isinstance(annotation, type) and attrs.has(annotation):
            return self.record(annotation)
        raise ValueError(f"{where}: no token spelling for values of type {annotation!r}")

    def integer(self) -> tuple[Encoder, Decoder]:
        small = {n: self.token(str(n)) for n in INT_TOKENS}
        wide, minus, end = self.token(_WIDE), self.token(_MINUS), self.token(_WIDE_END)
        digits = [self.token(d) for d in _DIGITS]
        value_of = {token: n for n, token in small.items()}

        def encode(value: object, out: list[int]) -> None:
            if type(value) is not int:
                raise ValueError(f"{value!r} is not a whole number")
            if value in small:
                out.append(small[value])
                return
            out.append(wide)
            if value < 0:
                out.append(minus)
            out.extend(digits[int(d)] for d in str(abs(value)))
            out.append(end)

        def decode(tokens: Iterator[int]) -> object:
            token = next(tokens)
            if token in value_of:
                return value_of[token]
            if token != wide:
                raise ValueError(f"token {self.names[token]!r} where a whole number belongs")
            token, sign = next(tokens), 1
            if token == minus:
                token, sign = next(tokens), -1
            text = ""
            while token != end:
                if token not in digits:
                    raise ValueError(f"token {self.names[token]!r} inside a spelled number")
                text += str(digits.index(token))
                token = next(tokens)
            if not text:
                raise ValueError("a spelled number without digits")
            return sign * int(text)

        return encode, decode

    def text(self) -> tuple[Encoder, Decoder]:
        letters = {ch: self.token(repr(ch)) for ch in _CHARACTERS}
        end = self.token(_TEXT_END)
        char_of = {token: ch for ch, token in letters.items()}

        def encode(value: object, out: list[int]) -> None:
            if type(value) is not str or any(ch not in letters for ch in value):
                raise ValueError(f"{value!r} is not text of printable ASCII characters")
            out.extend(letters[ch] for ch in value)
            out.append(end)

        def decode(tokens: Iterator[int]) -> object:
            text = ""
            for token in tokens:
                if token == end:
                    return text
                if token not in char_of:
                    raise ValueError(f"token {self.names[token]!r} inside text")
                text += char_of[token]
            raise ValueError("text without its end-text token")

        return encode, decode

    def sequence(self, item: tuple[Encoder, Decoder]) -> tuple[Encoder, Decoder]:
        open_, close = self.token(_OPEN), self.token(_CLOSE)
        encode_item, decode_item = item

        def encode(value: object, out: list[int]) -> None:
            if not isinstance(value, tuple):
                raise ValueError(f"{value!r} is not a tuple")
            out.append(open_)
            for element in value:
                encode_item(element, out)
            out.append(close)

        def decode(tokens: Iterator[int]) -> object:
            if next(tokens) != open_:
                raise ValueError("a tuple must start with '('")
            items: list[object] = []
            while True:
                token = next(tokens)
                if token == close:
                    return tuple(items)
                items.append(decode_item(_pushed_back(token, tokens)))

        return encode, decode

    def fixed(self, items: Sequence[tuple[Encoder, Decoder]]) -> tuple[Encoder, Decoder]:
        def encode(value: object, out: list[int]) -> None:
            if not isinstance(value, tuple) or len(value) != len(items):
                raise ValueError(f"{value!r} is not a tuple of {len(items)} items")
            for element, (encode_item, _) in zip(value, items):
                encode_item(element, out)

        def decode(tokens: Iterator[int]) -> object:
            return tuple([decode_item(tokens) for _, decode_item in items])

        return encode, decode

    def union(self, options: Sequence[object], where: str) -> tuple[Encoder, Decoder]:
        """`A | B`: each alternative's spelling must start with tokens no other can start with
        (true of `X | None`, the only unions moves use), so the first token says which it is."""
        codecs = [(option, self.codec(option, where)) for option in options]
        starts: dict[int, tuple[Encoder, Decoder]] = {}
        for option, codec in codecs:
            for token in self.first_tokens(option):
                if token in starts:
                    raise ValueError(f"{where}: the alternatives of {options} start alike")
                starts[token] = codec

        def encode(value: object, out: list[int]) -> None:
            for option, (encode_option, _) in codecs:
                if _is_instance(value, option):
                    encode_option(value, out)
                    return
            raise ValueError(f"{value!r} is none of {options}")

        def decode(tokens: Iterator[int]) -> object:
            token = next(tokens)
            if token not in starts:
                raise ValueError(f"token {self.names[token]!r} starts none of {options}")
            return starts[token][1](_pushed_back(token, tokens))

        return encode, decode

    def first_tokens(self, annotation: object) -> set[int]:
        """The tokens a value of `annotation` may start with (its codec is compiled already)."""
        if annotation is int:
            return {self.index[str(n)] for n in INT_TOKENS} | {self.index[_WIDE]}
        values = self.one_token_each(annotation)
        if values is None:
            raise ValueError(f"{annotation!r} cannot be one alternative of a union in a move")
        return {self.index[_token_name(annotation)(value)] for value in values}

    def fields(self, cls: type, skip: Sequence[str]) -> tuple[Encoder, FieldsDecoder]:
        """An attrs class's initialised fields in declaration order, less those in `skip`: the
        encoder of a value, and a decoder of the field values (by name)."""
        hints = type_hints(cls)
        names = [f.name for f in attrs.fields(cls) if f.init and f.name not in skip]
        fields = [(name, self.codec(hints[name], f"{cls.__name__}.{name}")) for name in names]

        def encode(value: object, out: list[int]) -> None:
            if type(value) is not cls:
                raise ValueError(f"{value!r} is not a {cls.__name__}")
            for name, (encode_field, _) in fields:
                encode_field(getattr(value, name), out)

        def decode(tokens: Iterator[int]) -> dict[str, object]:
            return {name: decode_field(tokens) for name, (_, decode_field) in fields}

        return encode, decode

    def record(self, cls: type) -> tuple[Encoder, Decoder]:
        """A nested attrs value (a meld, a bid): its fields, spelled in order."""
        encode, decode = self.fields(cls, skip=())
        return encode, lambda tokens: cls(**decode(tokens))


def _token_name(annotation: object) -> Callable[[object], str]:
    """How the tokens of a one-token-per-value type are named: "QS", "3-5", "Suit.HEARTS",
    "True", "None"."""
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return lambda member: f"{annotation.__name__}.{typing.cast(enum.Enum, member).name}"
    return str


def _pushed_back(token: int, tokens: Iterator[int]) -> Iterator[int]:
    """`tokens` with `token` read again first (the decoders look one token ahead)."""
    yield token
    yield from tokens


def _is_instance(value: object, annotation: object) -> bool:
    if annotation is type(None):
        return value is None
    if annotation is int:
        return type(value) is int
    return isinstance(annotation, type) and type(value) is annotation


@attrs.frozen(eq=False)
class Vocabulary:
    """A game's tokens: `names[token]`, and the spelling of each of its moves.

    Build it with `Vocabulary.of(game, state)`; tokens are numbered from 0 in the order their
    kinds are first met: the move classes, then each field's values in declaration order (a
    whole kind at once: every card of the pack, every member of an enum, all small numbers)."""

    game: str
    names: tuple[str, ...]
    index: dict[str, int]
    """The token called by each name."""
    _encoders: dict[type, tuple[int, Encoder]]
    _decoders: dict[int, tuple[type, FieldsDecoder]]

    @classmethod
    def of(cls, game: Game, state: GameState) -> Vocabulary:
        """The vocabulary of `game` with the options and player count `state` was dealt with."""
        return _vocabulary(game, pack_of(game, state))

    @property
    def size(self) -> int:
        """How many tokens there are: the size of the action space."""
        return len(self.names)

    def encode(self, move: GameMove) -> tuple[int, ...]:
        """The tokens that spell `move` (its `player` is not spelled: the seat to act makes it)."""
        entry = self._encoders.get(type(move))
        if entry is None:
            raise ValueError(f"{move!r} is not a move of {self.game}")
        first, encode_fields = entry
        out = [first]
        encode_fields(move, out)
        return tuple(out)

    def decode(self, tokens: Sequence[int], player: int) -> GameMove:
        """The move of seat `player` that `tokens` spell; ValueError if they spell none, or more."""
        stream = iter(tokens)
        try:
            first = next(stream)
            if first not in self._decoders:
                raise ValueError(f"a move starts with its class, not with {self.name_of(first)!r}")
            cls, decode_fields = self._decoders[first]
            move: GameMove = cls(player, **decode_fields(stream))
        except StopIteration:
            raise ValueError(f"{self.text(tokens)!r} stops before the move is complete") from None
        if next(stream, None) is not None:
            raise ValueError(f"{self.text(tokens)!r} goes on after a complete move")
        return move

    def name_of(self, token: int) -> str:
        """The name of a token; ValueError for a number outside the vocabulary."""
        if type(token) is not int or not 0 <= token < len(self.names):
            raise ValueError(f"{self.game} has tokens 0..{len(self.names) - 1}, not {token!r}")
        return self.names[token]

    def text(self, tokens: Sequence[int]) -> str:
        """The tokens' names, space-separated (for reading spellings and debugging)."""
        return " ".join(self.name_of(t) for t in tokens)


@functools.cache
def _vocabulary(game: Game, pack: tuple[Piece, ...]) -> Vocabulary:
    builder = _Builder(pack)
    firsts = [builder.token(cls.__name__) for cls in game.move_types]
    if len(set(firsts)) != len(firsts):
        raise ValueError(f"{game.name}: two move classes share a name, so their tokens would too")
    encoders: dict[type, tuple[int, Encoder]] = {}
    decoders: dict[int, tuple[type, FieldsDecoder]] = {}
    for first, cls in zip(firsts, game.move_types):
        encode, decode = builder.fields(cls, skip=("player",))
        encoders[cls] = first, encode
        decoders[first] = cls, decode
    return Vocabulary(game.name, tuple(builder.names), dict(builder.index), encoders, decoders)


_Trie: TypeAlias = "dict[int, _Trie | GameMove]"


@attrs.frozen(eq=False)
class Choice:
    """One seat's decision among its legal moves, spelled token by token.

    `prefix` is what is spelled so far (forced tokens included), `tokens` the tokens that may
    come next (the action mask), and `pick(token)` returns the next `Choice`, or the legal move
    itself once the tokens name exactly one."""

    vocabulary: Vocabulary
    prefix: tuple[int, ...]
    _node: _Trie

    @classmethod
    def among(cls, vocabulary: Vocabulary, moves: Sequence[GameMove]) -> Choice:
        """The decision among `moves` (one seat's legal moves), forced tokens already filled in,
        except that a single legal move is still chosen by its first token."""
        if not moves:
            raise ValueError("there is nothing to choose: no legal moves")
        root: _Trie = {}
        for move in moves:
            _insert(root, vocabulary.encode(move), move, vocabulary)
        if len(moves) == 1:
            return cls(vocabulary, (), root)
        node, prefix = _forced(root, ())
        assert isinstance(node, dict)
        return cls(vocabulary, prefix, node)

    @property
    def tokens(self) -> tuple[int, ...]:
        """The tokens that extend the prefix towards some legal move, in increasing order."""
        return tuple(sorted(self._node))

    def mask(self) -> tuple[bool, ...]:
        """One flag per token of the vocabulary: may it come next?"""
        return tuple(token in self._node for token in range(self.vocabulary.size))

    def pick(self, token: int) -> Choice | GameMove:
        """Spells `token` next: the move it completes, or the decision that follows (its forced
        tokens filled in). ValueError, naming the allowed tokens, for a token that is not allowed."""
        child = self._node.get(token) if type(token) is int else None
        if child is None:
            allowed = ", ".join(self.vocabulary.names[t] for t in self.tokens)
            raise ValueError(f"token {token!r} does not continue {self.vocabulary.text(self.prefix)!r}; allowed: {allowed}")
        node, prefix = _forced(child, (*self.prefix, token))
        if not isinstance(node, dict):
            return node
        return Choice(self.vocabulary, prefix, node)


def _insert(root: _Trie, tokens: tuple[int, ...], move: GameMove, vocabulary: Vocabulary) -> None:
    node = root
    for token in tokens[:-1]:
        child = node.setdefault(token, {})
        if not isinstance(child, dict):
            raise ValueError(f"{vocabulary.game}: the spelling of {child} is a prefix of {move}'s")
        node = child
    if tokens[-1] in node:
        raise ValueError(f"{vocabulary.game}: {move} is spelled like another legal move: {vocabulary.text(tokens)}")
    node[tokens[-1]] = move


def _forced(node: _Trie | GameMove, prefix: tuple[int, ...]) -> tuple[_Trie | GameMove, tuple[int, ...]]:
    """Follows the only way on from `node` while there is one: (where it stops, the prefix)."""
    while isinstance(node, dict) and len(node) == 1:
        (token, node), = node.items()
        prefix = (*prefix, token)
    return node, prefix
