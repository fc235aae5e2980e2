"""The one PettingZoo AEC environment behind all three games.

A seat is an agent named ``player_<seat>``. ``agent_selection`` is always the
seat that must decide now: the player whose turn it is, or in Shiamgon the
seat answering a push out of turn. Chance (Shogun's random variant) is
resolved inside the environment, from the seed given to ``reset``.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle

from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import kyoku


def wrap(raw: AECEnv) -> AECEnv:
    """The wrappers PettingZoo's classic environments use: an illegal action
    ends the game with reward -1 for the seat that played it (0 for the
    others), out-of-range actions are caught, and the call order is checked."""
    env = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


class KyokuEnv(AECEnv, EzPickle):
    """A kyoku game as a PettingZoo AEC environment.

    Observations are dicts: ``observation`` (int8, the layout of
    ``State.observation``, seen from the observing seat) and ``action_mask``
    (int8, 1 for the legal actions of the seat that acts, all zeros for the
    others). Rewards are 0 until the game ends; then each seat receives its
    ``State.returns()`` entry: +1 win, -1 loss, 0 draw in the two-player
    games, and in Shiamgon ``2 × (share of the other seats beaten, ties
    counting half) − 1``. ``infos`` hold ``scores`` and ``reason`` at the end.
    """

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "kyoku",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(self, make_state: Callable[[], kyoku.State], render_mode: str | None = None):
        super().__init__()
        self._make_state = make_state
        self.state = make_state()
        n = self.state.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = self.possible_agents[:]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        num_actions = self.state.num_actions()
        shape = tuple(self.state.observation_shape())
        self.action_spaces = {a: spaces.Discrete(num_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0, high=4, shape=shape, dtype=np.int8),
                    "action_mask": spaces.Box(low=0, high=1, shape=(num_actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r}: this environment has {self.metadata['render_modes']}"
            )
        self.render_mode = render_mode
        self._rng = np.random.default_rng()
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        return {
            "observation": self.state.observation(seat),
            "action_mask": self.state.action_mask(seat),
        }

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None or not hasattr(self, "_seeded"):
            self._rng = np.random.default_rng(seed)
            self._seeded = True
        self.state = self._make_state()
        self._resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[max(self.state.current_player(), 0)]
        if self.render_mode == "human":
            self.render()

    def _resolve_chance(self) -> None:
        if self.state.is_chance_node():
            self.state.resolve_chance(int(self._rng.integers(0, 2**63)))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.state.apply_action(int(action))
        self._resolve_chance()
        self._clear_rewards()
        player = self.state.current_player()
        if player == kyoku.TERMINAL:
            returns = self.state.returns()
            scores = self.state.scores()
            reason = self.state.end_reason()
            for a in self.agents:
                seat = self._seat[a]
                self.rewards[a] = returns[seat]
                self.terminations[a] = True
                self.infos[a] = {"scores": scores, "reason": reason}
        else:
            self.agent_selection = self.possible_agents[player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("You are calling render without a render_mode.")
            return None
        if self.render_mode == "ansi":
            return self.state.render_text()
        if self.render_mode == "svg":
            return self.state.render_svg()
        print(self.state.render_text())
        return None

    def close(self) -> None:
        pass
