"""The product's programs and Dōbutsu's solved table from Python."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

import kyoku


def play(state: kyoku.State, seats, max_plies: int = 2000) -> kyoku.State:
    rng = random.Random(0)
    for _ in range(max_plies):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.resolve_chance(rng.randrange(2**63))
            continue
        agent = seats[state.current_player()]
        action = agent.choose(state) if agent is not None else rng.choice(state.legal_actions())
        state.apply_action(action)
    return state


def test_ai_plays_a_whole_dobutsu_game_against_random_and_wins():
    state = play(kyoku.new_game("dobutsu"), [kyoku.Agent("ai:2", seed=1), None])
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0], state.render_text()


def test_ai_plays_a_whole_shogun_game():
    state = play(kyoku.new_game("shogun"), [None, kyoku.Agent("ai:1", seed=2)])
    assert state.is_terminal()


def test_agents_play_shiamgon_answers_included():
    state = kyoku.new_game("shiamgon", board="tri8", players=3)
    seats = [kyoku.Agent("random", seed=s) for s in range(3)]
    play(state, seats)
    assert state.is_terminal()


def test_agent_choice_is_legal_and_seeded():
    s = kyoku.new_game("shiamgon", board="disc5", players=3)
    a = kyoku.Agent("ai:1", seed=5).choose(s)
    assert a in s.legal_actions()
    assert kyoku.Agent("ai:1", seed=5).choose(s) == a
    s.apply_action(a)
    end = play(kyoku.new_game("dobutsu", fen="3/L2/2l/3 w - - 0 1"), [None, None])
    assert kyoku.Agent("ai:1").choose(end) is None


def test_bad_specs_are_value_errors():
    with pytest.raises(ValueError, match="not a seat"):
        kyoku.Agent("AI")
    with pytest.raises(ValueError, match="human"):
        kyoku.Agent("human")
    with pytest.raises(ValueError, match="unknown player"):
        kyoku.Agent("perfect", game="shogun")
    with pytest.raises(ValueError, match="unknown game"):
        kyoku.Agent("random", game="go")
    names = [n for n, _ in kyoku.programs("dobutsu")]
    assert {"ai", "perfect", "random"} <= set(names)


def test_a_missing_table_is_an_os_error_that_says_how_to_build_it(tmp_path):
    # A fresh process: the table is opened once per process.
    code = (
        "import kyoku\n"
        "try:\n    kyoku.Tablebase.open()\nexcept OSError as e:\n    print('OSError', e)\n"
    )
    env = dict(os.environ, KYOKU_DATA_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("OSError") and "kyoku solve dobutsu" in out.stdout


def test_the_table_gives_the_solved_start_value():
    try:
        tb = kyoku.Tablebase.open()
    except OSError as e:
        pytest.skip(f"no Dōbutsu table here ({e})")
    start = kyoku.new_game("dobutsu")
    # Under the product's rules (the 2009 paper counts 78 plies under its own).
    assert tb.value(start) == ("loss", 76)
    assert tb.value(start.text()) == ("loss", 76)
    moves = tb.analyze(start)
    assert moves[0][2] == ("loss", 76)  # the best move keeps the value
    assert {m for _, m, _ in moves} == set(start.legal_moves())
    assert all(start.move_to_action(m) == a for a, m, _ in moves)
    with pytest.raises(ValueError, match="Dōbutsu"):
        tb.value(kyoku.new_game("shogun"))
    perfect = kyoku.Agent("perfect", seed=1)
    state = play(kyoku.new_game("dobutsu"), [None, perfect])
    assert state.returns()[1] == 1.0  # the second player wins the solved game
