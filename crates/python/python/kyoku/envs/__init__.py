"""PettingZoo AEC environments of the kyoku games: ``dobutsu_v0``,
``shogun_v0`` and ``shiamgon_v0``. Each module has ``env(**options)`` (with
PettingZoo's usual wrappers) and ``raw_env(**options)``."""

from . import dobutsu_v0, shiamgon_v0, shogun_v0

__all__ = ["dobutsu_v0", "shiamgon_v0", "shogun_v0"]
