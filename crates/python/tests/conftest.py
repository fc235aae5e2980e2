"""Shared helpers: seeded random games through the Python API."""

from __future__ import annotations

import random

import kyoku

# Every configuration the package supports, by (game, options).
CONFIGS = [
    ("dobutsu", {}),
    ("shogun", {}),
    ("shogun", {"rotation": 3}),
    ("shogun", {"variant": "random"}),
    ("shiamgon", {"board": "tri8", "players": 3}),
    ("shiamgon", {"board": "tri16", "players": 3}),
    ("shiamgon", {"board": "disc5", "players": 3}),
    ("shiamgon", {"board": "disc5", "players": 4}),
    ("shiamgon", {"board": "disc5", "players": 5}),
    ("shiamgon", {"board": "disc10", "players": 3}),
    ("shiamgon", {"board": "disc10", "players": 4}),
    ("shiamgon", {"board": "disc10", "players": 5}),
]


def config_id(config) -> str:
    game, opts = config
    return "-".join([game] + [f"{k}={v}" for k, v in sorted(opts.items())])


def random_step(state: kyoku.State, rng: random.Random) -> None:
    """One random decision: chance by its probabilities, a seat uniformly."""
    if state.is_chance_node():
        actions, weights = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, weights)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def walk(state: kyoku.State, rng: random.Random, plies: int):
    """Yields the states of a random game of at most `plies` decisions."""
    yield state
    for _ in range(plies):
        if state.is_terminal():
            return
        random_step(state, rng)
        yield state
