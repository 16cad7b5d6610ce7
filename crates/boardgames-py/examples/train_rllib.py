"""RLlib's PPO with action masking on tafl (Brandubh, attacking) and a short trictrac partie
(White), each against the random bot, evaluated after every iteration against the crates'
bots (tafl: random and bard; trictrac: random and bot).

    python crates/boardgames-py/examples/train_rllib.py --iterations 10 --out rl-out

The environments are made with ``mask_in_observation=True`` (the observation is
``{"observations": …, "action_mask": …}``, what RLlib's ``ActionMaskingTorchRLModule``
reads) and ``flat_observation=True`` (one vector, which RLlib's default MLP encoder takes).
Ray runs on one CPU with the sampling in the driver (``num_env_runners=0``). Any illegal
action stops the run with an error. Writes ``rllib-<game>.svg`` and ``rllib-<game>.json``
into ``--out``, and prints one ``RESULT {json}`` line per game.
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402
import ray  # noqa: E402
import torch  # noqa: E402
from ray.rllib.algorithms.ppo import PPOConfig  # noqa: E402
from ray.rllib.core.columns import Columns  # noqa: E402
from ray.rllib.core.rl_module.rl_module import RLModuleSpec  # noqa: E402
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule  # noqa: E402
from ray.tune.registry import register_env  # noqa: E402

import rl_common  # noqa: E402

OPTIONS = {"mask_in_observation": True, "flat_observation": True}


def main():
    args = rl_common.arguments(__doc__.splitlines()[0])
    torch.set_num_threads(1)
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        for name in args.games:
            train(name, args)
    finally:
        ray.shutdown()


def train(name, args):
    task = rl_common.TASKS[name]
    curve = rl_common.Curve("RLlib", task)
    env_name = f"boardgames_rs_{name}"
    register_env(env_name, lambda config, task=task: rl_common.make_env(task, **OPTIONS))
    config = (
        PPOConfig()
        .environment(env_name)
        .env_runners(num_env_runners=0, num_envs_per_env_runner=1, rollout_fragment_length="auto")
        .training(
            train_batch_size_per_learner=args.steps,
            minibatch_size=min(256, args.steps),
            num_epochs=4,
            lr=3e-4,
            gamma=0.99,
            entropy_coeff=0.01,
        )
        .rl_module(
            rl_module_spec=RLModuleSpec(
                module_class=ActionMaskingTorchRLModule,
                model_config={"fcnet_hiddens": [128, 128], "head_fcnet_hiddens": [], "vf_share_layers": False},
            )
        )
        .debugging(seed=args.seed)
    )
    algo = config.build_algo()
    module = algo.get_module()

    def choose(obs, mask):
        batch = {
            Columns.OBS: {
                "observations": torch.as_tensor(obs["observations"][None]),
                "action_mask": torch.as_tensor(obs["action_mask"][None]),
            }
        }
        with torch.no_grad():
            logits = module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS][0].numpy()
        return int(np.argmax(np.where(mask, logits, -np.inf)))

    for it in range(args.iterations):
        start = time.perf_counter()
        result = algo.train()
        curve.train_seconds += time.perf_counter() - start
        steps = int(result["env_runners"]["num_env_steps_sampled_lifetime"])
        results = [
            rl_common.evaluate(choose, task, bot, args.eval_games, seed=rl_common.evaluation_seed(args.seed, it), **OPTIONS)
            for bot in task.evaluate
        ]
        curve.add(steps, results)
    curve.write(args.out, f"rllib-{name}")
    algo.stop()


if __name__ == "__main__":
    main()
