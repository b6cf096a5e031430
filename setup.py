"""Build hook. A plain install builds the pure-Python package. With PARLOUR_COMPILE=1 set at
install time the same source is compiled with mypyc (README, "Compiled build (optional)"):

    PARLOUR_COMPILE=1 pip install --no-build-isolation .   # needs mypy and setuptools installed

All metadata lives in pyproject.toml; this file only adds the compiled extension modules.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

COMPILED = ("parlour/core/", "parlour/games/hearts/", "parlour/games/gin_rummy/")
"""What the compiled build compiles (paths under src/); every other module stays interpreted.
README, "Compiled build (optional)", says why."""

ext_modules = []
if os.environ.get("PARLOUR_COMPILE", "") not in ("", "0"):
    from mypyc.build import mypycify  # with build isolation off: mypy must be installed

    here = Path(__file__).resolve().parent
    paths = [str(p.relative_to(here)) for p in sorted((here / "src").rglob("*.py"))]
    paths = [p for p in paths if p.removeprefix("src/").startswith(COMPILED)]
    config = here / "build" / "mypyc.ini"  # mypy's settings, plus the plugin mypyc needs
    config.parent.mkdir(exist_ok=True)
    plugin = here / "mypyc_plugin.py"
    # The optional extras (plots, Ray, the research adapters) need not be installed to compile:
    # mypy reads their imports as unknown, and the ignores written for them as unused.
    optional = "matplotlib.*,ray.*,numpy.*,pyspiel.*,open_spiel.*,pettingzoo.*,gymnasium.*,aiohttp.*"
    config.write_text(
        f"[mypy]\nstrict = True\nwarn_unused_ignores = False\ncache_dir = {here / 'build' / 'mypy_cache'}\n"
        f"plugins = {plugin}\n[mypy-{optional}]\nignore_missing_imports = True\n"
    )
    # One group named explicitly (not mypyc's default group): that turns off mypyc's whole-program
    # assumptions, with which it would compile `==` between two values of one attrs class as `is`.
    options = ["--config-file", str(config), *paths]
    ext_modules = mypycify(options, opt_level="3", multi_file=True, separate=[(paths, "parlour")])

setup(ext_modules=ext_modules)
