"""Match a name a player typed against the map: accents optional, unambiguous prefixes allowed."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable


def fold(name: str) -> str:
    """Lower case, accents dropped, spaces, dashes and apostrophes removed."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "".join(c for c in plain.casefold() if c.isalnum())


class NameNotFound(LookupError):
    pass


class AmbiguousName(LookupError):
    pass


class NameIndex:
    """Ids and display names of one kind of thing (territories, powers …)."""

    def __init__(self, entries: Iterable[tuple[str, str]], what: str) -> None:
        self.what = what
        self._by_key: dict[str, str] = {}
        self._display: dict[str, str] = {}
        for ident, display in entries:
            self._display[ident] = display
            for key in {fold(ident), fold(display)}:
                self._by_key.setdefault(key, ident)

    def display(self, ident: str) -> str:
        return self._display[ident]

    def resolve(self, typed: str) -> str:
        """The id for ``typed``; raises NameNotFound or AmbiguousName with a readable message."""
        key = fold(typed)
        if not key:
            raise NameNotFound(f"expected a {self.what} name")
        if key in self._by_key:
            return self._by_key[key]
        hits = sorted({ident for k, ident in self._by_key.items() if k.startswith(key)})
        if len(hits) == 1:
            return hits[0]
        if hits:
            shown = ", ".join(self._display[h] for h in hits[:6])
            raise AmbiguousName(f"{typed!r} could be any of {shown}: type more of the name")
        raise NameNotFound(f"no {self.what} called {typed!r}")
