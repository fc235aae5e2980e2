"""Batched random play: steps per second of kyoku.vector for each game, side
by side in one run with Pgx's ``animal_shogi`` on the CPU.

kyoku: ``kyoku.vector.make(game, batch, threads=t)``; every step the
benchmark itself picks a uniformly random legal action per game in NumPy
from ``obs["action_mask"]`` and calls ``env.step`` (games restart in the same
step). The time of the NumPy choice counts.

Pgx: ``jax.jit(jax.vmap(auto_reset(env.step, env.init)))`` over the same
batch, a random legal action per game drawn by a jitted
``jax.random.categorical`` over the legal mask, ``block_until_ready`` after
every step; both functions are compiled and run once before timing, so JIT
time is excluded. Pgx ends a Dōbutsu game after 256 steps (a draw); kyoku's
Dōbutsu runs with ``max_plies=256`` to match.

Steps per second = games × steps / seconds. Each configuration runs
``--seconds`` per round; rounds alternate between configurations so that load
from elsewhere on the machine falls on all of them alike, and the median of
``--rounds`` rounds is reported.

    pip install pgx jax jaxlib      # only for the Pgx column
    python crates/python/bench_vector.py [--batch 1024] [--seconds 3] [--rounds 5] [--threads 1,2] [--no-pgx] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Callable

import numpy as np


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action for every row of a boolean mask: the
    k-th legal action with k uniform below the row's count (every row has
    one, as the vector environment never hands out a finished game)."""
    n, a = mask.shape
    legal = np.flatnonzero(mask)
    counts = np.bincount(legal // a, minlength=n)
    starts = np.cumsum(counts) - counts
    k = (rng.random(n) * counts).astype(np.int64)
    return legal[starts + k] % a


def kyoku_runner(game: str, batch: int, threads: int, options: dict) -> Callable[[float], float]:
    import kyoku.vector

    env = kyoku.vector.make(game, batch, seed=0, threads=threads, **options)
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    state = {"obs": obs}

    def run(seconds: float) -> float:
        obs = state["obs"]
        steps = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            obs, _, _, _, _ = env.step(random_legal(obs["action_mask"], rng))
            steps += 1
        state["obs"] = obs
        return batch * steps / (time.perf_counter() - start)

    return run


def pgx_runner(batch: int) -> Callable[[float], float]:
    import jax
    import jax.numpy as jnp
    import pgx
    from pgx.experimental import auto_reset

    env = pgx.make("animal_shogi")
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(auto_reset(env.step, env.init)))

    @jax.jit
    def act(key, mask):
        logits = jnp.where(mask, 0.0, -jnp.inf)
        return jax.random.categorical(key, logits, axis=-1)

    key = jax.random.PRNGKey(0)
    key, k0 = jax.random.split(key)
    state = init(jax.random.split(k0, batch))
    # Compile (and run once) before timing: JIT time is excluded.
    key, ka, ks = jax.random.split(key, 3)
    state = step(state, act(ka, state.legal_action_mask), jax.random.split(ks, batch))
    jax.block_until_ready(state)
    box = {"state": state, "key": key}

    def run(seconds: float) -> float:
        state, key = box["state"], box["key"]
        steps = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            key, ka, ks = jax.random.split(key, 3)
            action = act(ka, state.legal_action_mask)
            state = step(state, action, jax.random.split(ks, batch))
            jax.block_until_ready(state)
            steps += 1
        box["state"], box["key"] = state, key
        return batch * steps / (time.perf_counter() - start)

    return run


GAMES = [
    ("dobutsu", "dobutsu", {"max_plies": 256}),
    ("shogun", "shogun", {}),
    ("shiamgon disc5 3p", "shiamgon", {"board": "disc5", "players": 3}),
    ("shiamgon disc10 5p", "shiamgon", {"board": "disc10", "players": 5}),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--threads", default="1,2", help="comma-separated thread counts for kyoku")
    ap.add_argument("--no-pgx", action="store_true", help="leave out Pgx (no jax needed)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    runners: dict[str, Callable[[float], float]] = {}
    if not args.no_pgx:
        runners["pgx animal_shogi"] = pgx_runner(args.batch)
    for threads in [int(t) for t in args.threads.split(",")]:
        for label, game, options in GAMES:
            runners[f"kyoku {label}, {threads} thread{'s' if threads > 1 else ''}"] = kyoku_runner(
                game, args.batch, threads, options
            )
    results: dict[str, list[float]] = {name: [] for name in runners}
    for _ in range(args.rounds):
        for name, run in runners.items():
            results[name].append(run(args.seconds))
    medians = {name: statistics.median(v) for name, v in results.items()}
    if args.json:
        print(json.dumps({"batch": args.batch, "steps_per_second": medians, "rounds": results}))
        return
    base = medians.get("pgx animal_shogi")
    print(f"batch {args.batch}, median of {args.rounds} rounds of {args.seconds:g} s")
    print(f"{'environment':36} {'steps/s':>12} {'× Pgx':>7}")
    for name, m in medians.items():
        ratio = f"{m / base:7.1f}" if base else f"{'':7}"
        print(f"{name:36} {m:12,.0f} {ratio}")


if __name__ == "__main__":
    main()
