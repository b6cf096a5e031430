"""``python -m parlour``: the text frontend (see `parlour.cli`)."""

from __future__ import annotations

from parlour.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
