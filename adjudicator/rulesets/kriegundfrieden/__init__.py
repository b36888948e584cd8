"""Krieg und Frieden (seed 001), the second ruleset: see ruleset.py and orders/kriegundfrieden.md."""
