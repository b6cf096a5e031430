"""Lives and chips: per-seat counters for games that players drop out of, and stakes that
carry over between hands.

Ninety-Nine's pennies, Thirty-One's lives, Slapjack's "out", Michigan's chips and boodle
cards: a `Ledger` holds one count per seat, which seats are out, and any number of pots (stake
spots that chips are paid into and collected from). Games call its methods and keep the result
in their state; nothing here knows a game's rules.

Dropping out is data: `county` says whether a seat at zero still plays ("on the county", out at
its next loss, as Thirty-One's pennies) or is out at once (Ninety-Nine's pennies). When one
result would put every seat still in out at once, `lose` keeps them all in at zero instead (the
Scat rule that such players "play another hand", which no game wants to end with no winner).

>>> ledger = Ledger.start(3, 3, county=True)
>>> ledger = ledger.lose({0: 1, 2: 2})
>>> ledger.counts, ledger.standing
((2, 3, 1), (0, 1, 2))
>>> ledger = ledger.lose({2: 2})          # one penny, loses two: out
>>> ledger.counts, ledger.out, ledger.standing
((2, 3, 0), (False, False, True), (0, 1))
>>> Ledger.start(2, 1).lose({0: 1}).last_standing   # no county: out at zero
1
>>> pot = Ledger.start(2, 10, pots=1).pay_in(0, 0, 3).pay_in(1, 0, 3).collect(0, 1)
>>> pot.counts, pot.pots
((7, 13), (0,))
>>> Ledger.start(3, 0, pots=1).pay_in(0, 0, 0).share(0, (1, 2)).pots   # nothing to share
(0,)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

__all__ = ["Ledger"]


@attrs.frozen
class Ledger:
    """Counts per seat (lives or chips), seats out, and pots."""

    counts: tuple[int, ...]
    out: tuple[bool, ...]
    pots: tuple[int, ...] = ()
    county: bool = False
    """A seat at zero still plays and is out at its next loss (else out on reaching zero)."""

    @classmethod
    def start(cls, players: int, each: int, *, county: bool = False, pots: int = 0) -> Ledger:
        """`players` seats with `each` apiece, nobody out, `pots` empty pots."""
        if players < 1 or each < 0 or pots < 0:
            raise ValueError(f"a ledger needs seats, a count of at least 0 and pots >= 0 (got {players}, {each}, {pots})")
        return cls((each,) * players, (False,) * players, (0,) * pots, county)

    @property
    def standing(self) -> tuple[int, ...]:
        """The seats still in, in seat order."""
        return tuple(s for s, gone in enumerate(self.out) if not gone)

    @property
    def last_standing(self) -> int | None:
        """The one seat still in, or None while several are."""
        seats = self.standing
        return seats[0] if len(seats) == 1 else None

    def on_county(self, seat: int) -> bool:
        """Whether `seat` plays on at zero (in, with nothing left)."""
        return self.county and not self.out[seat] and self.counts[seat] == 0

    def lose(self, losses: Mapping[int, int]) -> Ledger:
        """The ledger after each seat in `losses` loses that many (all at once).

        A seat goes out when its count would fall below zero (`county`) or to zero (without);
        its count stops at zero. If that would leave no seat in, every seat that was in stays
        in at zero instead."""
        counts = list(self.counts)
        out = list(self.out)
        for seat, lost in losses.items():
            self._check_seat(seat)
            if lost < 0:
                raise ValueError(f"a loss is at least 0 (seat {seat}: {lost})")
            if out[seat]:
                raise ValueError(f"seat {seat} is already out")
            left = counts[seat] - lost
            counts[seat] = max(0, left)
            if left < 0 or (left == 0 and not self.county and lost > 0):
                out[seat] = True
        if all(out):
            out = list(self.out)  # nobody would be left: all stay in at zero
        return Ledger(tuple(counts), tuple(out), self.pots, self.county)

    def pay(self, payer: int, payee: int, amount: int) -> Ledger:
        """`payer` pays `amount` to `payee` (as much as it holds; a seat never goes below 0)."""
        self._check_seat(payer)
        self._check_seat(payee)
        paid = min(self._amount(amount), self.counts[payer])
        counts = list(self.counts)
        counts[payer] -= paid
        counts[payee] += paid
        return Ledger(tuple(counts), self.out, self.pots, self.county)

    def pay_in(self, seat: int, pot: int, amount: int) -> Ledger:
        """`seat` puts `amount` into pot `pot` (as much as it holds)."""
        self._check_seat(seat)
        self._check_pot(pot)
        paid = min(self._amount(amount), self.counts[seat])
        counts = list(self.counts)
        counts[seat] -= paid
        pots = list(self.pots)
        pots[pot] += paid
        return Ledger(tuple(counts), self.out, tuple(pots), self.county)

    def collect(self, pot: int, seat: int) -> Ledger:
        """`seat` takes everything in pot `pot`."""
        self._check_seat(seat)
        self._check_pot(pot)
        counts = list(self.counts)
        counts[seat] += self.pots[pot]
        pots = list(self.pots)
        pots[pot] = 0
        return Ledger(tuple(counts), self.out, tuple(pots), self.county)

    def share(self, pot: int, seats: Sequence[int]) -> Ledger:
        """`seats` split pot `pot` evenly; the odd chips stay in the pot."""
        self._check_pot(pot)
        if not seats or len(set(seats)) != len(seats):
            raise ValueError(f"a pot is shared by distinct seats (got {tuple(seats)})")
        for seat in seats:
            self._check_seat(seat)
        each = self.pots[pot] // len(seats)
        counts = list(self.counts)
        for seat in seats:
            counts[seat] += each
        pots = list(self.pots)
        pots[pot] -= each * len(seats)
        return Ledger(tuple(counts), self.out, tuple(pots), self.county)

    def problem(self, players: int) -> str | None:
        """What is wrong with this ledger in a game of `players` seats, or None (for
        `check_invariants`)."""
        if len(self.counts) != players or len(self.out) != players:
            return f"the ledger has {len(self.counts)} counts and {len(self.out)} out flags for {players} seats"
        if any(type(c) is not int or c < 0 for c in (*self.counts, *self.pots)):
            return "ledger counts and pots are whole numbers of at least 0"
        if all(self.out):
            return "every seat is out"
        return None

    def _check_seat(self, seat: object) -> None:
        if type(seat) is not int or not 0 <= seat < len(self.counts):
            raise ValueError(f"no seat {seat!r} in a ledger of {len(self.counts)}")

    def _check_pot(self, pot: object) -> None:
        if type(pot) is not int or not 0 <= pot < len(self.pots):
            raise ValueError(f"no pot {pot!r} (the ledger has {len(self.pots)})")

    @staticmethod
    def _amount(amount: object) -> int:
        if type(amount) is not int or amount < 0:
            raise ValueError(f"an amount is a whole number of at least 0 (got {amount!r})")
        return amount
