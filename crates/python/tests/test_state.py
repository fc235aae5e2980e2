"""The State API against the engines: action mapping, text forms, clones,
perft, chance, observations and errors."""

from __future__ import annotations

import random

import numpy as np
import pytest

import kyoku
from conftest import CONFIGS, config_id, walk


def python_perft(state: kyoku.State, depth: int) -> int:
    """Perft through the Python API only: clone, apply_action, recurse."""
    if depth == 0:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = state.clone()
        child.apply_action(a)
        total += python_perft(child, depth - 1)
    return total


# Counts the command line prints (`kyoku perft …`) and the engines' perft suites hold.
PERFT = [
    (kyoku.new_game("dobutsu"), [4, 14, 82, 516]),
    (kyoku.from_text("dobutsu", "1g1/1l1/1L1/3 w - - 0 1"), [4, 20]),
    (kyoku.new_game("shogun"), [21, 545]),
    (kyoku.from_text("shogun", "b6s/8/8/8/4a1C1/2B5/8/4S3 w 0 113221 0 1"), [5, 10]),
    (kyoku.new_game("shiamgon", board="tri8", players=3), [19, 319, 4996]),
    (kyoku.new_game("shiamgon", board="disc5", players=5), [21, 326, 5076]),
    (kyoku.new_game("shiamgon", board="disc10", players=4), [39, 1360]),
]


@pytest.mark.parametrize("state,counts", PERFT, ids=lambda x: x.text()[:30] if isinstance(x, kyoku.State) else "")
def test_perft_through_python_equals_the_engine(state, counts):
    for depth, want in enumerate(counts, start=1):
        assert python_perft(state, depth) == want, f"depth {depth}"
        assert state.perft(depth) == want


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_actions_moves_text_and_clones_agree_along_random_games(config):
    game, opts = config
    rng = random.Random(config_id(config))
    for _ in range(2):
        state = kyoku.new_game(game, **opts)
        for s in walk(state, rng, 150):
            actions = s.legal_actions()
            moves = s.legal_moves()
            # legal_actions are the engine's moves through the fixed mapping, and back.
            assert actions == sorted(actions)
            assert [s.action_to_move(a) for a in actions] == moves
            assert [s.move_to_action(m) for m in moves] == actions
            assert len(actions) == (0 if s.is_terminal() else s.perft(1))  # repetition ends a record, not a position
            if not s.is_chance_node():
                assert all(0 <= a < s.num_actions() for a in actions)
            # The text form reads back to the same position.
            back = kyoku.from_text(game, s.text())
            assert back.text() == s.text()
            if not s.is_terminal():  # a repetition ends the record, not the position read back
                assert back.legal_actions() == actions
                assert back.current_player() == s.current_player()
            # A clone is independent of its original.
            if actions:
                before = s.text()
                c = s.clone()
                c.apply_action(actions[-1])
                assert s.text() == before
                assert s.legal_actions() == actions


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_games_end_with_returns_and_scores(config):
    game, opts = config
    state = kyoku.new_game(game, **opts)
    rng = random.Random(7)
    for s in walk(state, rng, 100_000):
        pass
    assert state.is_terminal()
    assert state.current_player() == kyoku.TERMINAL
    assert state.legal_actions() == []
    r = state.returns()
    assert len(r) == state.num_players() and all(-1 <= x <= 1 for x in r)
    assert len(state.scores()) == state.num_players()
    assert isinstance(state.end_reason(), str)
    if state.num_players() == 2:
        assert sorted(r) in ([-1.0, 1.0], [0.0, 0.0])
    with pytest.raises(ValueError, match="over"):
        state.apply_action(0)


def test_shiamgon_push_answers_are_the_answering_seat():
    rng = random.Random(3)
    state = kyoku.new_game("shiamgon", board="disc5", players=4)
    answers = 0
    for s in walk(state, rng, 400):
        if s.is_answer():
            answers += 1
            # The seat that answers is not the one whose turn it is: its
            # observation says it acts, and it holds the stone to move.
            seat = s.current_player()
            obs = s.observation(seat)
            stone = np.flatnonzero(obs[:, s.num_players() + 1])
            assert len(stone) == 1 and obs[stone[0], 0] == 1
            assert obs[:, s.num_players() + 2].all()
    assert answers > 0


def test_shogun_random_variant_has_chance_with_probabilities():
    state = kyoku.new_game("shogun", variant="random")
    assert state.current_player() == kyoku.CHANCE and state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [4096, 4097, 4098, 4099]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.resolve_chance(1)
    assert state.current_player() == 0
    assert state.chance_outcomes() == []
    again = kyoku.new_game("shogun", variant="random")
    again.resolve_chance(1)
    assert again.text() == state.text()


def test_observation_layouts():
    d = kyoku.new_game("dobutsu")
    o0, o1 = d.observation(0), d.observation(1)
    assert o0.shape == (4, 3, 18) and o0.dtype == np.int8
    assert o0[3, 1, 0] == 1 and o0[0, 1, 5] == 1  # own Lion b1, the other's b4
    assert o1[0, 1, 0] == 1 and o1[3, 1, 5] == 1
    assert o0[..., 16].all() and not o1[..., 16].any()
    d.apply_move("b2b3")  # Sente takes the Chick: one in hand
    assert (d.observation(0)[..., 10] == 1).all()
    assert (d.observation(1)[..., 13] == 1).all()

    s = kyoku.new_game("shogun")
    o = s.observation(0)
    assert o.shape == (8, 8, 19)
    assert list(o[7, :, 16]) == [1, 1, 3, 2, 1, 2, 3, 3]  # A1 B1 C3 D2 S1 E2 F3 G3
    assert o[7, 4, 7] == 1 and o[0, 3, 15] == 1  # own Shogun e1, the other's d8
    landing = kyoku.new_game("shogun", landing_numbers=True).observation(0)
    assert landing.shape == (8, 8, 35)
    # Each soldier's landing plane shows, on its own start square, the number it shows there.
    assert [landing[7, k, 19 + k] for k in range(4)] == [1, 1, 3, 2]
    assert set(np.unique(landing[..., 19:])) == {1, 2, 3, 4}

    m = kyoku.new_game("shiamgon", board="disc5", players=3)
    o = m.observation(1)
    assert o.shape == (115, 6)
    assert o[:, 0].sum() == 10 and o[:, 1].sum() == 10 and o[:, 2].sum() == 10
    assert not o[:, 5].any() and m.observation(0)[:, 5].all()
    with pytest.raises(ValueError, match="seat 3"):
        m.observation(3)


def test_action_mask_marks_the_legal_actions_of_the_acting_seat():
    s = kyoku.new_game("shogun")
    mask = s.action_mask(0)
    assert mask.shape == (4096,) and mask.dtype == np.int8
    assert list(np.flatnonzero(mask)) == s.legal_actions()
    assert not s.action_mask(1).any()


def test_errors_are_value_errors_with_the_engines_message():
    d = kyoku.new_game("dobutsu")
    with pytest.raises(ValueError, match="a4b3"):
        d.apply_move("a4b3")
    with pytest.raises(ValueError, match="cannot read move"):
        d.apply_move("zz")
    with pytest.raises(ValueError, match="outside"):
        d.apply_action(180)
    with pytest.raises(ValueError, match="negative"):
        d.apply_action(-1)
    with pytest.raises(ValueError, match="64 bits"):
        d.apply_action(2**64)
    with pytest.raises(ValueError, match="integer"):
        d.apply_action("b2b3")
    assert d.action_to_move(np.int64(4 * 12 + 7)) == "b2b3"
    illegal = d.move_to_action("a1a2")  # an Elephant steps diagonally only
    with pytest.raises(ValueError, match="a1a2"):
        d.apply_action(illegal)
    assert d.text() == "gle/1c1/1C1/ELG[] w - - 0 1"
    with pytest.raises(ValueError, match="unknown game"):
        kyoku.new_game("chess")
    with pytest.raises(ValueError, match="board"):
        kyoku.new_game("dobutsu", board="disc5")
    with pytest.raises(ValueError, match="tri8"):
        kyoku.new_game("shiamgon", board="tri8", players=5)
    with pytest.raises(ValueError, match="variant"):
        kyoku.new_game("shogun", variant="loaded")
    with pytest.raises(ValueError):
        kyoku.from_text("shogun", "not a position")
    with pytest.raises(ValueError):
        kyoku.new_game("shiamgon").apply_move("99.99")
    with pytest.raises(ValueError, match="rotation must be one of 0, 1, 2, 3, not 1000"):
        kyoku.new_game("shogun", rotation=1000)
    with pytest.raises(ValueError, match="players must be one of 3, 4, 5, not -1"):
        kyoku.new_game("shiamgon", players=-1)
    with pytest.raises(ValueError, match="handicap"):
        kyoku.new_game("shiamgon", board="disc10", handicap=[2**80])
    with pytest.raises(ValueError, match="depth"):
        d.perft(2**32)


def test_history_and_rendering():
    s = kyoku.new_game("shiamgon", board="tri8")
    s.apply_action(s.legal_actions()[0])
    assert len(s.history()) == 1
    assert "seat 1" in s.render_text()
    assert s.render_svg().lstrip().startswith("<svg")
    assert "a  b  c" in kyoku.new_game("shogun").render_text()
    assert "E L G" in kyoku.new_game("dobutsu").render_text()
    assert kyoku.new_game("dobutsu").render_svg() is None
