"""A seeded, immutable random source that lives inside a game state.

`Rng` is a value: `(seed, counter)`. Every draw returns the result and the next `Rng`, so
`apply` stays a pure function of `(state, move)` and a whole game replays from its seed. Each
draw seeds a fresh `random.Random` from the pair, which keeps the heavy lifting (shuffles) in
C while the state holds nothing mutable.

>>> rng = Rng(seed=7)
>>> cards, rng2 = rng.shuffled(range(5))
>>> cards == Rng(seed=7).shuffled(range(5))[0], rng2.counter
(True, 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final, TypeVar

import attrs

__all__ = ["MAX_COUNTER", "MAX_SEED", "Rng", "fresh_seed", "seeded"]

T = TypeVar("T")
MAX_SEED = 2**53 - 1
"""Seeds stay exact in JSON read by any language (a double holds integers to 2**53)."""
MAX_COUNTER = 2**32
"""More draws than any game makes; a larger counter in decoded JSON is refused."""


def fresh_seed() -> int:
    """A new seed from the operating system, for `new_game(seed=None)`."""
    return random.SystemRandom().randrange(MAX_SEED)  # os.urandom, without importing secrets


def seeded(seed: object) -> Rng:
    """The random source for `new_game(seed=...)`: a fresh seed for None, else the seed checked.

    >>> seeded(7)
    Rng(seed=7, counter=0)
    >>> seeded("7")
    Traceback (most recent call last):
    ...
    ValueError: seed must be a whole number from 0 to 9007199254740991 or None, not '7'
    """
    if seed is None:
        return Rng(fresh_seed())
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED} or None, not {seed!r}")
    return Rng(seed)


def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of a Fisher-Yates shuffle of `size` items, last position first: (position,
    bound, bits of the bound), the partner of the position drawn below the bound."""
    return tuple((bound - 1, bound, bound.bit_length()) for bound in range(size, 1, -1))


_SHUFFLE_MOST: Final = 512
"""Shuffles of up to this many items (six-player Hand and Foot deals from 378 cards) use the
prebuilt `_SHUFFLE_STEPS` (a tail of it)."""
_SHUFFLE_STEPS: Final = _shuffle_steps(_SHUFFLE_MOST)


@attrs.frozen
class Rng:
    """The random source of one game: a seed and how many draws were made from it."""

    seed: int
    counter: int = 0

    def _generator(self) -> random.Random:
        return random.Random((self.seed << 64) | self.counter)

    def _next(self) -> Rng:
        return Rng(self.seed, self.counter + 1)

    def shuffled(self, items: Iterable[T]) -> tuple[tuple[T, ...], Rng]:
        """The items in a random order, and the next source.

        The order is exactly `random.Random.shuffle`'s from the same generator (Fisher-Yates,
        each position's partner drawn as `getrandbits` of the bound's bit count until below
        the bound), written out with the bit counts looked up: about twice as fast, which
        matters for games that deal a shoe of several packs or a domino set every hand.
        """
        pool = list(items)
        getrandbits = self._generator().getrandbits
        steps = _SHUFFLE_STEPS if len(pool) <= _SHUFFLE_MOST else _shuffle_steps(len(pool))
        for i, bound, bits in steps[len(steps) + 1 - len(pool) :]:
            j = getrandbits(bits)
            while j >= bound:
                j = getrandbits(bits)
            pool[i], pool[j] = pool[j], pool[i]
        return tuple(pool), self._next()

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in `0..n-1`, and the next source."""
        if n < 1:
            raise ValueError(f"cannot draw below {n}")
        return self._generator().randrange(n), self._next()

    def dice(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], Rng]:
        """`count` die faces in `1..sides`, in the order rolled, and the next source."""
        gen = self._generator()
        return tuple(gen.randint(1, sides) for _ in range(count)), self._next()

    @classmethod
    def check(cls, value: Rng) -> None:
        """Raises ValueError for a source no game could hold (used on untrusted input)."""
        if not 0 <= value.seed <= MAX_SEED or not 0 <= value.counter <= MAX_COUNTER:
            raise ValueError(f"bad random source: seed {value.seed}, counter {value.counter}")
