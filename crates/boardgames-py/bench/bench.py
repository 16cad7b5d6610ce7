"""Speed of the Python package (a benchmark, not a test): run with the package installed,
``python crates/boardgames-py/bench/bench.py [--quick]``.

1. Random masked play through the PettingZoo environments (``env()``, wrapped as the classic
   ones), in turns per second, next to the same loop over a trivial pure-Python AEC
   environment wrapped the same way (the floor of PettingZoo's own machinery).
2. The native API's steps per second (``legal_actions`` + ``apply_action``, dice drawn by
   ``resolve_chance``).
3. The vectorised tafl environment: steps per second with masks and observations filled,
   the actions chosen by ``sample_actions`` (the env's generator), by ``sample_masked``
   (a numpy Generator; uniformly, or from a policy's logits), and by numpy alone from the
   masks (the user's own choice: a uniform legal id, and a masked softmax draw from logits),
   with the time of the choice itself beside the step's.

``--vector-only`` measures the vectorised environment alone.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import boardgames_rs as bg
from boardgames_rs.pettingzoo import sugoroku_v0, tafl_v0, trictrac_v0


class TrivialAEC(AECEnv):
    """Two agents alternate; each observation is a tiny array and a mask of ``n`` actions
    (one legal action in two); the game ends after ``length`` turns."""

    metadata = {"render_modes": [], "name": "trivial_v0", "is_parallelizable": False}

    def __init__(self, n=1176, length=100):
        super().__init__()
        self.possible_agents = ["player_0", "player_1"]
        self.n, self.length = n, length
        self.mask = np.zeros(n, np.int8)
        self.mask[::2] = 1
        self.obs = np.zeros(4, np.float32)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, (4,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        return {"observation": self.obs, "action_mask": self.mask}

    def reset(self, seed=None, options=None):
        self.agents = self.possible_agents[:]
        self.turns = 0
        self.agent_selection = "player_0"
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[self.agent_selection] = 0
        self.turns += 1
        if self.turns >= self.length:
            for a in self.agents:
                self.terminations[a] = True
                self.rewards[a] = 1 if a == "player_0" else -1
        else:
            self.agent_selection = "player_1" if self.agent_selection == "player_0" else "player_0"
        self._accumulate_rewards()


def trivial_env():
    e = TrivialAEC()
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


def aec_turns_per_second(make, seconds):
    """Random masked play: turns per second over whole games."""
    env = make()
    rng = random.Random(0)
    turns, games = 0, 0
    cpu = time.process_time()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        # Game i of the run: the sub-seed i of seed 0 (Seed::derive).
        env.reset(seed=bg.derive_seed(0, games))
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            turns += 1
        games += 1
    return turns / (time.perf_counter() - start), turns / (time.process_time() - cpu), games


def native_steps_per_second(game, seconds):
    """legal_actions + apply_action (and the dice), steps per second over whole games."""
    rng = random.Random(0)
    steps, games = 0, 0
    cpu = time.process_time()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        # Game i of the run: the dice of the sub-seed i of seed 0 (Seed::derive).
        dice = bg.ChanceRng(bg.derive_seed(0, games))
        state = game.new_initial_state()
        games += 1
        while True:
            steps += len(state.resolve_chance(dice))
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start), steps / (time.process_time() - cpu)


def vector_steps_per_second(num_envs, rules, seconds, how="sample_actions"):
    """Steps per second of wall-clock time and per CPU-second (the process's), and the share
    of the CPU time spent choosing the actions."""
    env = bg.TaflVectorEnv(num_envs, rules=rules, seed=1)
    obs, mask, *_ = env.reset()
    rng = np.random.default_rng(0)
    logits = rng.standard_normal((num_envs, env.num_actions), dtype=np.float32)
    steps = 0
    choosing = 0.0
    cpu = time.process_time()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        c = time.process_time()
        if how == "numpy uniform":
            # A uniform legal id per game, from the mask alone.
            scores = rng.random(mask.shape, dtype=np.float32) * mask
            actions = scores.argmax(axis=1)
        elif how == "numpy logits":
            # A draw from the softmax of the logits over the legal ids (Gumbel-max).
            with np.errstate(divide="ignore"):
                noise = -np.log(-np.log(rng.random(mask.shape, dtype=np.float32)))
            actions = np.where(mask, logits + noise, -np.inf).argmax(axis=1)
        elif how == "sample_masked":
            actions = env.sample_masked(rng)
        elif how == "sample_masked logits":
            actions = env.sample_masked(rng, logits)
        else:
            actions = env.sample_actions()
        choosing += time.process_time() - c
        obs, mask, rewards, term, trunc, player = env.step(actions)
        steps += num_envs
    used = time.process_time() - cpu
    return steps / (time.perf_counter() - start), steps / used, choosing / used


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="1 s per measure instead of 5")
    parser.add_argument("--vector-only", action="store_true", help="the vectorised environment alone")
    args = parser.parse_args()
    seconds = 1.0 if args.quick else 5.0

    if not args.vector_only:
        floor, floor_cpu, _ = aec_turns_per_second(trivial_env, seconds)
        print(f"PettingZoo floor (trivial AEC, same wrappers): {floor:,.0f} turns/s wall, {floor_cpu:,.0f} per CPU-second")
        for name, make in (
            ("tafl_v0 (Fidchell)", tafl_v0.env),
            ("trictrac_v0", trictrac_v0.env),
            ("sugoroku_v0", sugoroku_v0.env),
        ):
            tps, cpu, games = aec_turns_per_second(make, seconds)
            print(
                f"{name}: {tps:,.0f} turns/s wall, {cpu:,.0f} per CPU-second ({games} games): "
                f"{floor_cpu / cpu:.2f}x the floor's CPU time per turn"
            )
        for game in (bg.TaflGame(), bg.TaflGame(rules="brandubh"), bg.TrictracGame(), bg.SugorokuGame()):
            wall, cpu = native_steps_per_second(game, seconds)
            print(f"native {game!r}: {wall:,.0f} steps/s wall, {cpu:,.0f} per CPU-second")
    for n, rules, how in (
        (256, "fidchell", "sample_actions"),
        (1024, "fidchell", "sample_actions"),
        (4096, "fidchell", "sample_actions"),
        (4096, "brandubh", "sample_actions"),
        (1024, "copenhagen", "sample_actions"),
        (4096, "copenhagen", "sample_actions"),
        (4096, "fidchell", "sample_masked"),
        (4096, "fidchell", "sample_masked logits"),
        (4096, "fidchell", "numpy uniform"),
        (4096, "fidchell", "numpy logits"),
    ):
        wall, cpu, share = vector_steps_per_second(n, rules, seconds, how)
        print(
            f"TaflVectorEnv({n}, {rules}), actions by {how}: {wall:,.0f} steps/s wall, "
            f"{cpu:,.0f} per CPU-second ({share:.0%} of it choosing)"
        )


if __name__ == "__main__":
    main()
