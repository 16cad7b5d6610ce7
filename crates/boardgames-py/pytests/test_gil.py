"""Long native work releases the GIL: another Python thread runs meanwhile."""

import threading
import time

import numpy as np

import boardgames_rs as bg


def count_while(work):
    done = threading.Event()
    counter = 0

    def run():
        work()
        done.set()

    t = threading.Thread(target=run)
    start = time.perf_counter()
    t.start()
    while not done.is_set():
        counter += 1
    t.join()
    return counter, time.perf_counter() - start


def test_play_game_releases_the_gil():
    game = bg.TaflGame(rules="brandubh")
    counter, seconds = count_while(lambda: bg.play_game(game, game.bot("ovate", 1), game.bot("ovate", 2), 1))
    assert seconds > 0.05
    assert counter > 10_000


def test_a_search_releases_the_gil():
    game = bg.TaflGame()
    state = game.new_initial_state()
    druid = game.bot("druid", 1)
    counter, seconds = count_while(lambda: druid.choose(state))
    assert counter > 10_000


def test_the_vector_env_releases_the_gil():
    env = bg.TaflVectorEnv(16384)
    env.reset()

    def steps():
        for _ in range(10):
            env.step(env.sample_actions())

    counter, _ = count_while(steps)
    assert counter > 1_000
    assert np.all(env.sample_actions() >= 0)


def test_a_batch_of_games_releases_the_gil():
    game = bg.TrictracGame(trous=2)
    counter, _ = count_while(lambda: bg.play_games(game, "bot", "bot", list(range(20))))
    assert counter > 10_000
