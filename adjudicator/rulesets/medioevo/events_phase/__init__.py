"""Phase 7, Events (seed 002 L1030-1116): calamity, event, relics and rebellions, in that order
(L1032). ``phase.py`` plays the four sub-phases; one module each: ``calamity.py``, ``event.py``,
``relics.py``, ``rebellions.py``. Kept free of imports: ``state.py`` imports ``records.py``."""
