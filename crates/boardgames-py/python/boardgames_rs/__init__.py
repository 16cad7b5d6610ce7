"""French trictrac, tafl and Tric Trac Nippon (sugoroku) over the rules of the Rust crates.

The native classes (from :mod:`boardgames_rs._native`) are re-exported here:

- games: :class:`TaflGame`, :class:`TrictracGame`, :class:`SugorokuGame`, each giving
  ``new_initial_state()``, the sizes of its encodings and its bots (``bot(name, seed)``);
- states: :class:`TaflState`, :class:`TrictracState`, :class:`EcrireState`,
  :class:`SugorokuState`, in OpenSpiel's shape (``current_player()``, ``legal_actions()``,
  ``apply_action(id)``, ``observation_tensor(player)``, ``record_text()``, pickling…);
- :class:`Agent` (a bot of one game), :func:`play_game` (a whole game between two bots),
  :func:`play_games` (a batch of games between two kinds of bot, a match),
  :class:`ChanceRng` (the crates' seeded dice), :func:`derive_seed` (the one derivation of
  sub-seeds), :class:`TaflVectorEnv` (N tafl games stepped by one call);
- :class:`RecordError`, the ``ValueError`` of a record that is no game of the kind asked for.

The adapters live in their own modules, each importing its peer library only when imported:
:mod:`boardgames_rs.pettingzoo`, :mod:`boardgames_rs.gymnasium`, :mod:`boardgames_rs.openspiel`.
"""

from ._native import (
    CHANCE,
    TERMINAL,
    Agent,
    ChanceRng,
    EcrireState,
    RecordError,
    SugorokuGame,
    SugorokuState,
    TaflGame,
    TaflState,
    TaflVectorEnv,
    TrictracGame,
    TrictracState,
    __version__,
    derive_seed,
    play_game,
    play_games,
    rasterise_svg,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Agent",
    "ChanceRng",
    "EcrireState",
    "RecordError",
    "SugorokuGame",
    "SugorokuState",
    "TaflGame",
    "TaflState",
    "TaflVectorEnv",
    "TrictracGame",
    "TrictracState",
    "__version__",
    "derive_seed",
    "play_game",
    "play_games",
    "rasterise_svg",
    "state_from_record",
]


def state_from_record(kind, record, max_length=None):
    """The state a record describes: ``kind`` is ``"tafl"``, ``"trictrac"``, ``"ecrire"`` or
    ``"sugoroku"``; raises :class:`RecordError` (a ``ValueError``) with the crate's message
    for a bad record, ``ValueError`` for an unknown kind."""
    from ._native import _state_from_record

    return _state_from_record(kind, record, max_length)
