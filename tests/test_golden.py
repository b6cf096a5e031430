"""Golden playthroughs: every record in tests/golden is replayed and its transcript compared.

Each golden game is a `parlour.Record` (``<name>.record.json``: the setup and every move) beside
its transcript (``<name>.txt``, see `parlour.tools.playthrough`). Replaying the record pins the
moves, so a change in a game's behaviour (events, scoring, views, legal moves) shows up here as
a diff at the ply where it happens, and a change that makes a recorded move illegal fails with
that ply and move. When a change is intended, write the transcript again with the command in
the failure message and review the diff. Every registered game must have a golden record.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Final

import pytest

import parlour
from parlour.core.record import Record
from parlour.tools.playthrough import RECORD_SUFFIX, play_record, record_path, transcript

GOLDEN: Final = Path(__file__).parent / "golden"
TRANSCRIPTS: Final = sorted(GOLDEN.glob("*.txt"))
RECORDS: Final = sorted(GOLDEN.glob(f"*{RECORD_SUFFIX}"))


def _stem(path: Path) -> str:
    return path.name.removesuffix(RECORD_SUFFIX).removesuffix(".txt")


@pytest.mark.parametrize("path", RECORDS, ids=[_stem(p) for p in RECORDS])
def test_record_replays_to_its_transcript_exactly(path: Path) -> None:
    record = Record.from_json(path.read_text(encoding="utf-8"))
    golden = path.with_name(_stem(path) + ".txt")
    assert golden.exists(), f"{path.name} has no transcript {golden.name}"
    expected = golden.read_text(encoding="utf-8").splitlines()
    actual = transcript(record).splitlines()
    if actual != expected:
        names = (f"{golden.name} (golden)", f"{golden.name} (now)")
        diff = list(difflib.unified_diff(expected, actual, *names, n=2, lineterm=""))
        shown = "\n".join(line[:160] for line in diff[:80])
        more = f"\n... {len(diff) - 80} more diff lines" if len(diff) > 80 else ""
        command = f"python -m parlour.tools.playthrough --from-record '{path}' --out '{golden}'"
        pytest.fail(
            f"{golden.name} differs from replaying {path.name}:\n{shown}{more}\nIf intended, write it again: {command}"
        )


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[_stem(p) for p in TRANSCRIPTS])
def test_every_transcript_has_its_record_and_header(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# parlour playthrough", f"{path.name} is not a playthrough transcript"
    assert record_path(path).exists(), f"{path.name} has no record {record_path(path).name}"
    record = Record.from_json(record_path(path).read_text(encoding="utf-8"))
    assert lines[1:4] == [f"game: {record.options_text()}", f"seed: {record.seed}", f"players: {record.players}"]


@pytest.mark.parametrize("name", parlour.game_names())
def test_every_registered_game_has_a_golden_record(name: str) -> None:
    stems = {re.split(r"[(-]", _stem(p), maxsplit=1)[0] for p in RECORDS}
    assert name in stems, (
        f"no golden record for {name}: write one with "
        f"python -m parlour.tools.playthrough {name} --seed 1 --out tests/golden/{name}.txt"
    )


def test_random_records_are_deterministic_and_honour_options() -> None:
    """Two runs give the same record and text; another seed gives another game."""
    name = "farkle"
    once = play_record(name, seed=5)
    assert play_record(name, seed=5) == once
    assert play_record(name, seed=6) != once
    text = transcript(once)
    assert text == transcript(Record.from_json(once.to_json()))
    assert text.splitlines()[1:4] == [f"game: {name}", "seed: 5", f"players: {once.players}"]
    assert text.splitlines()[-1].startswith("winners: ")
    assert f"== end after {len(once.moves)} plies" in text


def test_a_record_whose_move_no_longer_replays_names_the_ply() -> None:
    record = play_record("farkle", seed=5)
    broken = Record(game=record.game, players=record.players, seed=record.seed, moves=(record.moves[0], "0: fly"))
    with pytest.raises(ValueError, match=r"^ply 2 of the record, '0: fly', does not replay: "):
        transcript(broken)


def test_record_path_sits_beside_the_transcript() -> None:
    assert record_path("tests/golden/hearts.txt") == Path("tests/golden/hearts.record.json")
    assert record_path("x/farkle-3-players.txt").name == "farkle-3-players.record.json"
