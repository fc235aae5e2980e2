"""Train a small Dōbutsu Shōgi policy with NumPy alone, batched through
kyoku.vector, against the program ai:1 — and watch it get closer to perfect
play.

The policy is linear: the logits of the 180 actions are ``x @ W`` for the
observation's 216 planes plus a constant, legal actions only; a linear
value ``x @ v`` is its baseline. Learning is one-step actor–critic (A2C
without a network): every step of every game, the advantage
``r + γ·V(x') − V(x)`` moves ``W`` along ``∇ log π(a|x)`` and ``v`` along
``x``. A finished game's last position comes from ``info["final_obs"]`` (the
batch restarts games in the same step), so a game cut at the ply limit is
bootstrapped from where it stood.

The learner plays both colours at once: one batch with ai:1 as Gote, one
with ai:1 as Sente, both stepped in Rust (the opponent's moves too), and a
third batch of games against itself (both seats its own: the next position
is the opponent's, so its value counts negated), which keeps it from
learning only ai:1's weaknesses. Every
``--report`` seconds it prints the score against ai:1 over the games that
finished since the last report (win 1, draw ½, loss 0) and its accuracy on
the fixed perfect-play set of :mod:`kyoku.eval` (when the solved table is
there: ``kyoku solve dobutsu``).

    python crates/python/examples/train_dobutsu.py [--minutes 4] [--envs 256] [--threads 2]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import kyoku
import kyoku.eval
import kyoku.vector

FEATURES = 4 * 3 * 18 + 1


def features(obs: np.ndarray) -> np.ndarray:
    x = obs.reshape(len(obs), -1).astype(np.float32)
    return np.concatenate([x, np.ones((len(obs), 1), np.float32)], axis=1)


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z = np.where(mask, logits, -np.inf)
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    return p / p.sum(axis=1, keepdims=True)


class Linear:
    """A linear softmax policy over the legal actions, with a linear value."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.W = np.zeros((FEATURES, 180), np.float32)
        self.v = np.zeros(FEATURES, np.float32)
        self.rng = rng

    def probs(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return masked_softmax(x @ self.W, mask)

    def sample(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        p = self.probs(x, mask)
        c = p.cumsum(axis=1)
        u = self.rng.random((len(p), 1)) * c[:, -1:]
        a = np.minimum((c < u).sum(axis=1), 179)
        return a, p

    def greedy(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The policy's best action: what kyoku.eval measures."""
        return np.where(mask, features(obs) @ self.W, -np.inf).argmax(axis=1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=4.0)
    ap.add_argument("--envs", type=int, default=256, help="games per colour against the opponent")
    ap.add_argument("--selfplay", type=int, default=256, help="games against itself (0: none)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--report", type=float, default=30.0, help="seconds between reports")
    ap.add_argument("--opponent", default="ai:1")
    ap.add_argument("--lr", type=float, default=0.03)
    ap.add_argument("--gamma", type=float, default=0.97)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    try:
        table = kyoku.Tablebase.open()
    except OSError as e:
        print(f"(no perfect-play accuracy: {e})")
        table = None
    rng = np.random.default_rng(args.seed)
    policy = Linear(rng)
    # Seat 0 is Sente: the learner is Sente in the first batch, Gote in the second.
    sides = []
    for seat in (0, 1):
        env = kyoku.vector.make(
            "dobutsu",
            args.envs,
            seed=args.seed + seat,
            threads=args.threads,
            max_plies=120,
            opponents={1 - seat: args.opponent},
        )
        obs, _ = env.reset()
        sides.append({"env": env, "seat": seat, "x": features(obs["observation"]), "mask": obs["action_mask"].copy()})
    if args.selfplay:
        env = kyoku.vector.make("dobutsu", args.selfplay, seed=args.seed + 2, threads=args.threads, max_plies=120)
        obs, info = env.reset()
        sides.append(
            {
                "env": env,
                "seat": None,
                "x": features(obs["observation"]),
                "mask": obs["action_mask"].copy(),
                "player": info["current_player"].copy(),
            }
        )

    def report(elapsed: float, games: int, points: float) -> None:
        score = f"{points / games:5.3f} over {games:5d} games" if games else "  -  "
        line = f"{elapsed:6.0f} s  score vs {args.opponent} {score}"
        if table is not None:
            acc = kyoku.eval.perfect_accuracy(policy.greedy, table=table)
            line += f"  perfect-play accuracy: value {acc['value']:.3f}, fastest win {acc['fastest']:.3f}"
        print(line, flush=True)

    start = time.perf_counter()
    report(0.0, 0, 0.0)
    next_report = start + args.report
    games, points, steps = 0, 0.0, 0
    while time.perf_counter() - start < args.minutes * 60:
        for side in sides:
            env, seat, x, mask = side["env"], side["seat"], side["x"], side["mask"]
            a, p = policy.sample(x, mask)
            rows = np.arange(len(a))
            # Self-play: the seat that moves now in each game.
            movers = np.full(len(a), seat) if seat is not None else side["player"]
            obs, rewards, terms, truncs, info = env.step(a)
            r = rewards[rows, movers]
            x2 = features(obs["observation"])
            done = terms | truncs
            # The value of where the move led: the finished game's last
            # position when it ended (0 when it ended by the rules); in
            # self-play the next position is the opponent's.
            nxt = x2 @ policy.v
            if seat is None:
                nxt = -nxt
            if done.any():
                last = features(info["final_obs"]["observation"][done]) @ policy.v
                nxt[done] = np.where(terms[done], 0.0, last)
            adv = r + args.gamma * nxt - x @ policy.v
            grad = -p
            grad[np.arange(len(a)), a] += 1.0
            policy.W += (args.lr / len(a)) * x.T @ (grad * adv[:, None])
            policy.v += (args.lr / len(a)) * x.T @ adv
            if seat is not None:
                games += int(done.sum())
                points += float(((r[done] + 1) / 2).sum())
            side["x"], side["mask"] = x2, obs["action_mask"].copy()
            side["player"] = info["current_player"].copy()
            steps += len(a)
        if time.perf_counter() >= next_report:
            report(time.perf_counter() - start, games, points)
            games, points = 0, 0.0
            next_report += args.report
    report(time.perf_counter() - start, games, points)
    print(f"{steps:,} learner moves in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
