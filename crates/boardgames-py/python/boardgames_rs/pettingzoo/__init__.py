"""PettingZoo AEC environments of the three games: ``tafl_v0``, ``trictrac_v0``,
``sugoroku_v0`` (each with ``env()`` and ``raw_env``, as the classic environments)."""
