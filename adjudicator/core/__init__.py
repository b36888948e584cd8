"""Ruleset-agnostic core: state, orders, events, results, views, dice, engine, replay.

Nothing in here reads a clock, touches a file or a database, or keeps global state.
"""
