"""Gymnasium environments of the three games: one seat against the crates' bots.

``TaflEnv`` (opponents ``bard``, ``ovate``, ``druid`` — the levels of ``tafl_core::ai`` —
or ``random``), ``TrictracEnv`` (``bot``, the heuristic; ``searchbot``; ``random``; any name
of the agents' vocabulary, as ``game.bot`` takes it),
``SugorokuEnv`` (``random``: the game has no decisions, the single action is the throw).
The action mask is ``info["action_mask"]`` and ``env.action_masks()`` (the method
Stable-Baselines3's ``MaskablePPO`` calls); with ``mask_in_observation=True`` the observation
is ``{"observations": …, "action_mask": …}`` as RLlib's action-masking module reads it; with
``flat_observation=True`` tafl's planes are one vector (what RLlib's default models take). An
illegal action ends the episode with reward −1 (it is never raised); the dice come from the
generator seeded by ``reset(seed=…)``. Registered as ``boardgames_rs/Tafl-v0``,
``boardgames_rs/Trictrac-v0`` and ``boardgames_rs/Sugoroku-v0`` (``gymnasium.make`` passes
every keyword on).
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

from . import _common, _native

__all__ = ["BoardgameEnv", "TaflEnv", "TrictracEnv", "SugorokuEnv"]


class BoardgameEnv(gymnasium.Env):
    """One seat (``seat`` 0: the first player, 1: the second) of a game of the crates, the
    other played by the game's bot ``opponent``. Rewards: the crates' return of the seat at
    the end, 0 before; −1 for an illegal action (which ends the episode).

    ``flat_observation``: the observation as one ``float32`` vector (tafl's planes flattened
    in the native order, ``TaflState.observation_tensor``'s); ``mask_in_observation``: the
    observation as the dict ``{"observations": <the observation>, "action_mask": int8 (ids,)}``
    (RLlib's action masking). ``action_masks()`` gives the mask as booleans in every case.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 2}

    def __init__(
        self,
        game: str,
        opponent: str,
        seat: int = 0,
        render_mode: str | None = None,
        render_width: int = 480,
        flat_observation: bool = False,
        mask_in_observation: bool = False,
        **options,
    ):
        _common.check_options(flat_observation, mask_in_observation)
        if seat not in (0, 1):
            raise ValueError(f"seat {seat}: expected 0 or 1")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: expected one of {self.metadata['render_modes']}")
        self.game = _common.make_game(game, **options)
        self.game.bot(opponent, 0)  # refuses an unknown bot now, with its message
        self.game_name = game
        self.opponent_name = opponent
        self.seat = seat
        self.render_mode = render_mode
        self.render_width = render_width
        self._channels_last = game == "tafl"
        self.flat_observation = bool(flat_observation)
        self.mask_in_observation = bool(mask_in_observation)
        self._num_actions = self.game.num_distinct_actions()
        shape = _common.observation_shape(self.game, self._channels_last, self.flat_observation)
        box = spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32)
        if self.mask_in_observation:
            self.observation_space = spaces.Dict(
                {
                    _common.MASKED_OBSERVATION_KEY: box,
                    "action_mask": spaces.Box(low=0, high=1, shape=(self._num_actions,), dtype=np.int8),
                }
            )
        else:
            self.observation_space = box
        self.action_space = spaces.Discrete(self._num_actions)
        self.state = None
        self._rng = None
        self._opponent = None
        self._illegal = False

    def _observe(self, mask=None):
        obs = _common.observation(self.state, self.seat, self._channels_last, self.flat_observation)
        if not self.mask_in_observation:
            return obs
        if mask is None:
            mask = _common.decision_mask(self.state, self._num_actions, self.seat)
        return {_common.MASKED_OBSERVATION_KEY: obs, "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The seat's legal ids now, as ``bool (ids,)`` (Stable-Baselines3's ``MaskablePPO``
        calls it before each step): all false at the end of the episode."""
        if self.state is None:
            raise RuntimeError("call reset() before action_masks()")
        if self._illegal:
            return np.zeros(self._num_actions, bool)
        return _common.decision_mask(self.state, self._num_actions, self.seat).astype(bool)

    def _info(self, **extra):
        return {"action_mask": _common.decision_mask(self.state, self._num_actions, self.seat), **extra}

    def _play_opponent(self):
        """The opponent's decisions (and the dice between them) until the seat acts or the end."""
        while not self.state.is_terminal() and _common.actor(self.state) != self.seat:
            if self.state.current_player() >= 0:
                action = self._opponent.choose(self.state)
            else:
                action = 0  # sugoroku: the opponent throws
            _common.act(self.state, action, self._rng)

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        seed_value = int(self.np_random.integers(0, 2**63 - 1))
        self.seed_value = seed_value
        self._rng = _native.ChanceRng(seed_value)
        # The dice from the episode's seed, the opponent from its seat's sub-seed (the seeds of
        # a game of ``play_games``: seat i is seeded with ``derive_seed(seed, i)``).
        self._opponent = self.game.bot(self.opponent_name, _native.derive_seed(seed_value, 1 - self.seat))
        self.state = self.game.new_initial_state(seed_value)
        self._illegal = False
        _common.settle(self.state, self._rng)
        self._play_opponent()
        return self._observe(), self._info()

    def step(self, action):
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if self.state.is_terminal() or self._illegal:
            raise RuntimeError("the episode is over: call reset()")
        action = int(action)
        mask = _common.decision_mask(self.state, self._num_actions, self.seat)
        if not (0 <= action < self._num_actions) or not mask[action]:
            self._illegal = True
            none = np.zeros(self._num_actions, np.int8)
            info = {"action_mask": none, "illegal_action": True}
            return self._observe(none), -1.0, True, False, info
        _common.act(self.state, action, self._rng)
        self._play_opponent()
        terminated = self.state.is_terminal() and not self.state.is_truncated()
        truncated = self.state.is_truncated()
        reward = float(self.state.returns()[self.seat]) if self.state.is_terminal() else 0.0
        return self._observe(), reward, terminated, truncated, self._info()

    def record_text(self) -> str:
        """The record of the episode so far, as the crates write it."""
        return self.state.record_text()

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        return _common.render(self.state, self.render_mode, self.render_width)


class TaflEnv(BoardgameEnv):
    """Tafl against ``opponent`` (``bard``, ``ovate``, ``druid`` or ``random``); options of
    ``TaflGame`` (``rules="fidchell"``, ``max_length``)."""

    def __init__(self, opponent: str = "bard", seat: int = 0, render_mode=None, render_width=480, **options):
        super().__init__("tafl", opponent, seat, render_mode, render_width, **options)


class TrictracEnv(BoardgameEnv):
    """A partie ordinaire against ``opponent`` (``bot``, ``searchbot``, ``random``, ...);
    options of ``TrictracGame`` (``trous``, ``pavillon``, ``primaute``, ``max_length``)."""

    def __init__(self, opponent: str = "bot", seat: int = 0, render_mode=None, render_width=480, **options):
        super().__init__("trictrac", opponent, seat, render_mode, render_width, **options)


class SugorokuEnv(BoardgameEnv):
    """Sugoroku: the single action throws the dice; options of ``SugorokuGame`` (``rules``)."""

    def __init__(self, opponent: str = "random", seat: int = 0, render_mode=None, render_width=480, **options):
        super().__init__("sugoroku", opponent, seat, render_mode, render_width, **options)


for _name, _cls in (("Tafl", TaflEnv), ("Trictrac", TrictracEnv), ("Sugoroku", SugorokuEnv)):
    _id = f"boardgames_rs/{_name}-v0"
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point=f"{__name__}:{_cls.__name__}")
