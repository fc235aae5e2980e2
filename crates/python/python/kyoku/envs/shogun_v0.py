"""Shogun (Ravensburger 1979) as a PettingZoo AEC environment.

Two seats, ``player_0`` (White, moves first) and ``player_1`` (Red).
4096 actions (``from × 64 + to``); observation ``(8, 8, 19)`` int8, or
``(8, 8, 35)`` with ``landing_numbers=True``. ``rotation`` (0–3),
``variant`` (``magnetic`` or ``random``) and ``setup`` are the game's
options; in the random variant chance is drawn inside the environment from
the seed given to ``reset``.
"""

from __future__ import annotations

from gymnasium.utils import EzPickle

import kyoku

from ._base import KyokuEnv, wrap


def env(**kwargs):
    """The environment with PettingZoo's classic wrappers."""
    return wrap(raw_env(**kwargs))


class raw_env(KyokuEnv):
    """Shogun without wrappers."""

    metadata = {**KyokuEnv.metadata, "name": "shogun_v0"}

    def __init__(
        self,
        render_mode: str | None = None,
        rotation: int = 0,
        variant: str = "magnetic",
        setup: str | None = None,
        landing_numbers: bool = False,
    ):
        EzPickle.__init__(self, render_mode, rotation, variant, setup, landing_numbers)

        def make() -> kyoku.State:
            return kyoku.new_game(
                "shogun",
                rotation=rotation,
                variant=variant,
                setup=setup,
                landing_numbers=landing_numbers,
            )

        make()  # bad options fail here, with the engine's message
        super().__init__(make, render_mode)
