"""Schemas of the printed components other than the map: cards, technologies, tables, goods."""
