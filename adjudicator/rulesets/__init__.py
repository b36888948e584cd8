"""Rulesets, one package per game, found by name in :mod:`adjudicator.rulesets.registry`."""
