"""Gymnasium's checker on every single-agent environment, and our rules for them."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from boardgames_rs.gymnasium import SugorokuEnv, TaflEnv, TrictracEnv

ENVS = [
    lambda **kw: TaflEnv(**kw),
    lambda **kw: TaflEnv(opponent="ovate", seat=1, rules="brandubh", **kw),
    lambda **kw: TaflEnv(opponent="druid", rules="brandubh", **kw),
    lambda **kw: TaflEnv(opponent="random", rules="tablut", **kw),
    lambda **kw: TrictracEnv(**kw),
    lambda **kw: TrictracEnv(opponent="searchbot", seat=1, trous=2, **kw),
    lambda **kw: TrictracEnv(opponent="random", **kw),
    lambda **kw: SugorokuEnv(**kw),
    lambda **kw: SugorokuEnv(seat=1, **kw),
]


@pytest.mark.parametrize("make", ENVS)
@pytest.mark.parametrize("render_mode", [None, "ansi", "rgb_array"])
def test_check_env(make, render_mode):
    check_env(make(render_mode=render_mode), skip_render_check=render_mode is None)


@pytest.mark.parametrize("env_id", ["boardgames_rs/Tafl-v0", "boardgames_rs/Trictrac-v0", "boardgames_rs/Sugoroku-v0"])
def test_registered_and_checked_through_make(env_id):
    env = gymnasium.make(env_id, render_mode="ansi")
    check_env(env.unwrapped)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert isinstance(env.render(), str)


def play(env, seed):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(0)
    total = 0.0
    for _ in range(3000):
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, term, trunc, info = env.step(int(rng.choice(legal)))
        total += reward
        if term or trunc:
            break
    return env.record_text(), total


@pytest.mark.parametrize("make", [lambda: TaflEnv(rules="brandubh"), lambda: TrictracEnv(trous=2), lambda: SugorokuEnv()])
def test_the_same_seed_gives_the_same_episode(make):
    assert play(make(), 5) == play(make(), 5)


def test_the_mask_is_the_legal_actions_of_the_seat():
    env = TrictracEnv()
    obs, info = env.reset(seed=2)
    assert np.array_equal(info["action_mask"], env.state.legal_actions_mask())
    assert env.state.current_player() == 0


@pytest.mark.parametrize("make", [lambda: TaflEnv(), lambda: TrictracEnv(), lambda: SugorokuEnv()])
def test_an_illegal_action_ends_the_episode_with_minus_one(make):
    env = make()
    obs, info = env.reset(seed=0)
    before = env.record_text()
    illegal = np.flatnonzero(info["action_mask"] == 0)
    action = int(illegal[0]) if len(illegal) else env.action_space.n  # sugoroku: only 0 is legal
    obs, reward, term, trunc, info = env.step(action)
    assert (reward, term, trunc) == (-1.0, True, False)
    assert info["illegal_action"] and info["action_mask"].sum() == 0
    assert env.record_text() == before


def test_the_seat_wins_or_loses_what_the_crates_return():
    env = TaflEnv(opponent="random", rules="brandubh")
    _, total = play(env, 11)
    assert total == env.state.returns()[0]
    assert env.state.is_terminal()


def test_unknown_opponents_and_seats_are_refused():
    with pytest.raises(ValueError, match="bot plays trictrac only"):
        TaflEnv(opponent="bot")
    with pytest.raises(ValueError, match='unknown agent "deepblue"'):
        TrictracEnv(opponent="deepblue")
    with pytest.raises(ValueError, match="seat"):
        TrictracEnv(seat=2)


def test_the_opponent_is_seeded_with_its_seats_sub_seed():
    import boardgames_rs as bg

    env = TaflEnv(opponent="random", seat=0, rules="brandubh")
    _, info = env.reset(seed=4)
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    # The same game by hand: the seat plays its first legal id, the opponent is the random
    # bot of the seat 1's sub-seed of the episode's seed.
    seed = env.seed_value
    state = env.game.new_initial_state(seed)
    opponent = env.game.bot("random", bg.derive_seed(seed, 1))
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(state.legal_actions()[0])
        else:
            state.apply_action(opponent.choose(state))
    assert state.record_text() == env.state.record_text()
