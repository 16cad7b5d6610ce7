"""What the training examples share: the two tasks (tafl Brandubh and a short trictrac
partie against a bot), a wrapper that fails on any illegal action, the evaluation of a
policy against the crates' bots, and the learning curves as SVG.

Not a module of the package: the examples import it from their own folder.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from dataclasses import dataclass, field

import gymnasium
import numpy as np

from boardgames_rs import derive_seed
from boardgames_rs.gymnasium import TaflEnv, TrictracEnv


@dataclass(frozen=True)
class Task:
    """A game to train on: the seat 0 against ``opponent``, evaluated against ``evaluate``."""

    name: str
    make: object  # (**options) -> gymnasium.Env
    opponent: str
    evaluate: tuple


TASKS = {
    # Brandubh (7×7): the learner attacks.
    "tafl": Task("tafl (Brandubh)", lambda **kw: TaflEnv(rules="brandubh", **kw), "random", ("random", "bard")),
    # A partie ordinaire of 2 trous (the default 12 makes an episode ~6 times longer); the
    # learner plays White.
    "trictrac": Task("trictrac (partie of 2 trous)", lambda **kw: TrictracEnv(trous=2, **kw), "random", ("random", "bot")),
}


class IllegalActionError(RuntimeError):
    """The policy chose an action the mask forbade."""


class FailOnIllegal(gymnasium.Wrapper):
    """Raises :class:`IllegalActionError` on an illegal action (the environment would end the
    episode with −1), so that a training that ever takes one stops."""

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        if info.get("illegal_action"):
            raise IllegalActionError(f"illegal action {int(action)} taken")
        return obs, reward, terminated, truncated, info

    def action_masks(self):
        return self.env.unwrapped.action_masks()


def make_env(task: Task, opponent: str | None = None, **options):
    """The task's environment (seat 0) against ``opponent``, failing on illegal actions."""
    return FailOnIllegal(task.make(opponent=opponent or task.opponent, **options))


def evaluation_seed(run_seed: int, iteration: int) -> int:
    """The seed of the evaluation after training iteration ``iteration`` (from 0) of a run of
    seed ``run_seed``: its sub-seed ``iteration + 1`` (``Seed::derive``)."""
    return derive_seed(run_seed, iteration + 1)


def evaluate(choose, task: Task, opponent: str, games: int, seed: int, **options) -> dict:
    """``games`` episodes of the policy ``choose(obs, mask) -> id`` against ``opponent``, episode
    ``g`` of seed ``derive_seed(seed, g)``: the win rate (return > 0), the draws and the mean
    return."""
    env = make_env(task, opponent, **options)
    wins = draws = 0
    total = 0.0
    for g in range(games):
        obs, info = env.reset(seed=derive_seed(seed, g))
        ret = 0.0
        while True:
            action = choose(obs, env.action_masks())
            obs, reward, terminated, truncated, info = env.step(action)
            ret += reward
            if terminated or truncated:
                break
        wins += ret > 0
        draws += ret == 0
        total += ret
    return {"opponent": opponent, "games": games, "win_rate": wins / games, "draws": draws, "mean_return": total / games}


def arguments(description: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--iterations", type=int, default=10, help="training iterations per game")
    parser.add_argument("--steps", type=int, default=1024, help="environment steps per iteration")
    parser.add_argument("--eval-games", type=int, default=20, help="evaluation games per bot and iteration")
    parser.add_argument("--games", nargs="+", default=list(TASKS), choices=list(TASKS))
    parser.add_argument("--out", default="rl-out", help="folder of the SVG curves and the JSON summary")
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args()


@dataclass
class Curve:
    """The win rates against each bot after each iteration, and the totals of the run."""

    library: str
    task: Task
    points: dict = field(default_factory=dict)  # bot -> [(env steps, win rate)]
    steps: int = 0
    train_seconds: float = 0.0
    started: float = field(default_factory=time.perf_counter)

    def add(self, steps: int, results: list) -> None:
        self.steps = steps
        for r in results:
            self.points.setdefault(r["opponent"], []).append((steps, r["win_rate"]))
        line = ", ".join(f"{r['opponent']} {r['win_rate']:.0%}" for r in results)
        print(f"{self.library} {self.task.name}: {steps} steps, win rate against {line}", flush=True)

    def summary(self) -> dict:
        wall = time.perf_counter() - self.started
        return {
            "library": self.library,
            "game": self.task.name,
            "iterations": len(next(iter(self.points.values()), [])),
            "env_steps": self.steps,
            "win_rate": {bot: pts[-1][1] for bot, pts in self.points.items()},
            "wall_seconds": round(wall, 1),
            "train_seconds": round(self.train_seconds, 1),
            "steps_per_second": round(self.steps / self.train_seconds, 1) if self.train_seconds else None,
            "date": time.strftime("%Y-%m-%d"),
        }

    def write(self, out: str, stem: str) -> dict:
        os.makedirs(out, exist_ok=True)
        summary = self.summary()
        with open(os.path.join(out, f"{stem}.svg"), "w") as f:
            f.write(svg_curves(f"{self.library} PPO with masking, {self.task.name}", self.points))
        with open(os.path.join(out, f"{stem}.json"), "w") as f:
            json.dump({"summary": summary, "points": self.points}, f, indent=1)
        print("RESULT " + json.dumps(summary), flush=True)
        return summary


COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]


def svg_curves(title: str, points: dict, width: int = 560, height: int = 320) -> str:
    """A line chart of win rate (0 to 1) against environment steps, one line a bot."""
    left, right, top, bottom = 56, 130, 36, 44
    xs = [s for pts in points.values() for s, _ in pts] or [1]
    x_max = max(xs) or 1
    pw, ph = width - left - right, height - top - bottom

    def sx(s):
        return left + pw * s / x_max

    def sy(w):
        return top + ph * (1 - w)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="14">{_escape(title)}</text>',
    ]
    for k in range(6):
        w = k / 5
        parts.append(f'<line x1="{left}" y1="{sy(w):.1f}" x2="{left + pw}" y2="{sy(w):.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 6}" y="{sy(w) + 4:.1f}" text-anchor="end">{w:.0%}</text>')
    parts.append(f'<line x1="{left}" y1="{top + ph}" x2="{left + pw}" y2="{top + ph}" stroke="black"/>')
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + ph}" stroke="black"/>')
    for k in range(5):
        s = x_max * k / 4
        parts.append(f'<text x="{sx(s):.1f}" y="{top + ph + 16}" text-anchor="middle">{s:,.0f}</text>')
    parts.append(f'<text x="{left + pw / 2}" y="{height - 8}" text-anchor="middle">environment steps (the learner\'s decisions)</text>')
    parts.append(f'<text x="14" y="{top + ph / 2}" text-anchor="middle" transform="rotate(-90 14 {top + ph / 2})">win rate</text>')
    for i, (bot, pts) in enumerate(points.items()):
        colour = COLOURS[i % len(COLOURS)]
        path = " ".join(f"{sx(s):.1f},{sy(w):.1f}" for s, w in pts)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for s, w in pts:
            parts.append(f'<circle cx="{sx(s):.1f}" cy="{sy(w):.1f}" r="3" fill="{colour}"/>')
        y = top + 10 + 18 * i
        parts.append(f'<line x1="{left + pw + 12}" y1="{y}" x2="{left + pw + 32}" y2="{y}" stroke="{colour}" stroke-width="2"/>')
        parts.append(f'<text x="{left + pw + 38}" y="{y + 4}">against {_escape(bot)}</text>')
    parts.append("</svg>\n")
    return "\n".join(parts)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
