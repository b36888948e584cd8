"""The data file (seed 001 L7-16) and the options that replace its reconstructed tables (K1-K4)."""

from __future__ import annotations

import pytest

from adjudicator.errors import AdjudicatorError
from adjudicator.rulesets.kriegundfrieden import cards as cd
from adjudicator.rulesets.kriegundfrieden.components import load, with_options
from tests.kriegundfrieden.kuf_support import new_game


def test_the_components_and_what_the_seed_gives() -> None:
    data = load()
    c = data.components
    assert (c.outer_sites, c.inner_sites, c.houses) == (6, 3, 6)  # L9-10
    assert (c.resources_per_type, c.agenda_per_type) == (17, 4)  # L12-13
    assert c.privilege_scrolls == sum(data.tables.privileges.values()) == 8  # L15
    assert data.tables.values["famine"] == (1, 2, 3, 4)  # L16 shield 1; L58 cup 2, hammer 3, grain 4
    assert data.tables.values["war"][0] == 4  # L16: a knight is worth 4 in war
    assert data.tables.cathedral_vp == (1, 1, 1, 2, 2, 3)  # L66-70, K3
    assert set(data.reconstructed) == {"privileges", "values", "agenda"}
    assert len(cd.agenda_ids(data.tables)) == 13  # the variant's three out (L136)
    assert len(cd.agenda_ids(data.tables.model_copy(update={"removed": ()}))) == 16


def test_options_replace_reconstructed_values() -> None:
    tables = with_options(load().tables, {"value_table": {"war": "1 1 1 1"}, "cathedral_vp": {"roof": "4"}})
    assert tables.values["war"] == (1, 1, 1, 1) and tables.cathedral_vp[-1] == 4
    rewards = {"war": "privilege privilege privilege privilege"}
    state = new_game(agenda_rewards=rewards, privilege_scrolls={"cup": "3"})
    assert state.tables.agenda["war"] == ("privilege",) * 4 and state.scrolls[1] == 3


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"value_table": {"war": "4 3 2"}}, "expected 4 whole numbers"),
        ({"value_table": {"plague": "1 2 3 4"}}, "unknown agenda 'plague'"),
        ({"agenda_rewards": {"war": "gold"}}, "agenda_rewards.war"),
        ({"cathedral_vp": {"spire": "3"}}, "unknown piece 'spire'"),
    ],
)
def test_bad_overrides_are_refused_naming_the_option(options: dict[str, dict[str, str]], words: str) -> None:
    with pytest.raises(AdjudicatorError, match=words):
        new_game(**options)


def test_two_or_five_nobles_are_refused() -> None:
    """001 L24-25: the setups are for 3 and 4 (K17)."""
    with pytest.raises(AdjudicatorError, match="3 or 4 nobles"):
        new_game(("a", "b"))
