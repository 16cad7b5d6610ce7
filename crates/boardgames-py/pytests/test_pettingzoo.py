"""PettingZoo's own conformance tests on every environment, and our rules for them."""

import contextlib
import io

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from boardgames_rs.pettingzoo import sugoroku_v0, tafl_v0, trictrac_v0

ENVS = [
    (tafl_v0, {}),
    (tafl_v0, {"rules": "brandubh"}),
    (tafl_v0, {"rules": "copenhagen"}),
    (trictrac_v0, {}),
    (trictrac_v0, {"trous": 2, "pavillon": True}),
    (sugoroku_v0, {}),
]
IDS = [f"{m.__name__.split('.')[-1]}{o}" for m, o in ENVS]


@pytest.mark.parametrize("module,options", ENVS, ids=IDS)
def test_api_test(module, options):
    api_test(module.env(**options), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("module,options", ENVS, ids=IDS)
def test_seed_test(module, options):
    seed_test(lambda **kw: module.env(**options, **kw), num_cycles=200)


@pytest.mark.parametrize("module,options", ENVS, ids=IDS)
def test_render_test(module, options):
    with contextlib.redirect_stdout(io.StringIO()):
        render_test(lambda **kw: module.env(**options, **kw))


def play_random(env, seed):
    env.reset(seed=seed)
    for agent in env.agent_iter(5000):
        obs, _, term, trunc, _ = env.last()
        action = None if term or trunc else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)
    return env.unwrapped.record_text()


@pytest.mark.parametrize("module", [tafl_v0, trictrac_v0, sugoroku_v0])
def test_the_same_seed_gives_the_same_game(module):
    a, b = module.env(), module.env()
    for e in (a, b):
        for agent in e.possible_agents:
            e.action_space(agent).seed(9)
    assert play_random(a, 42) == play_random(b, 42)
    c = module.env()
    for agent in c.possible_agents:
        c.action_space(agent).seed(9)
    assert play_random(c, 43) != play_random(module.env(), 42) or module is sugoroku_v0


@pytest.mark.parametrize("module", [tafl_v0, trictrac_v0])
def test_an_illegal_action_ends_the_game_as_the_classic_environments_do(module):
    env = module.env()
    env.reset(seed=1)
    agent = env.agent_selection
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with contextlib.redirect_stdout(io.StringIO()):
        env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1
    other = [a for a in env.agents if a != agent][0]
    assert env.rewards[other] == 0


def test_raw_env_refuses_an_illegal_action_with_its_state_unchanged():
    env = tafl_v0.raw_env()
    env.reset(seed=0)
    before = env.unwrapped.record_text()
    with pytest.raises(ValueError, match="not legal"):
        env.step(1)
    assert env.unwrapped.record_text() == before


def test_observations_are_the_native_ones_from_each_side():
    env = tafl_v0.raw_env()
    env.reset(seed=0)
    obs0 = env.observe("player_0")
    obs1 = env.observe("player_1")
    assert obs0["observation"].shape == (7, 7, 12)
    native = env.state.observation_tensor(0)
    assert np.array_equal(np.moveaxis(obs0["observation"], -1, 0), native)
    # The observer's soldiers of one side are the opponent's of the other.
    assert np.array_equal(obs0["observation"][..., 0], obs1["observation"][..., 1])
    assert obs1["action_mask"].sum() == 0
    assert np.array_equal(obs0["action_mask"], env.state.legal_actions_mask())
