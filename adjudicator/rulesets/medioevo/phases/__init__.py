"""One module per table phase; each has ``check`` (a single order against the state) and ``resolve``."""
