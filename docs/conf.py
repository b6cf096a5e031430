"""Sphinx configuration for the parlour docs (``make docs``; ``sphinx-build -W`` must pass)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent / "examples" / "tutorial"))  # the tutorial's game

import parlour  # noqa: E402

project = "parlour"
author = "the parlour authors"
copyright = "the parlour authors"
release = parlour.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "parlour_docs",
]

# Docstrings are plain reST prose, and the annotations carry the types. There is no napoleon:
# no docstring uses Google- or NumPy-style sections, and napoleon would read an attribute
# docstring that starts with "Word:" ("Passing cycle: ...") as a type followed by a description,
# rendering it as a "Type:" field.
autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_type_aliases: dict[str, str] = {}

# No network during the build: no intersphinx.
extensions_without_network = True

html_theme = "alabaster"
html_theme_options = {
    "description": "Traditional table games with immutable, typed states",
    "fixed_sidebar": True,
}
html_static_path: list[str] = []
templates_path: list[str] = []
exclude_patterns = ["_build", "_ext"]
default_role = "code"

# The doctest builder (``sphinx-build -b doctest``) runs every >>> example of the docs.
doctest_global_setup = "import parlour"
