"""Unit tests for core/events: event text and redaction for views."""

from __future__ import annotations

import attrs
import pytest

from parlour.core.cards import HIDDEN, parse_cards
from parlour.core.events import Event, redact_events

DRAW = Event("draws", player=1, cards=parse_cards("7H"), private=True)
PLAY = Event("plays", player=2, cards=parse_cards("QS"))
SCORED = Event("hand scored:", numbers=(3, 0, 17, 6))


def test_event_text() -> None:
    assert str(Event("wins the trick", player=2)) == "seat 2 wins the trick"
    assert str(SCORED) == "hand scored: 3 0 17 6"
    assert str(DRAW) == "seat 1 draws 7H"
    assert str(Event("passes", player=0, cards=parse_cards("2C 3C"), numbers=(1,))) == "seat 0 passes 2C 3C 1"


def test_private_cards_are_hidden_from_everyone_but_the_player() -> None:
    events = (DRAW, PLAY, SCORED)
    for viewer in (None, 0, 2, 3):
        redacted = redact_events(events, viewer)
        assert redacted[0] == attrs.evolve(DRAW, cards=(HIDDEN,))
        assert str(redacted[0]) == "seat 1 draws ??"
        assert redacted[1:] == (PLAY, SCORED)
    assert redact_events(events, 1) == events


def test_redaction_keeps_the_number_of_cards_and_everything_else() -> None:
    passed = Event("passes", player=3, cards=parse_cards("2C 3C 4C"), numbers=(2,), private=True)
    (seen,) = redact_events((passed,), 0)
    assert seen.cards == (HIDDEN,) * 3 and (seen.what, seen.player, seen.numbers, seen.private) == ("passes", 3, (2,), True)
    assert redact_events((), 0) == ()


def test_events_are_frozen_values() -> None:
    assert Event("x", player=1) == Event("x", player=1) and hash(Event("x")) == hash(Event("x"))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(PLAY, "what", "steals")
