"""Medioevo Universale (seed 002, the 2022 prototype rulebook; seed 004, the 2017 English alpha)."""
