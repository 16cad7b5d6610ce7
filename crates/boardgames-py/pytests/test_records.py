"""The Python API plays the games the Rust crates play: the same seeds give the same records
as the crates' `play_game` (the records in tests/data, written and checked by the Rust test
`encoded_states_write_the_records_of_play_game`)."""

import pytest

import boardgames_rs as bg
from boardgames_rs.pettingzoo import sugoroku_v0, tafl_v0, trictrac_v0
from conftest import rust_record, walk

CASES = [
    ("tafl-brandubh-7.txt", bg.TaflGame(rules="brandubh"), 7, tafl_v0, {"rules": "brandubh"}),
    ("tafl-fidchell-8.txt", bg.TaflGame(), 8, tafl_v0, {}),
    ("trictrac-trous1-5.txt", bg.TrictracGame(trous=1), 5, trictrac_v0, {"trous": 1}),
    ("sugoroku-3.txt", bg.SugorokuGame(), 3, sugoroku_v0, {}),
]


@pytest.mark.parametrize("name,game,seed,module,options", CASES, ids=[c[0] for c in CASES])
def test_the_python_loop_writes_the_rust_record(name, game, seed, module, options):
    last = walk(game, seed=seed, max_actions=100_000)[-1]
    assert last.is_terminal()
    assert last.record_text() == rust_record(name)


@pytest.mark.parametrize("name,game,seed,module,options", CASES, ids=[c[0] for c in CASES])
def test_play_game_writes_the_rust_record(name, game, seed, module, options):
    s = bg.play_game(game, game.bot("random", seed + 1), game.bot("random", seed + 2), seed)
    assert s.record_text() == rust_record(name)


@pytest.mark.parametrize("name,game,seed,module,options", CASES, ids=[c[0] for c in CASES])
def test_the_pettingzoo_env_plays_the_rust_game(name, game, seed, module, options):
    env = module.env(**options)
    env.reset(seed=seed)
    agents = {"player_0": game.bot("random", seed + 1), "player_1": game.bot("random", seed + 2)}
    for agent in env.agent_iter(100_000):
        _, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        state = env.unwrapped.state
        action = agents[agent].choose(state) if state.current_player() >= 0 else 0
        env.step(action)
    assert env.unwrapped.record_text() == rust_record(name)
