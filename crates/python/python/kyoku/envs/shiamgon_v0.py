"""Shiamgon as a PettingZoo AEC environment.

``players`` seats (3 on the triangles, 3–5 on the discs), ``player_0``
first. ``agent_selection`` follows the rules' order of decisions: after a
placement, each pushed opponent answers out of turn (choosing where its
stone goes) before the next turn. Actions: one per field plus ``pass``;
observation ``(fields, players + 3)`` int8. ``render_mode="svg"`` returns
an SVG drawing.
"""

from __future__ import annotations

from gymnasium.utils import EzPickle

import kyoku

from ._base import KyokuEnv, wrap


def env(**kwargs):
    """The environment with PettingZoo's classic wrappers."""
    return wrap(raw_env(**kwargs))


class raw_env(KyokuEnv):
    """Shiamgon without wrappers."""

    metadata = {
        **KyokuEnv.metadata,
        "name": "shiamgon_v0",
        "render_modes": ["human", "ansi", "svg"],
    }

    def __init__(
        self,
        render_mode: str | None = None,
        board: str = "disc5",
        players: int = 3,
        handicap: list[int] | None = None,
    ):
        EzPickle.__init__(self, render_mode, board, players, handicap)

        def make() -> kyoku.State:
            return kyoku.new_game("shiamgon", board=board, players=players, handicap=handicap)

        make()  # bad options fail here, with the engine's message
        super().__init__(make, render_mode)
