"""adjudicator: a play-by-email judge for medieval strategy games."""

__version__ = "0.1.0"
