"""The PettingZoo environments: PettingZoo's own API, seed and render
tests for every game and configuration, and the turn order of Shiamgon's
push answers."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from kyoku.envs import dobutsu_v0, shiamgon_v0, shogun_v0

ENVS = [
    (dobutsu_v0, {}),
    (shogun_v0, {}),
    (shogun_v0, {"rotation": 1, "landing_numbers": True}),
    (shogun_v0, {"variant": "random"}),
    (shiamgon_v0, {"board": "tri8", "players": 3}),
    (shiamgon_v0, {"board": "tri16", "players": 3}),
] + [(shiamgon_v0, {"board": b, "players": p}) for b in ("disc5", "disc10") for p in (3, 4, 5)]


def env_id(item) -> str:
    module, kwargs = item
    return "-".join([module.__name__.split(".")[-1]] + [f"{k}={v}" for k, v in sorted(kwargs.items())])


@pytest.mark.parametrize("item", ENVS, ids=env_id)
def test_pettingzoo_api(item):
    module, kwargs = item
    api_test(module.env(**kwargs), num_cycles=300)


@pytest.mark.parametrize("item", ENVS, ids=env_id)
def test_pettingzoo_seed(item):
    module, kwargs = item
    seed_test(functools.partial(module.env, **kwargs), num_cycles=100)


@pytest.mark.parametrize("module", [dobutsu_v0, shogun_v0, shiamgon_v0], ids=lambda m: m.__name__)
def test_pettingzoo_render(module):
    render_test(module.env)


def test_shiamgon_agent_selection_follows_push_answers():
    env = shiamgon_v0.env(board="disc5", players=4)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    answers = 0
    for agent in env.agent_iter(3000):
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        state = env.unwrapped.state
        assert agent == f"player_{state.current_player()}"
        answers += state.is_answer()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert answers > 0


def test_rewards_come_at_the_end_and_sum_to_zero_in_two_player_games():
    env = dobutsu_v0.env()
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            assert "reason" in info
            env.step(None)
        else:
            assert reward == 0
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_an_illegal_action_ends_the_game_with_minus_one_for_its_player():
    env = shogun_v0.env()
    env.reset(seed=0)
    env.step(0)  # a1a1 is never legal
    assert env.terminations["player_0"] and env.rewards["player_0"] == -1


def test_shiamgon_renders_svg():
    env = shiamgon_v0.env(board="tri8", render_mode="svg")
    env.reset(seed=0)
    assert env.render().lstrip().startswith("<svg")
