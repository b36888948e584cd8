"""Match a name a player typed against the map: accents optional, unambiguous prefixes allowed."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache


@lru_cache(maxsize=16384)
def fold(name: str) -> str:
    """Lower case, accents dropped, spaces, dashes and apostrophes removed (memoised: the names of a
    board are folded again for every order line read, issue 18)."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "".join(c for c in plain.casefold() if c.isalnum())


CLOSE = 0.75
"""How alike (difflib's ratio, folded names) a typed name and a known one must be to be suggested:
one letter missing, added or changed (``Pesth`` for Pest, ``cacia`` for Caccia); two letters
swapped in a short word (``BYU``) fall below it and are caught as the same letters in another order."""


def did_you_mean(typed: str, names: Mapping[str, str] | Iterable[str]) -> str:
    """`` (did you mean Pest?)`` when ``typed`` is close to one to three known names, else ''.

    ``names`` maps each way of writing a name to the name to show (or is the names themselves);
    any ruleset may use it for words its own parser reads."""
    shown = dict(names) if isinstance(names, Mapping) else {n: n for n in names}
    by_key: dict[str, str] = {}
    for written, display in shown.items():
        by_key.setdefault(fold(written), display)
    key = fold(typed)
    close = difflib.get_close_matches(key, list(by_key), n=6, cutoff=CLOSE)
    close = close or [k for k in by_key if len(k) > 2 and sorted(k) == sorted(key)]  # BYU: letters swapped
    offered = list(dict.fromkeys(by_key[k] for k in close))[:3]
    if not offered:
        return ""
    return f" (did you mean {' or '.join(offered)}?)"


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

    def exact(self, typed: str) -> str | None:
        """The id ``typed`` names in full (any case, accents optional), or None: no prefixes."""
        return self._by_key.get(fold(typed)) if fold(typed) else None

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
        near = {key: self._display[ident] for key, ident in self._by_key.items()}
        raise NameNotFound(f"no {self.what} called {typed!r}{did_you_mean(typed, near)}")
