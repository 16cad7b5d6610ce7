"""The AEC environment of the three games (one class, the game chosen by name)."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import _common, _native


class BoardgameAEC(AECEnv, EzPickle):
    """A two-player game of the crates as a PettingZoo AEC environment, as the classic
    environments (chess_v6) are: agents ``player_0`` and ``player_1`` (the crates' first and
    second players: trictrac's White and Black, tafl's attackers and defenders, sugoroku's
    white and black), observations ``{"observation", "action_mask"}``, rewards at the end
    (the crates' returns), the dice drawn from the generator seeded by ``reset(seed=…)``.

    ``raw_env`` refuses an illegal action with ``ValueError`` and an unchanged state; ``env()``
    wraps it as the classic environments do (an illegal action ends the game, −1 to its
    player).

    ``flat_observation=True``: the observation as one ``float32`` vector (tafl's planes
    flattened in the native order); ``mask_in_observation=True``: the observation proper under
    the key ``"observations"`` instead of ``"observation"`` (``{"observations", "action_mask"}``,
    what RLlib's action-masking module reads).
    """

    metadata = {
        "render_modes": ["human", "ansi", "rgb_array"],
        "name": "boardgame_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        render_width: int = 480,
        flat_observation: bool = False,
        mask_in_observation: bool = False,
        **options,
    ):
        EzPickle.__init__(self, game, render_mode, render_width, flat_observation, mask_in_observation, **options)
        super().__init__()
        _common.check_options(flat_observation, mask_in_observation)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: expected one of {self.metadata['render_modes']}")
        self.game_name = game
        self.game = _common.make_game(game, **options)
        self.render_mode = render_mode
        self.render_width = render_width
        self.possible_agents = ["player_0", "player_1"]
        self.agents = self.possible_agents[:]
        self._num_actions = self.game.num_distinct_actions()
        self._channels_last = game == "tafl"
        self.flat_observation = bool(flat_observation)
        self.mask_in_observation = bool(mask_in_observation)
        self._key = _common.MASKED_OBSERVATION_KEY if self.mask_in_observation else "observation"
        shape = _common.observation_shape(self.game, self._channels_last, self.flat_observation)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    self._key: spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(self._num_actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self._num_actions) for a in self.possible_agents}
        self.state = None
        self._rng = None
        self.agent_selection = None
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        i = self.possible_agents.index(agent)
        return {
            self._key: _common.observation(self.state, i, self._channels_last, self.flat_observation),
            "action_mask": _common.decision_mask(self.state, self._num_actions, i),
        }

    def reset(self, seed=None, options=None):
        self.seed_value = _common.new_seed(seed)
        self._rng = _native.ChanceRng(self.seed_value)
        self.state = self.game.new_initial_state(self.seed_value)
        _common.settle(self.state, self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self):
        p = _common.actor(self.state)
        self.agent_selection = self.possible_agents[p if p is not None else 0]

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        agent = self.agent_selection
        _common.act(self.state, action, self._rng)
        self._cumulative_rewards[agent] = 0
        if self.state.is_terminal():
            returns = self.state.returns()
            cut = self.state.is_truncated()
            for i, a in enumerate(self.agents):
                self.rewards[a] = returns[i]
                self.terminations[a] = not cut
                self.truncations[a] = cut
        else:
            self._select()
        self._accumulate_rewards()

    def record_text(self) -> str:
        """The record of the game so far, as the crates write it."""
        return self.state.record_text()

    def render(self):
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() called without a render_mode")
            return None
        return _common.render(self.state, self.render_mode, self.render_width)

    def close(self):
        pass


def make_env(game: str, name: str):
    """The ``env()`` and ``raw_env`` of the module ``name`` playing ``game``."""

    class raw_env(BoardgameAEC):
        metadata = dict(BoardgameAEC.metadata, name=name)

        def __init__(self, render_mode=None, render_width=480, **options):
            super().__init__(game, render_mode=render_mode, render_width=render_width, **options)
            EzPickle.__init__(self, render_mode=render_mode, render_width=render_width, **options)

    raw_env.__name__ = raw_env.__qualname__ = "raw_env"
    raw_env.__module__ = f"boardgames_rs.pettingzoo.{name}"

    def env(**kwargs):
        e = raw_env(**kwargs)
        e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
        e = wrappers.AssertOutOfBoundsWrapper(e)
        e = wrappers.OrderEnforcingWrapper(e)
        return e

    env.__doc__ = f"The {name} environment wrapped as PettingZoo's classic environments are."
    return env, raw_env
