"""Phase 7's calamities (seed 002 L1100-1526): each calamity's effect, found by its id in
``calamities.toml`` through :mod:`.registry`."""
