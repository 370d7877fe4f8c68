"""Shared machinery: the rules protocol, the Game wrapper, RNG, saves, facade."""
