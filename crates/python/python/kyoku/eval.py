"""How close a Dōbutsu Shōgi policy plays to perfect play, by the solved table.

``perfect_accuracy(policy)`` shows the policy a fixed set of positions and
compares its moves with the table's values:

- ``value``: the share of positions where the move keeps the position's
  value (a won position stays won, a drawn one drawn);
- ``fastest``: the share of the won positions where the move also wins in
  the fewest plies the table knows.

The positions (:func:`positions`) are 1,000 positions from real play, fixed
in the package (``kyoku/data/dobutsu_positions.txt``): :func:`draw_positions`
made them with its defaults, by seeded games between the product's programs
(``ai:1`` or ``ai:2``, each seat's level drawn per game), keeping at most five
positions a game, each at a seeded random ply, only those where the side to
move can go wrong (won or drawn by the table: in a lost position every move
keeps the value), and no position twice. The table must be there
(``kyoku solve dobutsu``).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable, Optional, Sequence, Union

import numpy as np

import kyoku

__all__ = ["draw_positions", "perfect_accuracy", "positions"]

_FILE = Path(__file__).parent / "data" / "dobutsu_positions.txt"

#: A batched policy: observations ``(B, 4, 3, 18)`` int8 and legal-action
#: masks ``(B, 180)`` bool in, one action per row out.
Policy = Callable[[np.ndarray, np.ndarray], Any]


def positions() -> list[str]:
    """The fixed evaluation set: 1,000 Dōbutsu positions (FEN) from real play."""
    lines = _FILE.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def draw_positions(
    count: int = 1000, seed: int = 2026, per_game: int = 5, levels: Sequence[int] = (1, 2)
) -> list[str]:
    """Positions from seeded games between the programs ``ai:<level>``:
    the procedure that made :func:`positions` (with the defaults). Needs the
    solved table."""
    table = kyoku.Tablebase.open()
    rng = random.Random(seed)
    seen: set[str] = set()
    out: list[str] = []
    game = 0
    while len(out) < count:
        game += 1
        seats = [kyoku.Agent(f"ai:{rng.choice(levels)}", seed=rng.randrange(2**63)) for _ in range(2)]
        state = kyoku.new_game("dobutsu")
        history = []
        while not state.is_terminal() and len(history) < 200:
            history.append(state.text())
            state.apply_action(seats[state.current_player()].choose(state))
        picks = sorted(rng.sample(range(len(history)), min(per_game, len(history))))
        for ply in picks:
            fen = history[ply]
            value = table.value(fen)
            if fen in seen or value is None or value[0] == "loss":
                continue
            seen.add(fen)
            out.append(fen)
            if len(out) == count:
                break
    return out


def _states(items: Sequence[Union[str, "kyoku.State"]]) -> list["kyoku.State"]:
    return [kyoku.from_text("dobutsu", s) if isinstance(s, str) else s for s in items]


def _choose(policy: Union[Policy, "kyoku.Agent"], states: list["kyoku.State"]) -> list[int]:
    if isinstance(policy, kyoku.Agent):
        return [int(policy.choose(s)) for s in states]
    seats = [s.current_player() for s in states]
    obs = np.stack([s.observation(p) for s, p in zip(states, seats)])
    masks = np.stack([s.action_mask(p) for s, p in zip(states, seats)]).astype(bool)
    actions = np.asarray(policy(obs, masks)).reshape(-1)
    if actions.shape != (len(states),):
        raise ValueError(f"the policy gave {actions.shape[0]} actions for {len(states)} positions")
    return [int(a) for a in actions]


def perfect_accuracy(
    policy: Union[Policy, "kyoku.Agent"],
    positions: Optional[Sequence[Union[str, "kyoku.State"]]] = None,
    table: Optional["kyoku.Tablebase"] = None,
) -> dict[str, float]:
    """The policy's accuracy by the solved table (see the module).

    ``policy`` is a batched function ``policy(observation, action_mask) ->
    actions`` (observations and masks of every position at once, in the
    layouts of ``State.observation``/``action_mask``, seen from the side to
    move) or a :class:`kyoku.Agent`. ``positions`` defaults to the fixed set
    (FEN texts or States; lost ones count for ``value`` as kept). Returns
    ``{"value", "fastest", "illegal", "positions", "won"}``: the shares
    described above, the share of illegal moves (counted as wrong), and the
    numbers of positions and of won positions."""
    table = table or kyoku.Tablebase.open()
    fens = globals()["positions"]() if positions is None else positions
    states = [s for s in _states(fens) if not s.is_terminal()]
    if not states:
        raise ValueError("no unfinished positions to evaluate")
    actions = _choose(policy, states)
    kept = fastest = won = illegal = 0
    for state, action in zip(states, actions):
        value = table.value(state)
        moves = {a: v for a, _, v in table.analyze(state)}
        if value is None or action not in moves:
            illegal += 1
            won += value is not None and value[0] == "win"
            continue
        got = moves[action]
        kept += got[0] == value[0]
        if value[0] == "win":
            won += 1
            fastest += got == value
    n = len(states)
    return {
        "value": kept / n,
        "fastest": fastest / won if won else float("nan"),
        "illegal": illegal / n,
        "positions": n,
        "won": won,
    }
