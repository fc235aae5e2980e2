"""Random play through the PettingZoo API: steps per second for each kyoku
game, side by side with PettingZoo's own chess_v6 and connect_four_v3.

Every environment runs the same loop (``env.last()``, a random legal action
from the mask with ``action_space.sample(mask)``, ``env.step``), whole games
from ``reset``, for ``--seconds`` per round; the median of ``--rounds``
rounds is reported. Rounds alternate between environments so that load from
elsewhere on the machine falls on all of them alike.

    pip install "pettingzoo[classic]"   # chess_v6 needs chess and pygame
    python bench.py [--seconds 3] [--rounds 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time


def environments():
    from pettingzoo.classic import chess_v6, connect_four_v3

    from kyoku.envs import dobutsu_v0, shiamgon_v0, shogun_v0

    return {
        "kyoku dobutsu_v0": dobutsu_v0.env,
        "kyoku shogun_v0": shogun_v0.env,
        "kyoku shiamgon_v0 disc5 3p": lambda: shiamgon_v0.env(board="disc5", players=3),
        "kyoku shiamgon_v0 disc10 5p": lambda: shiamgon_v0.env(board="disc10", players=5),
        "pettingzoo chess_v6": chess_v6.env,
        "pettingzoo connect_four_v3": connect_four_v3.env,
    }


def steps_per_second(make, seconds: float, seed: int) -> float:
    env = make()
    steps = 0
    games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        env.reset(seed=seed + games)
        for i, agent in enumerate(env.possible_agents):
            env.action_space(agent).seed(seed + games + i)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                action = None
            else:
                action = env.action_space(agent).sample(obs["action_mask"])
            env.step(action)
            steps += 1
            if steps % 256 == 0 and time.perf_counter() >= deadline:
                break
        games += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    envs = environments()
    results = {name: [] for name in envs}
    for r in range(args.rounds):
        for name, make in envs.items():
            results[name].append(steps_per_second(make, args.seconds, seed=1000 * r))
    medians = {name: statistics.median(v) for name, v in results.items()}
    chess = medians["pettingzoo chess_v6"]
    if args.json:
        print(json.dumps({"steps_per_second": medians, "rounds": results}))
        return
    print(f"{'environment':32} {'steps/s (median)':>17} {'× chess_v6':>11}")
    for name, m in medians.items():
        print(f"{name:32} {m:17,.0f} {m / chess:11.1f}")


if __name__ == "__main__":
    main()
