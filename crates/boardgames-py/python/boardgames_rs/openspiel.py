"""The three games registered with OpenSpiel (``pyspiel.register_game``), at import:

- ``boardgames_rs_tafl`` (parameters ``rules``, default ``fidchell``; ``max_length``, 0 for
  the rules' own bound or the default cut),
- ``boardgames_rs_trictrac`` (the partie ordinaire: ``trous``, ``pavillon``, ``max_length``),
- ``boardgames_rs_sugoroku`` (``rules``, the ruleset's text with ``:`` for ``=``, since
  OpenSpiel's game strings reserve ``=``: ``return:adds winner:captured``).

``pyspiel.load_game("boardgames_rs_tafl(rules=brandubh)")`` then gives the game; OpenSpiel's
algorithms (its MCTS bot, random simulation, serialization) run on it. The states wrap the
native states (``state.native``), so the crates decide every rule.

A refused action raises :class:`SpielError`, which is both ``pyspiel.SpielError`` (what
OpenSpiel's own games raise, and what RLlib's ``OpenSpielEnv`` catches) and ``ValueError``
(what the native states raise). ``copy.copy``, ``copy.deepcopy`` and pickling give the state
``clone()`` gives (its history and move number included).
"""

from __future__ import annotations

import numpy as np
import pyspiel

from . import _native

__all__ = [
    "BoardgameGame",
    "BoardgameState",
    "SHORT_NAMES",
    "SpielError",
    "SugorokuGame",
    "TaflGame",
    "TrictracGame",
    "load",
]


class SpielError(pyspiel.SpielError, ValueError):
    """An action (or its text) refused by the game: OpenSpiel's ``pyspiel.SpielError`` and
    the native states' ``ValueError`` at once, with the crate's message."""

_PARAMS = {
    "tafl": {"rules": "fidchell", "max_length": 0},
    "trictrac": {"trous": 12, "pavillon": False, "max_length": 0},
    "sugoroku": {"rules": ""},
}

#: The names under which the games are registered.
SHORT_NAMES = {name: f"boardgames_rs_{name}" for name in _PARAMS}


# The native games, by name and parameters. A ``BoardgameGame`` holds only its key: OpenSpiel
# keeps the games it loads in a C++ cache destroyed after the interpreter, when a native
# object could no longer be released.
_NATIVE_GAMES: dict = {}


def _native_game(name: str, params: dict):
    key = (name, tuple(sorted(params.items())))
    game = _NATIVE_GAMES.get(key)
    if game is None:
        game = _NATIVE_GAMES[key] = _make_native(name, params)
    return key


def _make_native(name: str, params: dict):
    length = params.get("max_length", 0) or None
    if name == "tafl":
        return _native.TaflGame(rules=params["rules"], max_length=length)
    if name == "trictrac":
        return _native.TrictracGame(trous=params["trous"], pavillon=params["pavillon"], max_length=length)
    return _native.SugorokuGame(rules=params["rules"].replace(":", "="))


def _game_type(name: str) -> pyspiel.GameType:
    chance = (
        pyspiel.GameType.ChanceMode.DETERMINISTIC
        if name == "tafl"
        else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    )
    long_names = {"tafl": "Tafl (boardgames-rs)", "trictrac": "French trictrac, partie ordinaire (boardgames-rs)", "sugoroku": "Sugoroku, Tric Trac Nippon (boardgames-rs)"}
    return pyspiel.GameType(
        short_name=SHORT_NAMES[name],
        long_name=long_names[name],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_PARAMS[name],
    )


class BoardgameState(pyspiel.State):
    """An OpenSpiel state over a native state (``native``)."""

    def __init__(self, game, native):
        super().__init__(game)
        self.native = native

    def current_player(self):
        return self.native.current_player()

    def _legal_actions(self, player):
        return self.native.legal_actions()

    def chance_outcomes(self):
        return self.native.chance_outcomes()

    def _apply_action(self, action):
        try:
            self.native.apply_action(int(action))
        except ValueError as e:
            raise SpielError(str(e)) from None

    def _action_to_string(self, player, action):
        try:
            return self.native.action_to_string(int(action))
        except ValueError as e:
            raise SpielError(str(e)) from None

    def is_terminal(self):
        return self.native.is_terminal()

    def returns(self):
        return self.native.returns()

    def __copy__(self):
        # OpenSpiel's clone copies the history and move number kept on the C++ side, which a
        # new Python object would start empty.
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def __str__(self):
        return f"{self.native.position_text()}\n{self.native.history()}"


class _Observer:
    """OpenSpiel's observer of a game: the native observation tensor; its string is the
    position (an observation) or the history of ids (an information state, perfect recall)."""

    def __init__(self, shape, perfect_recall: bool):
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}
        self._perfect_recall = perfect_recall

    def set_from(self, state, player):
        self.tensor[:] = state.native.observation_tensor(player).ravel()

    def string_from(self, state, player):
        if self._perfect_recall:
            return " ".join(str(a) for a in state.native.history())
        return state.native.position_text()


class BoardgameGame(pyspiel.Game):
    """An OpenSpiel game over a native game; ``name`` is ``tafl``, ``trictrac`` or
    ``sugoroku``."""

    def __init__(self, name: str, params=None):
        merged = dict(_PARAMS[name])
        merged.update(params or {})
        self.name = name
        self._key = _native_game(name, merged)
        lo, hi = self.native.min_utility(), self.native.max_utility()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.native.num_distinct_actions(),
            max_chance_outcomes=self.native.max_chance_outcomes(),
            num_players=2,
            min_utility=lo,
            max_utility=hi,
            utility_sum=0.0,
            max_game_length=self.native.max_game_length(),
        )
        super().__init__(_game_type(name), info, merged)

    @property
    def native(self):
        """The native game."""
        return _NATIVE_GAMES[self._key]

    def new_initial_state(self):
        return BoardgameState(self, self.native.new_initial_state())

    def observation_tensor_shape(self):
        return list(self.native.observation_tensor_shape())

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return _Observer(tuple(self.native.observation_tensor_shape()), perfect_recall)


class TaflGame(BoardgameGame):
    """Tafl as an OpenSpiel game (parameters ``rules``, ``max_length``)."""

    def __init__(self, params=None):
        super().__init__("tafl", params)


class TrictracGame(BoardgameGame):
    """The trictrac partie ordinaire as an OpenSpiel game (``trous``, ``pavillon``,
    ``max_length``)."""

    def __init__(self, params=None):
        super().__init__("trictrac", params)


class SugorokuGame(BoardgameGame):
    """Sugoroku as an OpenSpiel game (``rules``)."""

    def __init__(self, params=None):
        super().__init__("sugoroku", params)


# The classes themselves are registered (as OpenSpiel's own Python games are): the registry
# outlives the interpreter, and a closure freed then would crash it.
for _name, _cls in (("tafl", TaflGame), ("trictrac", TrictracGame), ("sugoroku", SugorokuGame)):
    pyspiel.register_game(_game_type(_name), _cls)


def load(name: str, **params):
    """``pyspiel.load_game`` of one of the games with its parameters."""
    return pyspiel.load_game(SHORT_NAMES[name], params)


def _release():
    # OpenSpiel's C++ registry keeps the game classes (and through them this module's
    # globals) until after the interpreter is gone; the native objects must be released
    # while it still runs.
    _NATIVE_GAMES.clear()
    globals().pop("_native", None)


import atexit  # noqa: E402

atexit.register(_release)
