"""RLlib's own wrappers over the other two adapters (no training):

- the PettingZoo environments through ``ray.rllib.env.wrappers.pettingzoo_env.PettingZooEnv``
  with ``mask_in_observation=True, flat_observation=True``: RLlib's
  ``ActionMaskingTorchRLModule`` builds on their spaces, and a whole game of tafl and of
  trictrac is played by it (masked) with no illegal action;
- the OpenSpiel games through ``ray.rllib.env.wrappers.open_spiel.OpenSpielEnv``: an illegal
  action raises ``pyspiel.SpielError``, which the wrapper catches (it plays a legal action
  instead, with a penalty of −0.1).

    python crates/boardgames-py/examples/check_rllib_envs.py
"""

from __future__ import annotations

import numpy as np
import pyspiel
import torch
from ray.rllib.core.columns import Columns
from ray.rllib.env.wrappers.open_spiel import OpenSpielEnv
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

from boardgames_rs import openspiel  # noqa: F401  (registers the games)
from boardgames_rs.pettingzoo import tafl_v0, trictrac_v0


def play_pettingzoo(make, max_turns=3000):
    env = PettingZooEnv(make(mask_in_observation=True, flat_observation=True))
    agent = env.possible_agents[0]
    module = ActionMaskingTorchRLModule(
        observation_space=env.observation_space[agent],
        action_space=env.action_space[agent],
        model_config={"fcnet_hiddens": [32], "head_fcnet_hiddens": []},
    )
    obs, _ = env.reset(seed=0)
    turns = 0
    while turns < max_turns:
        (agent, o), = obs.items()
        batch = {Columns.OBS: {k: torch.as_tensor(v[None]) for k, v in o.items()}}
        with torch.no_grad():
            logits = module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS][0].numpy()
        action = int(np.argmax(logits))  # the module masked the logits itself
        assert o["action_mask"][action], f"the module chose the illegal action {action}"
        obs, rewards, terminated, truncated, _ = env.step({agent: action})
        turns += 1
        if terminated["__all__"] or truncated["__all__"]:
            break
    return turns, rewards


def openspiel_catches_illegal(game_string):
    env = OpenSpielEnv(pyspiel.load_game(game_string))
    obs, _ = env.reset()
    player = env.state.current_player()
    illegal = next(a for a in range(env.env.num_distinct_actions()) if a not in env.state.legal_actions())
    _, rewards, *_ = env.step({player: illegal})
    assert rewards[player] == -0.1, rewards
    assert env.state.move_number() >= 1
    return rewards


def main():
    torch.manual_seed(0)
    for name, make in (("tafl_v0 (brandubh)", lambda **kw: tafl_v0.env(rules="brandubh", **kw)), ("trictrac_v0 (2 trous)", lambda **kw: trictrac_v0.env(trous=2, **kw))):
        turns, rewards = play_pettingzoo(make)
        print(f"PettingZooEnv {name}: ActionMaskingTorchRLModule played {turns} turns, no illegal action, final rewards {rewards}")
    for game in ("boardgames_rs_tafl(rules=brandubh)", "boardgames_rs_trictrac"):
        rewards = openspiel_catches_illegal(game)
        print(f"OpenSpielEnv {game}: the illegal action was caught as SpielError (rewards {rewards})")
    print("OK")


if __name__ == "__main__":
    main()
