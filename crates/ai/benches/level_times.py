#!/usr/bin/env python3
"""Time a move of each level of a game in two builds, over the same positions.

    python3 crates/ai/benches/level_times.py shogun OLD_KYOKU NEW_KYOKU 3,4,5
    python3 crates/ai/benches/level_times.py dobutsu OLD_KYOKU NEW_KYOKU 3,4,5

Shogun's positions are every sixth position where a player is to move in the
recorded level-4 games of `data/shogun-level4-games-*.jsonl` (written by
`kyoku match shogun --players ai:4,ai:4 --games 6 --seed 11 --record FILE`,
and the same with `--variant random`), in both variants. Dōbutsu's are every
seventh position after the opening of the first 24 games of level 5 against
the native Fairy-Stockfish (`data/dobutsu-fsf-games-native.jsonl`).

For each level (and variant) it runs `kyoku analyze GAME --level N --moves …
--json` with both builds, one after the other on each position, and prints
the mean and median of the search time each reports, and the ratio of the
sums: below 1 means the new build's level takes less time than the old
one's. A build's level is its node budget, so this is how a budget is chosen
that keeps a level's time.
"""
import json
import statistics
import subprocess
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def shogun_positions(variant):
    """(extra flags, move prefix) for every sixth player decision."""
    extra = ["--variant", "random"] if variant == "random" else []
    for line in open(DATA / f"shogun-level4-games-{variant}.jsonl"):
        moves = json.loads(line)["moves"]
        # In the random variant a player acts after chance has set a number.
        starts = [k for k in range(1, len(moves)) if not extra or "=" in moves[k - 1]]
        for k in starts[3::6]:
            yield extra, moves[:k]


def dobutsu_positions(_variant):
    """(no flags, move prefix) for every seventh position after the opening."""
    with open(DATA / "dobutsu-fsf-games-native.jsonl") as f:
        for line in list(f)[:24]:
            game = json.loads(line)
            moves = game["moves"]
            for k in range(len(game["opening"]), len(moves), 7):
                yield [], moves[:k]


GAMES = {
    "shogun": (shogun_positions, ("magnetic", "random")),
    "dobutsu": (dobutsu_positions, ("standard",)),
}


def search_ms(kyoku, game, extra, moves, level):
    out = subprocess.run(
        [kyoku, "analyze", game, *extra, "--level", level,
         "--moves", ",".join(moves), "--json"],
        capture_output=True, text=True)
    return json.loads(out.stdout)["ms"] if out.returncode == 0 else None


def main():
    if len(sys.argv) != 5 or sys.argv[1] not in GAMES:
        sys.exit(__doc__)
    game, old, new, levels = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split(",")
    positions, variants = GAMES[game]
    for level in levels:
        for variant in variants:
            times = [(search_ms(old, game, e, m, level), search_ms(new, game, e, m, level))
                     for e, m in positions(variant)]
            times = [t for t in times if None not in t]
            a, b = [t[0] for t in times], [t[1] for t in times]
            print(f"level {level} {variant}: {len(times)} positions; "
                  f"old mean {statistics.mean(a):.1f} ms, median {statistics.median(a):.1f}; "
                  f"new mean {statistics.mean(b):.1f} ms, median {statistics.median(b):.1f}; "
                  f"new/old {sum(b) / sum(a):.3f}", flush=True)


if __name__ == "__main__":
    main()
