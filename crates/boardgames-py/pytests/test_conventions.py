"""The conventions of the training libraries on every environment: OpenSpiel's SpielError
for a refused action (RLlib's OpenSpielEnv catches it), copies and pickles equal to clone(),
Stable-Baselines3's action_masks(), RLlib's mask in the observation (checked by Gymnasium's
check_env and PettingZoo's api_test) and the flat observations RLlib's default models take."""

import copy
import pickle

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import boardgames_rs as bg
from boardgames_rs import openspiel as bos
from boardgames_rs.gymnasium import SugorokuEnv, TaflEnv, TrictracEnv
from boardgames_rs.pettingzoo import sugoroku_v0, tafl_v0, trictrac_v0

from conftest import games, walk

OPENSPIEL_GAMES = [
    ("tafl", {}),
    ("tafl", {"rules": "brandubh"}),
    ("tafl", {"rules": "copenhagen", "max_length": 300}),
    ("trictrac", {}),
    ("trictrac", {"trous": 2, "pavillon": True}),
    ("sugoroku", {}),
]
OPENSPIEL_IDS = [f"{n}{p}" for n, p in OPENSPIEL_GAMES]


def random_openspiel_state(game, moves, seed=0):
    """An OpenSpiel state after ``moves`` random actions (chance outcomes included)."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


# OpenSpiel: SpielError, copies.


@pytest.mark.parametrize("name,params", OPENSPIEL_GAMES, ids=OPENSPIEL_IDS)
def test_openspiel_refuses_every_illegal_action_with_spiel_error(name, params):
    game = bos.load(name, **params)
    for moves in (0, 1, 5, 30):
        state = random_openspiel_state(game, moves, seed=moves)
        if state.is_terminal():
            continue
        legal = set(state.legal_actions())
        size = game.max_chance_outcomes() if state.is_chance_node() else game.num_distinct_actions()
        illegal = [a for a in range(size) if a not in legal][:3] + [size, -2]  # (-1 is OpenSpiel's kInvalidAction, refused before the game sees it)
        before = state.history()
        for action in illegal:
            with pytest.raises(pyspiel.SpielError, match="not legal|out of range") as caught:
                state.apply_action(action)
            # Both OpenSpiel's error and the native states' ValueError.
            assert isinstance(caught.value, ValueError)
            assert isinstance(caught.value, bos.SpielError)
            assert state.history() == before
        with pytest.raises(pyspiel.SpielError):
            state.action_to_string(state.current_player(), illegal[-2])


@pytest.mark.parametrize("name,params", OPENSPIEL_GAMES, ids=OPENSPIEL_IDS)
@pytest.mark.parametrize("moves", [0, 3, 25])
def test_openspiel_copies_and_pickles_equal_clone(name, params, moves):
    game = bos.load(name, **params)
    state = random_openspiel_state(game, moves, seed=7)
    clone = state.clone()
    assert clone.move_number() == state.move_number() == len(state.history())
    for other in (copy.deepcopy(state), copy.copy(state), pickle.loads(pickle.dumps(state))):
        assert other.history() == clone.history()
        assert other.move_number() == clone.move_number()
        assert str(other) == str(clone)
        assert other.native == clone.native
        assert other.is_terminal() == clone.is_terminal()
        assert other.legal_actions() == clone.legal_actions()
        # Independent of the original.
        if not other.is_terminal():
            other.apply_action(other.legal_actions()[0])
            assert state.history() == clone.history()


def test_rllib_catches_the_error_it_expects():
    # RLlib's OpenSpielEnv replaces an illegal sampled action after `except pyspiel.SpielError`.
    state = bos.load("tafl", rules="brandubh").new_initial_state()
    try:
        state.apply_action(0)
    except pyspiel.SpielError:
        state.apply_action(state.legal_actions()[0])
    assert state.move_number() == 1


# The native states: copies and pickles equal to clone().


@pytest.mark.parametrize("game", games(), ids=repr)
def test_native_copies_and_pickles_equal_clone(game):
    for state in walk(game, seed=3, max_actions=60)[::7]:
        clone = state.clone()
        for other in (copy.deepcopy(state), copy.copy(state), pickle.loads(pickle.dumps(state))):
            assert other == clone
            assert other.history() == clone.history()
            assert other.move_number() == clone.move_number()
            assert other.record_text() == clone.record_text()
            assert other.seed == clone.seed and other.max_length == clone.max_length


# Gymnasium: action_masks(), the mask in the observation, flat observations.

GYM_ENVS = [
    ("tafl", lambda **kw: TaflEnv(opponent="random", rules="brandubh", **kw)),
    ("tafl-seat1", lambda **kw: TaflEnv(opponent="bard", seat=1, rules="brandubh", **kw)),
    ("tafl-fidchell", lambda **kw: TaflEnv(opponent="random", **kw)),
    ("trictrac", lambda **kw: TrictracEnv(opponent="random", **kw)),
    ("trictrac-seat1", lambda **kw: TrictracEnv(opponent="bot", seat=1, trous=2, **kw)),
    ("sugoroku", lambda **kw: SugorokuEnv(**kw)),
]


@pytest.mark.parametrize("name,make", GYM_ENVS, ids=[n for n, _ in GYM_ENVS])
@pytest.mark.parametrize("options", [{}, {"mask_in_observation": True}, {"flat_observation": True}, {"mask_in_observation": True, "flat_observation": True}], ids=["plain", "mask", "flat", "mask+flat"])
def test_gymnasium_action_masks_are_the_legal_actions(name, make, options):
    env = make(**options)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(400):
        masks = env.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == (env.action_space.n,)
        legal = np.flatnonzero(masks)
        state = env.unwrapped.state
        if state.current_player() >= 0:
            assert list(legal) == state.legal_actions()
        else:
            assert list(legal) == [0]  # sugoroku: the throw
        assert np.array_equal(masks, info["action_mask"].astype(bool))
        if options.get("mask_in_observation"):
            assert set(obs) == {"observations", "action_mask"}
            assert np.array_equal(obs["action_mask"], info["action_mask"])
            inner = obs["observations"]
        else:
            inner = obs
        assert env.observation_space.contains(obs)
        native = state.observation_tensor(env.unwrapped.seat)
        if options.get("flat_observation"):
            assert inner.shape == (native.size,) and np.array_equal(inner, native.ravel())
        obs, reward, term, trunc, info = env.step(int(rng.choice(legal)))
        assert not info.get("illegal_action")
        if term or trunc:
            assert not env.action_masks().any() or state.is_terminal()
            obs, info = env.reset(seed=5)


@pytest.mark.parametrize("name,make", GYM_ENVS, ids=[n for n, _ in GYM_ENVS])
@pytest.mark.parametrize("flat", [False, True])
def test_check_env_with_the_mask_in_the_observation(name, make, flat):
    env = make(mask_in_observation=True, flat_observation=flat)
    check_env(env, skip_render_check=True)
    space = env.observation_space
    assert isinstance(space, gymnasium.spaces.Dict)
    assert set(space.spaces) == {"observations", "action_mask"}
    assert space["action_mask"].shape == (env.action_space.n,)
    assert len(space["observations"].shape) == (1 if flat or name.startswith(("trictrac", "sugoroku")) else 3)


@pytest.mark.parametrize("env_id", ["boardgames_rs/Tafl-v0", "boardgames_rs/Trictrac-v0", "boardgames_rs/Sugoroku-v0"])
def test_gymnasium_make_takes_the_options(env_id):
    env = gymnasium.make(env_id, mask_in_observation=True, flat_observation=True)
    check_env(env.unwrapped, skip_render_check=True)
    obs, info = env.reset(seed=1)
    assert obs["observations"].ndim == 1
    # Stable-Baselines3 reaches the method through the wrappers this way.
    assert np.array_equal(env.get_wrapper_attr("action_masks")(), info["action_mask"].astype(bool))


def test_an_illegal_action_ends_the_episode_and_empties_the_masks():
    env = TaflEnv(opponent="random", rules="brandubh", mask_in_observation=True)
    obs, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, term, trunc, info = env.step(illegal)
    assert (reward, term, info["illegal_action"]) == (-1.0, True, True)
    assert not obs["action_mask"].any() and not env.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_options_must_be_booleans():
    with pytest.raises(TypeError, match="mask_in_observation"):
        TaflEnv(mask_in_observation="yes")
    with pytest.raises(TypeError, match="flat_observation"):
        tafl_v0.raw_env(flat_observation=1)


# PettingZoo: the mask in the observation under RLlib's key, flat observations.

PZ_ENVS = [(tafl_v0, {"rules": "brandubh"}), (tafl_v0, {}), (trictrac_v0, {}), (sugoroku_v0, {})]
PZ_IDS = [f"{m.__name__.split('.')[-1]}{o}" for m, o in PZ_ENVS]


@pytest.mark.parametrize("module,options", PZ_ENVS, ids=PZ_IDS)
@pytest.mark.parametrize("flat", [False, True])
def test_pettingzoo_api_test_with_the_mask_in_the_observation(module, options, flat):
    env = module.env(mask_in_observation=True, flat_observation=flat, **options)
    api_test(env, num_cycles=200, verbose_progress=False)
    env.reset(seed=2)
    for agent in env.agent_iter(300):
        obs, _, term, trunc, _ = env.last()
        assert set(obs) == {"observations", "action_mask"}
        assert env.observation_space(agent).contains(obs)
        native = env.unwrapped.state.observation_tensor(env.possible_agents.index(agent))
        if flat:
            assert np.array_equal(obs["observations"], native.ravel())
        legal = np.flatnonzero(obs["action_mask"])
        env.step(None if term or trunc else int(legal[0]))


# The vectorised tafl environment: any integer ids.


def run_vector(convert, steps=40):
    env = bg.TaflVectorEnv(5, rules="brandubh", seed=11, max_length=30)
    env.reset()
    rng = np.random.default_rng(11)
    records = []
    for _ in range(steps):
        actions = env.sample_masked(rng)
        out = env.step(convert(actions))
        records.append([a.copy() for a in out])
    return records


@pytest.mark.parametrize(
    "convert",
    [
        lambda a: a.astype(np.int32),
        lambda a: a.astype(np.int64),
        lambda a: a.astype(np.uint16),
        lambda a: [int(x) for x in a],
        lambda a: tuple(int(x) for x in a),
        lambda a: list(a),  # numpy integers
        lambda a: np.stack([a, a])[0],  # a view
        lambda a: np.repeat(a, 2)[::2],  # not contiguous
    ],
    ids=["int32", "int64", "uint16", "list", "tuple", "list-of-numpy", "view", "strided"],
)
def test_the_vector_env_takes_any_integer_ids(convert):
    reference = run_vector(lambda a: a)
    got = run_vector(convert)
    for a, b in zip(reference, got):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)


def test_the_vector_env_refuses_ids_that_are_not_integers():
    env = bg.TaflVectorEnv(3)
    env.reset()
    for bad in ([0.0, 1.0, 2.0], np.zeros(3, np.float32), np.zeros((3, 1), np.int64), np.zeros(3, bool), "abc"):
        with pytest.raises(TypeError, match="integer"):
            env.step(bad)
    with pytest.raises(ValueError, match="actions has 2 values, expected 3"):
        env.step([1, 2])


def test_sample_masked_and_legal_masks():
    env = bg.TaflVectorEnv(64, rules="copenhagen", seed=2)
    obs, mask, *_ = env.reset()
    env.step(env.sample_actions())
    mask = env.step(env.sample_actions())[1]
    masks = env.legal_masks()
    assert masks is not mask and np.array_equal(masks, mask)
    # Seeded draws repeat; every draw is legal.
    a = env.sample_masked(np.random.default_rng(5))
    assert np.array_equal(a, env.sample_masked(np.random.default_rng(5)))
    assert np.array_equal(env.sample_masked(9), env.sample_masked(9))
    for actions in (a, env.sample_masked(bg.ChanceRng(1)), env.sample_masked()):
        assert actions.dtype == np.int64 and mask[np.arange(64), actions].all()
    # From logits: a legal id with a far larger logit is always drawn; an illegal one never.
    logits = np.zeros((64, env.num_actions), np.float32)
    best = np.array([np.flatnonzero(m)[-1] for m in mask])
    logits[np.arange(64), best] = 50.0
    logits[~mask] = 1e9
    assert np.array_equal(env.sample_masked(np.random.default_rng(0), logits), best)
    # Uniform logits: the draws spread over the legal ids.
    draws = np.stack([env.sample_masked(np.random.default_rng(s), np.zeros_like(logits)) for s in range(30)])
    assert mask[np.arange(64), draws].all()
    assert len(np.unique(draws[:, 0])) > 5
    with pytest.raises(ValueError, match="logits of shape"):
        env.sample_masked(0, np.zeros((64, 3), np.float32))
    with pytest.raises(TypeError, match="rng"):
        env.sample_masked("seed")
