"""Mail bodies to order lines; names matched with accents optional and unique prefixes."""

from __future__ import annotations

import pytest

from adjudicator.orders.names import AmbiguousName, NameIndex, NameNotFound
from adjudicator.orders.text import split_order_text


def test_envelope_commands_comments_quotes_and_signature() -> None:
    body = "\n".join(
        [
            "GAME g1  POWER hungary",
            "SECRET abc",
            "# a comment line",
            "LOAN   # trailing comment",
            "> BID 99 (quoted from an earlier mail)",
            "",
            "ready",
            "PLACE 2 IN Pest",
            "-- ",
            "BID 1000 (signature, ignored)",
        ]
    )
    parsed = split_order_text(body)
    assert parsed.envelope == {"GAME": "g1", "POWER": "hungary", "SECRET": "abc"}
    assert parsed.ready is True
    assert parsed.lines == [(4, "LOAN"), (8, "PLACE 2 IN Pest")]


def test_not_ready_and_bad_envelope() -> None:
    parsed = split_order_text("GAME g1 POWER\nNOT  READY")
    assert parsed.ready is False
    assert parsed.problems and parsed.problems[0][0] == 1


def test_names_accents_case_and_prefixes() -> None:
    index = NameIndex(
        [("costantinopoli", "Costantinopoli"), ("cracovia", "Cracòvia"), ("corinto", "Corinto")], "territory"
    )
    assert index.resolve("COSTANT") == "costantinopoli"
    assert index.resolve("cracovia") == "cracovia"
    with pytest.raises(AmbiguousName, match="Corinto"):
        index.resolve("co")
    with pytest.raises(NameNotFound):
        index.resolve("Atlantide")
