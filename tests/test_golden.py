"""Golden playthroughs: every transcript in tests/golden is regenerated and compared line by line.

A transcript records a seeded random game (see `parlour.tools.playthrough`), so any change in a
game's behaviour (deal order, legal moves, scoring, events, views) shows up here as a diff. When
a change is intended, regenerate the file with the command in the failure message and review the
diff. Every registered game must have a transcript.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Final

import pytest

import parlour
from parlour.tools.playthrough import transcript

GOLDEN: Final = Path(__file__).parent / "golden"
FILES: Final = sorted(GOLDEN.glob("*.txt"))


def _header(lines: list[str], key: str) -> str:
    for line in lines[1:6]:
        if line.startswith(f"{key}: "):
            return line[len(key) + 2 :]
    raise AssertionError(f"the transcript has no '{key}:' line in its header")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_transcript_replays_exactly(path: Path) -> None:
    expected = path.read_text(encoding="utf-8").splitlines()
    assert expected and expected[0] == "# parlour playthrough", f"{path.name} is not a playthrough transcript"
    game, seed, players = _header(expected, "game"), int(_header(expected, "seed")), int(_header(expected, "players"))
    actual = transcript(game, seed=seed, players=players).splitlines()
    if actual != expected:
        diff = list(difflib.unified_diff(expected, actual, f"{path.name} (golden)", f"{path.name} (now)", n=2, lineterm=""))
        shown = "\n".join(line[:160] for line in diff[:80])
        more = f"\n... {len(diff) - 80} more diff lines" if len(diff) > 80 else ""
        command = f"python -m parlour.tools.playthrough '{game}' --seed {seed} --players {players} --out {path}"
        pytest.fail(f"{path.name} differs from a fresh playthrough:\n{shown}{more}\nIf intended, regenerate: {command}")


@pytest.mark.parametrize("name", parlour.game_names())
def test_every_registered_game_has_a_transcript(name: str) -> None:
    stems = {re.split(r"[(-]", p.stem, maxsplit=1)[0] for p in FILES}
    assert name in stems, (
        f"no golden playthrough for {name}: write one with "
        f"python -m parlour.tools.playthrough {name} --seed 1 --out tests/golden/{name}.txt"
    )


def test_transcript_is_deterministic_and_honours_options() -> None:
    """Two runs give the same text; other seeds or options give other games."""
    name = parlour.game_names()[0]
    once = transcript(name, seed=5)
    assert transcript(name, seed=5) == once
    assert transcript(name, seed=6) != once
    assert once.splitlines()[1] == f"game: {name}"
    assert "winners: " in once.splitlines()[-1]
