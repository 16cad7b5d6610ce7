"""PPO with action masking (sb3-contrib's MaskablePPO) on tafl (Brandubh, attacking) and a
short trictrac partie (White), each against the random bot, evaluated after every iteration
against the crates' bots (tafl: random and bard; trictrac: random and bot).

    python crates/boardgames-py/examples/train_sb3.py --iterations 10 --out rl-out

MaskablePPO reads the legal actions from the environment's ``action_masks()`` (every
Gymnasium environment of boardgames_rs has it); the observation is the plain one (tafl's
planes, which the MLP policy flattens). Any illegal action stops the run with an error.
Writes ``sb3-<game>.svg`` (the learning curves) and ``sb3-<game>.json`` into ``--out``, and
prints one ``RESULT {json}`` line per game.
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import torch  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402

import rl_common  # noqa: E402


def main():
    args = rl_common.arguments(__doc__.splitlines()[0])
    torch.set_num_threads(1)
    for name in args.games:
        task = rl_common.TASKS[name]
        curve = rl_common.Curve("Stable-Baselines3", task)
        env = rl_common.make_env(task)
        env.reset(seed=args.seed)
        model = MaskablePPO(
            "MlpPolicy",
            env,
            n_steps=args.steps,
            batch_size=min(256, args.steps),
            n_epochs=4,
            learning_rate=3e-4,
            gamma=0.99,
            ent_coef=0.01,
            policy_kwargs={"net_arch": [128, 128]},
            seed=args.seed,
            device="cpu",
            verbose=0,
        )

        def choose(obs, mask):
            action, _ = model.predict(obs, action_masks=mask, deterministic=True)
            return int(action)

        for it in range(args.iterations):
            start = time.perf_counter()
            model.learn(total_timesteps=args.steps, reset_num_timesteps=False)
            curve.train_seconds += time.perf_counter() - start
            results = [
                rl_common.evaluate(choose, task, bot, args.eval_games, seed=rl_common.evaluation_seed(args.seed, it))
                for bot in task.evaluate
            ]
            curve.add(model.num_timesteps, results)
        curve.write(args.out, f"sb3-{name}")


if __name__ == "__main__":
    main()
