"""Shared fixtures: the games of every form, and the records the Rust crates wrote."""

import pathlib

import pytest

import boardgames_rs as bg

DATA = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data"



def games():
    """One game of each kind and form the native API offers."""
    return [
        bg.TaflGame(),
        bg.TaflGame(rules="brandubh"),
        bg.TaflGame(rules="copenhagen"),
        bg.TaflGame(rules="tablut"),
        bg.TaflGame(rules="ard_ri"),
        bg.TrictracGame(),
        bg.TrictracGame(trous=2, pavillon=True),
        bg.TrictracGame(form="ecrire", marques=1),
        bg.SugorokuGame(),
        bg.SugorokuGame(rules="return=adds winner=captured"),
    ]


@pytest.fixture(params=games(), ids=repr)
def game(request):
    return request.param


def walk(game, seed=0, max_actions=400):
    """The states of a seeded random game of ``game`` (chance from ``ChanceRng(seed)``,
    decisions from the crates' random agents), at most ``max_actions`` actions."""
    rng = bg.ChanceRng(seed)
    agents = [game.bot("random", seed + 1), game.bot("random", seed + 2)]
    state = game.new_initial_state(seed)
    states = [state.clone()]
    for _ in range(max_actions):
        p = state.current_player()
        if p == bg.TERMINAL:
            break
        if p == bg.CHANCE:
            state.apply_chance(rng)
        else:
            state.apply_action(agents[p].choose(state))
        states.append(state.clone())
    return states


def rust_record(name):
    return (DATA / name).read_text()
