"""sugoroku as a PettingZoo AEC environment: ``env(**options)`` (wrapped as the classic
environments are) and ``raw_env``; the options are the native game's."""

from ._aec import make_env

env, raw_env = make_env("sugoroku", "sugoroku_v0")

__all__ = ["env", "raw_env"]
