"""Dōbutsu Shōgi as a PettingZoo AEC environment.

Two seats, ``player_0`` (Sente, moves first) and ``player_1`` (Gote).
180 actions (see ``kyoku.State``); observation ``(4, 3, 18)`` int8.
``fen`` starts from another position.
"""

from __future__ import annotations

from gymnasium.utils import EzPickle

import kyoku

from ._base import KyokuEnv, wrap


def env(**kwargs):
    """The environment with PettingZoo's classic wrappers."""
    return wrap(raw_env(**kwargs))


class raw_env(KyokuEnv):
    """Dōbutsu Shōgi without wrappers."""

    metadata = {**KyokuEnv.metadata, "name": "dobutsu_v0"}

    def __init__(self, render_mode: str | None = None, fen: str | None = None):
        EzPickle.__init__(self, render_mode, fen)
        kyoku.new_game("dobutsu", fen=fen)  # bad options fail here, with the engine's message
        super().__init__(lambda: kyoku.new_game("dobutsu", fen=fen), render_mode)
