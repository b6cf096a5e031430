"""Unit tests for core/options: the ``game(k=v,...)`` text of options."""

from __future__ import annotations

import enum

import attrs
import pytest

from parlour.core.options import options_text, parse_options


class Passing(enum.Enum):
    LEFT = "left"
    ROTATE = "rotate"


@attrs.frozen(kw_only=True)
class Opts:
    passing: Passing = Passing.ROTATE
    jack_bonus: bool = False
    target: int = attrs.field(default=100, validator=attrs.validators.ge(1))


def test_defaults_give_the_bare_name() -> None:
    assert options_text("hearts", Opts()) == "hearts"
    assert parse_options(Opts, "hearts") == ("hearts", Opts())
    assert parse_options(Opts, "hearts()") == ("hearts", Opts())


def test_only_changed_values_are_written_and_read_back() -> None:
    opts = Opts(passing=Passing.LEFT, jack_bonus=True, target=50)
    text = options_text("hearts", opts)
    assert text == "hearts(passing=left,jack_bonus=true,target=50)"
    assert parse_options(Opts, text) == ("hearts", opts)
    assert parse_options(Opts, " hearts( target = 50 , passing=LEFT ) ") == ("hearts", Opts(passing=Passing.LEFT, target=50))


@pytest.mark.parametrize(
    "text, message",
    [
        ("hearts(nope=1)", "unknown option 'nope'; options: passing, jack_bonus, target"),
        ("hearts(target)", "unknown option 'target'"),
        ("hearts(target=x)", "option target is a whole number, not 'x'"),
        ("hearts(jack_bonus=yes)", "option jack_bonus is true or false, not 'yes'"),
        ("hearts(passing=across)", "option passing is one of left, rotate, not 'across'"),
        ("hearts(target=0)", "target"),
        ("hearts(", "options are written game"),
        ("Hearts Game", "options are written game"),
        ("", "options are written game"),
    ],
)
def test_bad_text_is_refused_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_options(Opts, text)


def test_only_options_classes_have_a_text() -> None:
    with pytest.raises(TypeError):
        options_text("hearts", 3)


def test_an_option_given_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="option passing is given twice; give each option once"):
        parse_options(Opts, "hearts(passing=left,passing=rotate)")


def test_text_amends_a_base_value_such_as_a_preset() -> None:
    preset = Opts(passing=Passing.LEFT, jack_bonus=True)
    assert parse_options(Opts, "hearts(target=50)", base=preset) == ("hearts", Opts(passing=Passing.LEFT, jack_bonus=True, target=50))
    assert parse_options(Opts, "hearts(passing=rotate)", base=preset) == ("hearts", Opts(jack_bonus=True))
    assert parse_options(Opts, "hearts", base=preset) == ("hearts", preset)
    with pytest.raises(ValueError, match="target"):
        parse_options(Opts, "hearts(target=0)", base=preset)
