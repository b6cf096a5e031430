"""Hypothesis profiles for the whole suite, chosen with HYPOTHESIS_PROFILE (default ``dev``).

- ``dev``: quick local runs while editing.
- ``ci``: what CI runs (``HYPOTHESIS_PROFILE=ci``): derandomized, so a run is reproducible and a
  failure reappears on the next run; no deadline (shared CI machines are slow and uneven); enough
  examples that every game plays tens of thousands of checked plies across the property suite,
  while forty-odd games keep the whole suite within a few minutes on two cores.
- ``thorough``: a long local hunt for rare bugs before a release.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

_SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large]
# No shrinking: the property suite draws opaque game seeds, and a smaller seed is not a simpler
# game. The failing seed is reported as it is, with the ply in the message.
_NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)

settings.register_profile("dev", max_examples=8, deadline=None, phases=_NO_SHRINK, suppress_health_check=_SLOW_OK)
settings.register_profile(
    "ci",
    max_examples=30,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    phases=_NO_SHRINK,
    suppress_health_check=_SLOW_OK,
)
settings.register_profile(
    "thorough", max_examples=300, deadline=None, phases=_NO_SHRINK, suppress_health_check=_SLOW_OK
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
