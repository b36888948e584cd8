"""Phase 9, combat (seed 002 L1594-L2087): movement, battles, sieges and assaults, naval war,
retreat and supply, as pure calculators over explicit inputs (issue 17)."""
