"""kyoku.vector: batched transitions equal the single-game State's for the
same actions (observations, masks, rewards, terminations, truncations,
same-step autoreset), bad input changes no game, opponents play inside, and
Gymnasium's checks that apply to vector environments pass."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_action_space, check_observation_space, data_equivalence
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

import kyoku
import kyoku.vector
from conftest import CONFIGS, config_id

# The deterministic configurations (chance makes the random variant's games
# the batch's own; it is tested against `state(i)` below).
DETERMINISTIC = [c for c in CONFIGS if c[1].get("variant") != "random"] + [
    ("shogun", {"rotation": 1, "landing_numbers": True}),
]


def random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask])


@pytest.mark.parametrize("config", DETERMINISTIC, ids=config_id)
@pytest.mark.parametrize("max_plies", [None, 17])
def test_batched_transitions_equal_single_states(config, max_plies):
    game, opts = config
    n = 5
    env = kyoku.vector.make(game, n, seed=1, threads=2, max_plies=max_plies, **opts)
    obs, info = env.reset(seed=1)
    states = [kyoku.new_game(game, **opts) for _ in range(n)]
    plies = [0] * n
    rng = np.random.default_rng(5)
    finished = 0
    steps = 150 if game != "shogun" else 60

    def check_current(i):
        s = states[i]
        seat = s.current_player()
        assert seat >= 0
        assert info["current_player"][i] == seat
        np.testing.assert_array_equal(obs["observation"][i], s.observation(seat))
        np.testing.assert_array_equal(obs["action_mask"][i], s.action_mask(seat).astype(bool))

    for i in range(n):
        check_current(i)
    for _ in range(steps):
        actions = random_actions(obs["action_mask"], rng)
        actors = [s.current_player() for s in states]
        obs, rewards, terms, truncs, info = env.step(actions)
        assert rewards.shape == (n, states[0].num_players()) and rewards.dtype == np.float32
        for i in range(n):
            s = states[i]
            s.apply_action(int(actions[i]))
            plies[i] += 1
            over = s.is_terminal()
            cut = not over and max_plies is not None and plies[i] >= max_plies
            assert terms[i] == over and truncs[i] == cut
            assert info["_final_obs"][i] == (over or cut)
            if over or cut:
                finished += 1
                returns = s.returns() if over else [0.0] * s.num_players()
                np.testing.assert_allclose(rewards[i], returns)
                np.testing.assert_allclose(info["final_returns"][i], returns)
                final = info["final_obs"]
                np.testing.assert_array_equal(final["observation"][i], s.observation(actors[i]))
                np.testing.assert_array_equal(
                    final["action_mask"][i], s.action_mask(actors[i]).astype(bool)
                )
                states[i] = kyoku.new_game(game, **opts)
                plies[i] = 0
            else:
                assert not rewards[i].any()
            check_current(i)
    if max_plies is not None or game == "dobutsu":
        assert finished > 0


def test_the_random_variant_draws_chance_inside_and_by_the_seed():
    def run(seed):
        env = kyoku.vector.make("shogun", 4, seed=seed, threads=1, variant="random", max_plies=30)
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = [obs["observation"].copy()]
        for _ in range(40):
            obs, r, te, tr, info = env.step(random_actions(obs["action_mask"], rng))
            for i in range(4):
                # The batch's game is a game of the rules: replayed move by
                # move in a State, it gives the same observation and mask.
                mine = env.state(i)
                replay = kyoku.new_game("shogun", variant="random")
                for mv in mine.history():
                    replay.apply_move(mv)
                seat = int(info["current_player"][i])
                assert replay.text() == mine.text()
                np.testing.assert_array_equal(obs["observation"][i], replay.observation(seat))
                np.testing.assert_array_equal(obs["action_mask"][i], replay.action_mask(seat).astype(bool))
            seen.append(obs["observation"].copy())
        return np.array(seen)

    a, b, c = run(3), run(3), run(4)
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)


@pytest.mark.parametrize("config", [("dobutsu", {}), ("shiamgon", {"board": "disc5", "players": 4})], ids=config_id)
def test_threads_do_not_change_results(config):
    game, opts = config

    def run(threads):
        env = kyoku.vector.make(game, 100, seed=9, threads=threads, opponents={1: "random"}, **opts)
        obs, _ = env.reset()
        rng = np.random.default_rng(1)
        total = np.zeros((100, env.num_players), dtype=np.float64)
        for _ in range(60):
            obs, r, te, tr, info = env.step(random_actions(obs["action_mask"], rng))
            total += r
        return obs["observation"].copy(), total

    one, two = run(1), run(2)
    assert np.array_equal(one[0], two[0]) and np.array_equal(one[1], two[1])


def snapshot(env, obs):
    return (
        obs["observation"].copy(),
        obs["action_mask"].copy(),
        [env.state(i).history() for i in range(env.num_envs)],
    )


def test_bad_actions_raise_naming_the_games_and_change_nothing():
    env = kyoku.vector.make("dobutsu", 6, seed=0, threads=2)
    obs, _ = env.reset()
    rng = np.random.default_rng(0)
    obs, *_ = env.step(random_actions(obs["action_mask"], rng))
    before = snapshot(env, obs)
    good = random_actions(obs["action_mask"], rng)

    bad = good.copy()
    bad[2] = 0  # a1a1: never legal
    bad[4] = np.flatnonzero(~obs["action_mask"][4])[0]
    with pytest.raises(ValueError, match=r"games \[2, 4\]"):
        env.step(bad)
    bad = good.copy()
    bad[1], bad[5] = -1, 180
    with pytest.raises(ValueError, match=r"games \[1, 5\].*outside"):
        env.step(bad)
    with pytest.raises(ValueError, match="shape"):
        env.step(good[:5])
    with pytest.raises(ValueError, match="shape"):
        env.step(good.reshape(2, 3))
    with pytest.raises(ValueError, match="integers"):
        env.step(good.astype(np.float64))
    with pytest.raises(ValueError, match="out of range"):
        env.step(np.full(6, 2**64 - 1, dtype=np.uint64))
    after = snapshot(env, obs)
    assert all(np.array_equal(x, y) for x, y in zip(before[:2], after[:2]))
    assert before[2] == after[2]
    env.step(good)  # and the batch goes on


def test_bad_options_raise_value_errors():
    with pytest.raises(ValueError):
        kyoku.vector.make("chess", 2)
    with pytest.raises(ValueError):
        kyoku.vector.make("dobutsu", 0)
    with pytest.raises(ValueError):
        kyoku.vector.make("shiamgon", 2, board="disc5", players=7)
    with pytest.raises(ValueError, match="every seat"):
        kyoku.vector.make("dobutsu", 2, opponents={0: "random", 1: "random"})
    with pytest.raises(ValueError, match="seat"):
        kyoku.vector.make("dobutsu", 2, opponents={2: "random"})
    with pytest.raises(ValueError):
        kyoku.vector.make("dobutsu", 2, opponents={1: "nobody"})
    with pytest.raises(ValueError):
        kyoku.vector.make("shogun", 2, opponents={1: "perfect"})
    with pytest.raises(ValueError):
        kyoku.vector.make("dobutsu", 2, max_plies=0)


@pytest.mark.parametrize("spec", ["random", "ai:1"])
def test_opponents_play_inside_the_step(spec):
    n = 8
    env = kyoku.vector.make("dobutsu", n, seed=2, threads=2, opponents={1: spec}, max_plies=80)
    obs, info = env.reset()
    assert (info["current_player"] == 0).all()
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(100):
        obs, rewards, terms, truncs, info = env.step(random_actions(obs["action_mask"], rng))
        assert (info["current_player"] == 0).all()
        for i in np.flatnonzero(terms):
            ended += 1
            assert sorted(rewards[i].tolist()) in ([-1.0, 1.0], [0.0, 0.0])
    assert ended > 0
    # Every game the batch holds is legal play: replayed, it gives the same position.
    for i in range(n):
        s = env.state(i)
        replay = kyoku.new_game("dobutsu")
        for mv in s.history():
            replay.apply_move(mv)
        assert replay.text() == s.text()


def test_opponents_in_shiamgon_leave_the_learner_its_seat():
    env = kyoku.vector.make("shiamgon", 6, seed=3, board="disc5", players=3, opponents={1: "random", 2: "ai:1"})
    obs, info = env.reset()
    rng = np.random.default_rng(3)
    for _ in range(50):
        assert (info["current_player"] == 0).all()
        obs, r, te, tr, info = env.step(random_actions(obs["action_mask"], rng))


def test_gymnasium_vector_env_checks():
    env = kyoku.vector.make("shiamgon", 4, seed=0, board="tri8", players=3)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert env.num_envs == 4
    check_observation_space(env.single_observation_space)
    check_action_space(env.single_action_space)
    assert env.observation_space == batch_space(env.single_observation_space, 4)
    assert env.action_space == batch_space(env.single_action_space, 4)

    obs, info = env.reset(seed=123)
    assert obs in env.observation_space and isinstance(info, dict)
    first = {k: v.copy() for k, v in obs.items()}
    obs, info = env.reset(seed=123)
    assert data_equivalence(first, obs)

    trace = []
    for seed in (7, 7):
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        run = []
        for _ in range(30):
            obs, r, te, tr, info = env.step(random_actions(obs["action_mask"], rng))
            assert obs in env.observation_space
            assert r.shape == (4, 3) and te.dtype == np.bool_ and tr.dtype == np.bool_
            run.append(({k: v.copy() for k, v in obs.items()}, r.copy(), te.copy(), tr.copy()))
        trace.append(run)
    assert data_equivalence(trace[0], trace[1])
    # Every info entry has the mask Gymnasium's vector convention pairs it with.
    for key in info:
        if not key.startswith("_"):
            assert f"_{key}" in info
    env.close()


def test_the_perfect_opponent_never_loses():
    try:
        kyoku.Tablebase.open()
    except OSError as e:
        pytest.skip(f"no Dōbutsu table here ({e})")
    env = kyoku.vector.make("dobutsu", 16, seed=4, opponents={0: "perfect"}, max_plies=100)
    obs, info = env.reset()
    assert (info["current_player"] == 1).all()
    rng = np.random.default_rng(4)
    ended = 0
    for _ in range(60):
        obs, rewards, terms, truncs, info = env.step(random_actions(obs["action_mask"], rng))
        assert (rewards[:, 1] <= 0).all()
        ended += terms.sum()
    assert ended > 0


def test_gymnasium_vector_wrappers_that_apply_accept_it():
    # Wrappers that assume one reward per game (RecordEpisodeStatistics) or
    # next-step autoreset (TransformObservation) do not apply: rewards here
    # are per seat, and games restart in the same step.
    from gymnasium.wrappers.vector import ClipReward, DictInfoToList

    env = ClipReward(DictInfoToList(kyoku.vector.make("dobutsu", 4, seed=0, max_plies=10)), -1, 1)
    obs, infos = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(25):
        obs, rewards, terms, truncs, infos = env.step(random_actions(obs["action_mask"], rng))
        assert isinstance(infos, list) and len(infos) == 4
        for i in np.flatnonzero(terms | truncs):
            assert "final_obs" in infos[i] and "final_returns" in infos[i]
