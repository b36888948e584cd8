"""Order text shared by every ruleset: the envelope, comments, commands and name matching."""
