"""OpenSpiel's own tests on every registered game, and its algorithms on them."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import boardgames_rs as bg
from boardgames_rs import openspiel as bos

GAMES = [
    ("tafl", {}),
    ("tafl", {"rules": "brandubh"}),
    ("tafl", {"rules": "copenhagen", "max_length": 300}),
    ("trictrac", {}),
    ("trictrac", {"trous": 2, "pavillon": True}),
    ("sugoroku", {}),
    ("sugoroku", {"rules": "extra:yes return:adds"}),
]


@pytest.mark.parametrize("name,params", GAMES, ids=[f"{n}{p}" for n, p in GAMES])
def test_random_sim_test_with_serialization(name, params):
    game = bos.load(name, **params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_game_types_and_infos_are_true():
    tafl = pyspiel.load_game("boardgames_rs_tafl")
    assert tafl.num_distinct_actions() == 1176
    assert tafl.max_chance_outcomes() == 0
    assert tafl.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert (tafl.min_utility(), tafl.max_utility(), tafl.utility_sum()) == (-1.0, 1.0, 0.0)
    # Fidchell's no-capture limit bounds a game: (pieces + 1) × 200 plies.
    assert tafl.max_game_length() == bg.TaflGame().max_game_length()
    trictrac = pyspiel.load_game("boardgames_rs_trictrac(pavillon=True)")
    assert trictrac.num_distinct_actions() == 627 and trictrac.max_chance_outcomes() == 42
    assert (trictrac.min_utility(), trictrac.max_utility()) == (-2.0, 2.0)
    assert trictrac.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    sugoroku = pyspiel.load_game("boardgames_rs_sugoroku")
    assert sugoroku.max_chance_outcomes() == 36
    assert sugoroku.max_game_length() == 10_000
    capped = pyspiel.load_game("boardgames_rs_sugoroku(rules=cap:500 winner:captured)")
    assert capped.max_game_length() == 500


def test_observations_through_openspiel():
    game = bos.load("tafl")
    state = game.new_initial_state()
    obs = np.array(state.observation_tensor(0))
    assert obs.shape == (12 * 49,)
    assert np.array_equal(obs.reshape(12, 7, 7), state.native.observation_tensor(0))
    assert state.observation_string(0) == state.native.position_text()
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(0) == str(state.native.history()[0])


def test_openspiel_mcts_plays_against_our_bot():
    game = bos.load("tafl", rules="brandubh")
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 30, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    druid = game.native.bot("bard", 0)
    state = game.new_initial_state()
    for _ in range(6):
        if state.is_terminal():
            break
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = druid.choose(state.native)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.native.move_number() >= 1


def test_clone_and_serialize_round_trip():
    game = bos.load("trictrac")
    state = game.new_initial_state()
    for _ in range(20):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[-1])
    clone = state.clone()
    assert str(clone) == str(state)
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history()
