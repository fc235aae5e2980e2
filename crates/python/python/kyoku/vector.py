"""Batched environments: thousands of games stepped in one call, in Rust.

``make(game, num_envs)`` returns a Gymnasium ``VectorEnv`` whose ``step``
plays one action in every game with the GIL released, spread over threads,
and writes into NumPy arrays the environment owns and reuses::

    import numpy as np
    import kyoku.vector

    env = kyoku.vector.make("dobutsu", 1024, seed=0)
    obs, info = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(100):
        mask = obs["action_mask"]                      # (N, 180) bool
        noise = rng.random(mask.shape) * mask          # a random legal action per game
        obs, rewards, terminations, truncations, info = env.step(noise.argmax(1))

Layouts (see the package README):

- ``obs["observation"]``: ``(N, …)`` int8, each game seen from the seat that
  acts now (``info["current_player"]``), in the layout of
  ``State.observation``; ``obs["action_mask"]``: ``(N, A)`` bool, that seat's
  legal actions.
- ``rewards``: ``(N, seats)`` float32, each seat's reward from this step:
  the game's ``returns()`` when it ended in this step, else 0.
- ``terminations``/``truncations``: ``(N,)`` bool; truncation after
  ``max_plies`` player decisions.
- Autoreset in the same step (Gymnasium's ``SAME_STEP``): a game that ended
  starts anew at once, and ``obs`` is its new start. Its last observation
  (seen from the seat that acted in this step) is in
  ``info["final_obs"]`` and its returns in ``info["final_returns"]``, where
  ``info["_final_obs"]`` is true.

The arrays returned are the environment's own and are overwritten by the
next ``reset``/``step``: copy what you keep (``obs["observation"].copy()``),
and do not read them from another thread while a call runs.
"""

from __future__ import annotations

import os
from typing import Any, Mapping, Optional

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as e:  # pragma: no cover - depends on the installation
    raise ImportError(
        "kyoku.vector needs gymnasium 1.1 or later: pip install 'gymnasium>=1.1' "
        "(or install kyoku with its [envs] extra)"
    ) from e

from ._kyoku import VectorGames

__all__ = ["KyokuVectorEnv", "make"]


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class KyokuVectorEnv(VectorEnv):
    """``num_envs`` games of one configuration as a Gymnasium ``VectorEnv``
    (see the module's documentation). ``core`` is the native batch:
    ``core.state(i)`` is a copy of game ``i`` as a :class:`kyoku.State`."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        game: str,
        num_envs: int,
        seed: Optional[int] = None,
        threads: Optional[int] = None,
        max_plies: Optional[int] = None,
        opponents: Optional[Mapping[int, str]] = None,
        landing_numbers: bool = False,
        **options: Any,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number of at least 1, not {num_envs!r}")
        if threads is None:
            threads = _cores()
        if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or threads < 1:
            raise ValueError(f"threads must be a whole number of at least 1, not {threads!r}")
        if max_plies is not None and (not isinstance(max_plies, (int, np.integer)) or max_plies < 1):
            raise ValueError(f"max_plies must be None or a whole number of at least 1, not {max_plies!r}")
        if seed is None:
            # No seed: an unpredictable one, as Gymnasium does.
            seed = int(np.random.SeedSequence().entropy % 2**64)
        self._seed = int(seed) % 2**64
        self.core = VectorGames(
            game,
            int(num_envs),
            self._seed,
            int(threads),
            None if max_plies is None else int(max_plies),
            dict(opponents or {}),
            bool(landing_numbers),
            options,
        )
        self.game = self.core.game
        self.num_envs = self.core.num_envs
        self.num_players = self.core.num_players
        self.num_actions = self.core.num_actions
        self.max_plies = max_plies
        self.threads = int(threads)
        self.opponents = dict(opponents or {})
        shape = tuple(self.core.observation_shape)
        n, a, seats = self.num_envs, self.num_actions, self.num_players

        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=0, high=4, shape=shape, dtype=np.int8),
                "action_mask": spaces.Box(low=0, high=1, shape=(a,), dtype=np.bool_),
            }
        )
        self.single_action_space = spaces.Discrete(a)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)

        # The arrays every call writes: made once, handed to the native side.
        self._obs = np.zeros((n,) + shape, dtype=np.int8)
        self._mask = np.zeros((n, a), dtype=np.bool_)
        self._rewards = np.zeros((n, seats), dtype=np.float32)
        self._terminations = np.zeros(n, dtype=np.bool_)
        self._truncations = np.zeros(n, dtype=np.bool_)
        self._current = np.zeros(n, dtype=np.int64)
        self._finished = np.zeros(n, dtype=np.bool_)
        self._final_obs = np.zeros((n,) + shape, dtype=np.int8)
        self._final_mask = np.zeros((n, a), dtype=np.bool_)
        self._final_returns = np.zeros((n, seats), dtype=np.float32)
        self._actions = np.zeros(n, dtype=np.int64)
        self.core.attach(
            self._obs,
            self._mask,
            self._rewards,
            self._terminations,
            self._truncations,
            self._current,
            self._finished,
            self._final_obs,
            self._final_mask,
            self._final_returns,
            self._actions,
        )
        self._observation = {"observation": self._obs, "action_mask": self._mask}
        self._info = {
            "current_player": self._current,
            "_current_player": np.ones(n, dtype=np.bool_),
            "final_obs": {"observation": self._final_obs, "action_mask": self._final_mask},
            "_final_obs": self._finished,
            "final_returns": self._final_returns,
            "_final_returns": self._finished,
        }
        self._reset_done = False

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Starts every game anew. With ``seed``, chance and the opponents are
        reseeded from it (the same seed gives the same games for the same
        actions); without, the first reset uses ``make``'s seed and later
        ones go on from where the random sources are."""
        super().reset(seed=seed)
        if seed is None and not self._reset_done:
            seed = self._seed
        self.core.reset(None if seed is None else int(seed) % 2**64)
        self._reset_done = True
        return self._observation, self._info

    def step(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Plays ``actions[i]`` in game ``i`` (for the seat that acts there),
        then the opponents and chance, and restarts finished games.
        ``ValueError`` naming the games when the array has the wrong shape or
        type, or an action is out of range or illegal; then no game changes."""
        if not self._reset_done:
            raise RuntimeError("call reset() before step()")
        a = np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {a.shape}")
        if a.dtype.kind not in "iu":
            raise ValueError(f"actions must be integers, not {a.dtype}")
        if a.dtype.kind == "u" and a.size and a.max() > np.iinfo(np.int64).max:
            bad = np.flatnonzero(a > np.iinfo(np.int64).max)
            raise ValueError(f"bad actions in games {bad.tolist()}: out of range; no game was changed")
        np.copyto(self._actions, a, casting="unsafe")
        self.core.step()
        return self._observation, self._rewards, self._terminations, self._truncations, self._info

    def state(self, i: int):
        """A copy of game ``i`` as a :class:`kyoku.State` (history included)."""
        return self.core.state(int(i))

    def close_extras(self, **kwargs: Any) -> None:
        pass


def make(
    game: str,
    num_envs: int,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    **options: Any,
) -> KyokuVectorEnv:
    """``num_envs`` games of ``game`` stepped together in Rust.

    ``options`` are those of :func:`kyoku.new_game` (Shogun's ``rotation``,
    ``variant``, ``setup``, ``landing_numbers``; Shiamgon's ``board``,
    ``players``, ``handicap``) and:

    - ``max_plies``: player decisions after which a game is truncated
      (default ``None``: games end by their rules alone);
    - ``opponents``: ``{seat: "ai:1" | "random" | "perfect" …}``, seats that
      programs play inside the same call (the learner never sees them act).

    ``threads`` defaults to every core this process may use; ``seed`` seeds
    chance (Shogun's random variant) and the opponents."""
    return KyokuVectorEnv(game, num_envs, seed=seed, threads=threads, **options)
