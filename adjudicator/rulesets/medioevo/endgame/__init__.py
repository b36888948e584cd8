"""The end of a Medioevo game (seed 002 L321-351, L2402-2464): objective cards, the three ways a
game ends, the final scoring line by line, the winner and the tie-breaks (docs/endgame.md).

``records`` is imported by the state itself, so this package imports nothing on its own: import
its modules (``ending``, ``scoring``, ``standings`` …) by name."""
