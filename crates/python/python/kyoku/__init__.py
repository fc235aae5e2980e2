"""kyoku: Dōbutsu Shōgi, Shogun and Shiamgon for Python.

``new_game`` makes a :class:`State` (OpenSpiel-style: ``current_player``,
``legal_actions``, ``apply_action``, ``returns``, ``observation`` …);
:class:`Agent` plays the product's programs; :class:`Tablebase` holds
Dōbutsu Shōgi's perfect values. PettingZoo environments are in
:mod:`kyoku.envs`; batched environments (thousands of games a call) in
:mod:`kyoku.vector`, and perfect-play accuracy in :mod:`kyoku.eval`.
"""

import importlib

from ._kyoku import CHANCE, GAMES, TERMINAL, Agent, State, Tablebase, new_game, programs

from_text = State.from_text

__all__ = [
    "CHANCE",
    "GAMES",
    "TERMINAL",
    "Agent",
    "State",
    "Tablebase",
    "from_text",
    "new_game",
    "programs",
]


def __getattr__(name: str):
    # `kyoku.vector` needs Gymnasium: load it (and `eval`) only when asked.
    if name in ("vector", "eval", "envs"):
        return importlib.import_module(f"kyoku.{name}")
    raise AttributeError(f"module 'kyoku' has no attribute {name!r}")
