"""Directives that build parts of the docs from the code, so they cannot drift from it.

``.. parlour-games-table::`` is the table of every registered game (from the registry), and
``.. parlour-core-modules::`` documents every module of `parlour.core` with autodoc.

Docstring examples are run by pytest (``--doctest-modules``) in their own module's namespace;
`_examples_as_code` shows them as ``pycon`` code blocks so that ``sphinx-build -b doctest``
runs only the examples written in the ``.rst`` pages, which import what they use.

Docstrings use single backticks for code (the docs' default role), often with a plural ending
("`Card`s"), which reST would read as an unterminated reference; `_plural_backticks` inserts
the escaped space reST needs, so the source docstrings stay plain.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

import parlour


def _players(counts: tuple[int, ...], usual: int) -> str:
    if len(counts) > 1 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        text = f"{counts[0]}-{counts[-1]}"
    else:
        text = ", ".join(map(str, counts))
    return text if len(counts) == 1 else f"{text} (usually {usual})"


class GamesTable(SphinxDirective):
    """A list-table of the registered games: name, title, players, family, chance, hidden
    information, presets. A game's name links to its page when ``games/<name>.rst`` exists."""

    def run(self) -> list[nodes.Node]:
        here = Path(self.env.doc2path(self.env.docname)).parent
        lines = [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: auto",
            "",
            "   * - game",
            "     - title",
            "     - players",
            "     - family",
            "     - chance",
            "     - hidden information",
            "     - presets",
        ]
        for name in parlour.game_names():
            spec = parlour.game(name)
            link = f":doc:`{name} <{name}>`" if (here / f"{name}.rst").exists() else f"``{name}``"
            presets = ", ".join(f"``{preset}``" for preset, _ in spec.presets) or "-"
            lines += [
                f"   * - {link}",
                f"     - {spec.title}",
                f"     - {_players(spec.players, spec.default_players)}",
                f"     - {spec.family}",
                f"     - {'yes' if spec.chance else 'no'}",
                f"     - {'yes' if spec.hidden_information else 'no'}",
                f"     - {presets}",
            ]
        return self._parse(lines)

    def _parse(self, lines: list[str]) -> list[nodes.Node]:
        container = nodes.section()
        self.state.nested_parse(StringList(lines, source="parlour-games-table"), self.content_offset, container)
        return list(container.children)


class CoreModules(SphinxDirective):
    """One section with ``automodule`` per module of `parlour.core`, in name order."""

    def run(self) -> list[nodes.Node]:
        import parlour.core

        lines: list[str] = []
        for info in sorted(pkgutil.iter_modules(parlour.core.__path__), key=lambda m: m.name):
            module = f"parlour.core.{info.name}"
            importlib.import_module(module)
            title = f"``{module}``"
            lines += [title, "-" * len(title), "", f".. automodule:: {module}", ""]
        container = nodes.section()
        container.document = self.state.document
        nested_parse_with_titles(self.state, StringList(lines, source="parlour-core-modules"), container)
        return list(container.children)


_PLURAL_BACKTICK = re.compile(r"(?<!`)(`[^`\s][^`]*`)(?=[A-Za-z])")


def _plural_backticks(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Turns "`Card`s" into "`Card`\\ s" in docstrings (see the module docstring)."""
    for index, line in enumerate(lines):
        lines[index] = _PLURAL_BACKTICK.sub(lambda m: m.group(1) + "\\ ", line)


def _examples_as_code(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Wraps each ``>>>`` block of a docstring in a ``pycon`` code block (see the module docstring)."""
    out: list[str] = []
    inside = False
    for line in lines:
        stripped = line.lstrip()
        if not inside and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            out += [f"{indent}.. code-block:: pycon", ""]
            inside = True
        elif inside and not stripped:
            inside = False
        out.append(f"   {line}" if inside else line)
    lines[:] = out


def setup(app: Sphinx) -> dict[str, object]:
    app.connect("autodoc-process-docstring", _plural_backticks)
    app.connect("autodoc-process-docstring", _examples_as_code)
    app.add_directive("parlour-games-table", GamesTable)
    app.add_directive("parlour-core-modules", CoreModules)
    return {"version": parlour.__version__, "parallel_read_safe": True}
