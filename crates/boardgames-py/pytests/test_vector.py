"""The vectorised tafl environment agrees with the native states game by game."""

import numpy as np
import pytest

import boardgames_rs as bg


@pytest.mark.parametrize("rules", ["fidchell", "brandubh", "copenhagen"])
def test_the_vector_env_steps_the_native_games(rules):
    n = 6
    env = bg.TaflVectorEnv(n, rules=rules, seed=3, max_length=60)
    game = bg.TaflGame(rules=rules, max_length=60)
    obs, mask, rewards, term, trunc, player = env.reset()
    states = [game.new_initial_state() for _ in range(n)]
    ends = 0
    for step in range(400):
        for i, s in enumerate(states):
            assert np.array_equal(np.flatnonzero(mask[i]), s.legal_actions())
            native = s.observation_tensor(s.current_player())
            assert np.array_equal(obs[i][:10], native[:10].astype(np.uint8))
            assert np.array_equal(obs[i][10:], np.round(native[10:] * 255).astype(np.uint8))
            assert player[i] == s.current_player()
        actions = env.sample_actions()
        obs, mask, rewards, term, trunc, player = env.step(actions)
        for i, s in enumerate(states):
            s.apply_action(int(actions[i]))
            assert term[i] == (s.is_terminal() and not s.is_truncated())
            assert trunc[i] == s.is_truncated()
            if s.is_terminal():
                assert list(rewards[i]) == s.returns()
                states[i] = game.new_initial_state()
                ends += 1
            else:
                assert list(rewards[i]) == [0.0, 0.0]
    assert ends > 0


def test_an_illegal_id_ends_its_game_with_minus_one_for_its_mover():
    env = bg.TaflVectorEnv(2)
    obs, mask, *_ = env.reset()
    actions = env.sample_actions()
    actions[1] = int(np.flatnonzero(mask[1] == 0)[0])
    obs, mask, rewards, term, trunc, player = env.step(actions)
    assert list(term) == [False, True]
    assert list(rewards[1]) == [-1.0, 0.0]
    assert player[1] == 0  # the new game's first mover


def test_shapes_and_bad_arguments():
    env = bg.TaflVectorEnv(3, rules="tablut")
    obs, mask, rewards, term, trunc, player = env.reset()
    assert obs.shape == (3, 12, 9, 9) and obs.dtype == np.uint8
    assert mask.shape == (3, 2592) and mask.dtype == np.bool_
    assert rewards.shape == (3, 2) and rewards.dtype == np.float32
    assert term.dtype == np.bool_ and player.dtype == np.int8
    with pytest.raises(ValueError, match="actions has 2 values, expected 3"):
        env.step(np.zeros(2, np.int64))
    with pytest.raises(TypeError):
        env.step([0.5, 0.5, 0.5])
    with pytest.raises(ValueError):
        bg.TaflVectorEnv(0)
    with pytest.raises(ValueError):
        bg.TaflVectorEnv(2, rules="nonsense")


def test_the_arrays_are_the_envs_own_updated_in_place():
    env = bg.TaflVectorEnv(2, seed=1)
    with pytest.raises(ValueError, match="step before reset"):
        env.step(np.zeros(2, np.int64))
    first = env.reset()
    second = env.step(env.sample_actions())
    assert all(a is b for a, b in zip(first, second))
    mask = second[1].copy()
    third = env.step(env.sample_actions())
    assert not np.array_equal(mask, third[1])
