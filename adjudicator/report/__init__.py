"""Reports rendered from a PlayerView and the power's results, never from the full state."""
