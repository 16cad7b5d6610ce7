"""What the adapters share: the games by name, seeds, observations in the peers' layouts."""

from __future__ import annotations

import secrets

import numpy as np

from . import _native

#: The games of the adapters, by name.
GAMES = ("tafl", "trictrac", "sugoroku")


def make_game(name: str, **options):
    """The native game ``name`` (``tafl``, ``trictrac``, ``sugoroku``) with its options
    (``TaflGame(rules=…)``, ``TrictracGame(trous=…, pavillon=…)``, ``SugorokuGame(rules=…)``).
    The adapters play the partie ordinaire of trictrac."""
    if name == "tafl":
        return _native.TaflGame(**options)
    if name == "trictrac":
        if options.get("form", "ordinaire") != "ordinaire":
            raise ValueError("the environments play the partie ordinaire (form='ordinaire')")
        return _native.TrictracGame(**options)
    if name == "sugoroku":
        return _native.SugorokuGame(**options)
    raise ValueError(f"unknown game {name!r}: expected one of {', '.join(GAMES)}")


def new_seed(seed):
    """``seed`` as the crates' 64-bit seed, or a fresh one from the OS when None."""
    if seed is None:
        return secrets.randbits(63)
    seed = int(seed)
    if seed < 0:
        raise ValueError(f"seed {seed}: expected a non-negative integer")
    return seed % (1 << 64)


#: The key of the observation proper in the dict of ``mask_in_observation=True`` (the key
#: RLlib's action-masking module reads, beside ``action_mask``).
MASKED_OBSERVATION_KEY = "observations"


def observation_shape(game, channels_last: bool, flat: bool = False):
    """The shape of an observation: tafl's planes as ``(n, n, C)`` when ``channels_last``;
    one vector of every value (the native order, OpenSpiel's) when ``flat``."""
    shape = tuple(game.observation_tensor_shape())
    if flat:
        return (int(np.prod(shape)),)
    if channels_last and len(shape) == 3:
        return (shape[1], shape[2], shape[0])
    return shape


def observation(state, player: int, channels_last: bool, flat: bool = False) -> np.ndarray:
    """The native observation of ``player``, tafl's planes moved last when ``channels_last``,
    flattened in the native order when ``flat``."""
    obs = state.observation_tensor(player)
    if flat:
        return obs.reshape(-1)
    if channels_last and obs.ndim == 3:
        obs = np.ascontiguousarray(np.moveaxis(obs, 0, -1))
    return obs


def check_options(flat_observation, mask_in_observation) -> None:
    """Refuses option values that are not booleans (a typo would silently change the space)."""
    for name, value in (("flat_observation", flat_observation), ("mask_in_observation", mask_in_observation)):
        if not isinstance(value, (bool, np.bool_)):
            raise TypeError(f"{name}={value!r}: expected True or False")


def actor(state):
    """The player who acts now (a decision, or sugoroku's throw), or None at the end."""
    p = state.current_player()
    if p >= 0:
        return p
    return state.chance_player()


def decision_mask(state, num_actions: int, player: int) -> np.ndarray:
    """The ``int8`` mask of ``player``'s actions: the legal ids when he decides, the single
    throw (id 0) when he throws (sugoroku), none otherwise."""
    if state.is_terminal() or actor(state) != player:
        return np.zeros(num_actions, np.int8)
    if state.current_player() >= 0:
        return state.legal_actions_mask()
    return np.ones(num_actions, np.int8)


def act(state, action: int, rng) -> None:
    """Applies ``action`` of the player to act (for sugoroku, 0: throw, drawn with ``rng``),
    then the chance outcomes that follow, drawn with ``rng``, up to the next decision.
    Raises ValueError for an illegal id; the state is then unchanged."""
    if state.current_player() >= 0:
        state.apply_action(int(action))
    else:
        if int(action) != 0:
            raise ValueError(f"action id {int(action)} is not legal here (legal ids: 0, the throw)")
        state.apply_chance(rng)
    settle(state, rng)


def settle(state, rng) -> None:
    """Applies chance outcomes drawn with ``rng`` until a player decides or throws (sugoroku)
    or the game is over."""
    while state.is_chance_node() and state.chance_player() is None:
        state.apply_chance(rng)


def render(state, mode, width: int = 480):
    """``ansi``: the text diagram; ``rgb_array``: the SVG picture as ``uint8 (h, w, 3)``;
    ``human``: the text diagram printed (returns None)."""
    if mode == "human":
        print(state.diagram())
        return None
    if mode == "ansi":
        return state.diagram()
    if mode == "rgb_array":
        return state.render_rgb(width)
    return None
