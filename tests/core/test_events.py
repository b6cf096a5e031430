"""Unit tests for core/events: event text and redaction for views."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from parlour.core.cards import HIDDEN, parse_cards
from parlour.core.events import Event, EventKind, redact_events

DRAW = Event(EventKind.DRAWS, player=1, cards=parse_cards("7H"), private=True)
PLAY = Event(EventKind.PLAYS, player=2, cards=parse_cards("QS"))
SCORED = Event(EventKind.HAND_SCORED, numbers=(3, 0, 17, 6))


def test_event_text_comes_from_the_kind() -> None:
    assert str(Event(EventKind.WINS_TRICK, player=2)) == "seat 2 wins the trick"
    assert str(SCORED) == "hand scored: 3 0 17 6"
    assert str(DRAW) == "seat 1 draws 7H"
    assert str(Event(EventKind.GIVES, player=0, cards=parse_cards("2C 3C"), numbers=(1,))) == "seat 0 gives 2C 3C 1"
    assert str(Event(EventKind.GOES_OUT, player=3, label="Scum")) == "seat 3 goes out: Scum"
    assert str(Event(EventKind.GAME_OVER, numbers=(0, 2))) == "game over; winners: 0 2"


def test_every_kind_documents_its_meaning_and_has_its_own_text() -> None:
    texts = [kind.value for kind in EventKind]
    assert len(set(texts)) == len(texts)
    module = __import__("parlour.core.events", fromlist=["x"]).__file__ or ""
    source = Path(module).with_name("events.py").read_text()  # beside a compiled build's module too
    for kind in EventKind:
        after = source.split(f"    {kind.name} = ", 1)[1].split("\n", 2)[1]
        assert after.strip().startswith('"""'), f"{kind.name} has no docstring"


def test_private_cards_are_hidden_from_everyone_but_the_player() -> None:
    events = (DRAW, PLAY, SCORED)
    for viewer in (None, 0, 2, 3):
        redacted = redact_events(events, viewer)
        assert redacted[0] == attrs.evolve(DRAW, cards=(HIDDEN,))
        assert str(redacted[0]) == "seat 1 draws ??"
        assert redacted[1:] == (PLAY, SCORED)
    assert redact_events(events, 1) == events


def test_redaction_keeps_the_number_of_cards_and_everything_else() -> None:
    passed = Event(EventKind.GIVES, player=3, cards=parse_cards("2C 3C 4C"), numbers=(2,), private=True)
    (seen,) = redact_events((passed,), 0)
    assert seen.cards == (HIDDEN,) * 3 and (seen.kind, seen.player, seen.numbers, seen.private) == (EventKind.GIVES, 3, (2,), True)
    assert redact_events((), 0) == ()


def test_events_are_frozen_values() -> None:
    assert Event(EventKind.PASSES, player=1) == Event(EventKind.PASSES, player=1)
    assert hash(Event(EventKind.PASSES)) == hash(Event(EventKind.PASSES))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(PLAY, "kind", EventKind.DRAWS)
