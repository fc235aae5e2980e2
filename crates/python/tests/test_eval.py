"""kyoku.eval: the fixed position set, and perfect-play accuracy by the
solved table (skipped when no table is built here)."""

from __future__ import annotations

import numpy as np
import pytest

import kyoku
import kyoku.eval


def test_the_position_set_is_fixed_and_unfinished():
    fens = kyoku.eval.positions()
    assert len(fens) == 1000 and len(set(fens)) == 1000
    for fen in fens[:50]:
        assert not kyoku.from_text("dobutsu", fen).is_terminal()


@pytest.fixture(scope="module")
def table():
    try:
        return kyoku.Tablebase.open()
    except OSError as e:
        pytest.skip(f"no Dōbutsu table here ({e})")


def test_the_perfect_player_is_perfect_and_random_is_not(table):
    perfect = kyoku.eval.perfect_accuracy(kyoku.Agent("perfect", seed=1), table=table)
    assert perfect["value"] == 1.0 and perfect["fastest"] == 1.0 and perfect["illegal"] == 0.0
    assert perfect["positions"] == 1000 and 0 < perfect["won"] < 1000

    rng = np.random.default_rng(0)

    def uniform(obs, mask):
        assert obs.shape == (len(mask), 4, 3, 18) and mask.dtype == np.bool_
        return np.array([rng.choice(np.flatnonzero(m)) for m in mask])

    rand = kyoku.eval.perfect_accuracy(uniform, table=table)
    assert rand["value"] < 0.6 and rand["fastest"] < rand["value"]


def test_illegal_moves_count_as_wrong_and_bad_shapes_raise(table):
    fens = kyoku.eval.positions()[:20]
    score = kyoku.eval.perfect_accuracy(lambda o, m: np.zeros(len(m), dtype=int), positions=fens, table=table)
    assert score["illegal"] == 1.0 and score["value"] == 0.0
    with pytest.raises(ValueError):
        kyoku.eval.perfect_accuracy(lambda o, m: np.zeros(3, dtype=int), positions=fens, table=table)
