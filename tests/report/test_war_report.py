"""The war in the turn report (docs/war.md §6; issue 17): each battle round by round with the dice,
modifiers, cards and losses for everyone who may see it (002 L1754, L1794, L1758, L1768; R115),
the moves and failed steps per power, the conquests, and the standings' territories won and lost.
The battle is a real one: war/run.py with loaded dice (tests/report/war_game.py), its events read
back from JSON as the store gives them."""

from __future__ import annotations

import re
from dataclasses import replace

from adjudicator.core.dice import Dice
from adjudicator.core.view import GM
from adjudicator.report.render import build_document, render_html, render_text
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, Siege
from adjudicator.rulesets.medioevo.war.battle_models import BattlePlan, Force, Withdraw
from adjudicator.rulesets.medioevo.war.events import battle_record
from adjudicator.rulesets.medioevo.war.events_aftermath import SupplyTrimmed
from adjudicator.rulesets.medioevo.war.orders import Assault, NavalAttack, ScriptStep
from adjudicator.rulesets.medioevo.war.records import DoctrineClause
from adjudicator.rulesets.medioevo.war.report import war_section
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts
from tests.report.html_check import html_problems
from tests.report.war_game import DATA, report_of, ruleset, start
from tests.rules.war_battle import attacker, one_round


def _name(power: str) -> str:
    return f"{ruleset().board.kingdoms[power].name} ({power})"


HU, VE = f"attacker: {_name('hungary')}", f"defender: {_name('venice')}"
ROUNDS = [
    # round, side, die, roll, modifiers, total, cards played, VF lost, card lost
    ("1", HU, "d6", "6", "+1 BALESTRIERE", "7", "BALESTRIERE", "2", ""),  # 7 - 2 = 5, half 2 (L1794)
    ("", VE, "d6", "2", "", "2", "", "5", ""),
    ("2", HU, "d6", "2", "+1 BALESTRIERE", "3", "BALESTRIERE", "1", "BALESTRIERE"),  # L1758, L1768
    ("", VE, "d6", "4", "", "4", "", "0", ""),
    ("3", HU, "d6", "6", "", "6", "", "2", ""),  # the card is gone: no modifier
    ("", VE, "d6", "1", "", "1", "", "5", ""),  # its last 5 VF (capped, L1762)
]


def _texts(viewer: str) -> tuple[str, str]:
    doc = build_document(report_of(viewer), ruleset())
    return render_text(doc), render_html(doc)


def _html_rows(html: str) -> list[tuple[str, ...]]:
    return [tuple(re.findall(r"<td>(.*?)</td>", row)) for row in re.findall(r"<tr>(.*?)</tr>", html)]


def _text_rows(text: str) -> list[tuple[str, ...]]:
    """A text table's rows as their non-empty cells (columns are two or more spaces apart)."""
    return [tuple(re.split(r"\s{2,}", line.strip())) for line in text.splitlines() if line.startswith("  ")]


def _war(text: str) -> str:
    """The War section of a text report: up to the next top-level title."""
    start = text.index("\nWAR\n===\n") + 9
    after = re.search(r"\n[A-Z][A-Z' ()]+\n=+\n", text[start:])
    return text[start : start + after.start()] if after else text[start:]


def test_a_players_report_shows_its_battle_round_by_round_with_the_dice() -> None:
    """Hungary's report: its battle first, every round's die, roll, modifiers, total, cards, the VF
    each side lost and the card given up; then the outcome line with the losses and prisoners
    (10% rounded up of those destroyed, L1772); then its moves and its own failed step."""
    text, html = _texts("hungary")
    war = _war(text)
    rows = _text_rows(war)
    for row in ROUNDS:
        assert tuple(c for c in row if c) in rows, row
        assert row in _html_rows(html), row
    assert war.index("Your battles") < war.index("Round by round") < war.index("moves and battles")
    assert f"{_name('hungary')} wins after 3 rounds: the defenders are wiped out." in " ".join(war.split())
    assert f"VF lost: {_name('hungary')} 5 VF, {_name('venice')} 10 VF." in " ".join(war.split())
    assert f"{_name('hungary')} takes 1 VF prisoner" in " ".join(war.split())
    assert "hungary moves cart 1 via pest - bihar" in war
    assert "[FAILED] Your step 4 was not made: MOVE galley 7 TO banato -- hungary has no galley 7" in war
    assert '<section id="war">' in html and "Your step 4 was not made" in html
    assert html_problems(html) == []


def test_a_third_power_sees_the_public_battle_but_not_anothers_failed_step() -> None:
    """R115: France reads the battle round by round (the dice are public, L1754) but not Hungary's
    failed step, which tells its plan; the GM reads it under Hungary's name; Venice, the defender,
    finds the battle under its own."""
    text, html = _texts("france")
    war = _war(text)
    for row in ROUNDS:
        assert row in _html_rows(html), row
    assert "Your battles" not in war
    assert "galley 7" not in text and "galley 7" not in html and "not made" not in war
    assert "hungary's step 4 was not made: MOVE galley 7 TO banato" in _war(_texts(GM)[0])
    assert "Your battles" in _war(_texts("venice")[0])


def test_the_standings_count_the_territories_won_and_lost() -> None:
    """Transilvania changed hands (L1844): +1 for Hungary, -1 for Venice, nothing for France."""
    rows = _text_rows(_texts("france")[0].split("\nSTANDINGS\n")[1])
    won = {r[0]: r[3] for r in rows if r[0] in {_name(p) for p in ("hungary", "venice", "france")}}
    assert won == {_name("hungary"): "+1 / -0", _name("venice"): "+0 / -1", _name("france"): "+0 / -0"}
    assert rows[0][3] == "won / lost"


def test_without_war_there_is_no_war_section_and_no_new_column() -> None:
    """A report with no war events prints nothing new (the golden reports stay as they are)."""
    report = report_of("france")
    quiet = report.view.model_copy(update={"events": ()})
    assert war_section((), "france", {}) is None
    text = render_text(
        build_document(report.__class__(view=quiet, label="T3.combat", next_label=""), ruleset())
    )
    assert "\nWAR\n" not in text and "won / lost" not in text


def test_the_public_battle_keeps_the_plans_words_out() -> None:
    """R115: a card the plan named but could not play (here BALESTRIERE, already given up) is in
    the battle's own words, never in the public event's notes; the captain's promotion is."""
    plan = BattlePlan(rounds=(("BALESTRIERE",),), withdraw=Withdraw(after_rounds=2))
    out = one_round(attacker(hand=("BALESTRIERE",), plan=plan), Force("yellow", 10, owner=True), 2, 4, 3, 3)
    assert any("no longer holds BALESTRIERE" in e for e in out.events)
    detail, rams, notes = battle_record(out)
    assert not any("BALESTRIERE" in n for n in notes)
    assert [r.cards_lost for r in detail] == [(("blue", "BALESTRIERE"),), ()] and rams == ()


def _run(state: MedioevoState, power: str, *steps: ScriptStep, dice: tuple[int, ...]) -> RunOutcome:
    return run_scripts(state, {power: steps}, DATA, Dice(b"s" * 32, "T3.combat", loaded=list(dice)))


def test_an_assault_is_told_round_by_round_and_counts_as_a_conquest_L1898_L1904() -> None:
    """002 L1898-L1904: 1d4 = 4 against 1d6 = 1 + 1 for the Tower; the 2 defenders fall, Hungary
    loses 1 (half the difference, L1758) and takes Transilvania: under Sieges, in the conquests and
    the standings; a supply trim at the end of the phase (L2239) under the aftermath."""
    t = "transilvania"
    state = start().with_territory(t, armies={"hungary": 10, "venice": 2}, buildings=("tower",))
    state = state.evolve(pieces=(Piece(owner="hungary", kind="captain", number=1, level=2, location=t),))
    state = state.with_siege(t, Siege(territory=t, by="hungary", since=2, captain=1))
    out = _run(state, "hungary", ScriptStep(action=Assault(t)), dice=(4, 1))
    trim = SupplyTrimmed(
        territory="pest", limit=30, present=40, removed=(("hungary", 10),), phase="aftermath"
    )
    out = replace(out, events=(*out.events, trim))
    text = render_text(build_document(report_of("france", out), ruleset()))
    war = _war(text)
    rows = _text_rows(war)
    assert ("1", HU, "d4", "4", "4", "1") in rows
    assert (VE, "d6", "1", "+1 Tower", "2", "2") in rows
    assert f"{_name('hungary')} takes it." in " ".join(war.split())
    assert ("transilvania", _name("hungary"), _name("venice"), "by assault") in rows
    assert war.index("Sieges") < war.index("Conquests") < war.index("After the battles")
    assert "hungary 10 VF go back to the reserve (L2239)" in war
    standings = _text_rows(text.split("\nSTANDINGS\n")[1])
    assert {r[0]: r[3] for r in standings[2:]}[_name("venice")] == "+0 / -1"


def test_a_naval_battle_shows_its_ramming_L2010() -> None:
    """002 L2010-L2016: every galley rams, 1d4 + its level: Hungary's level II galley rolls 4 (6
    sunk), Venice's two level I galleys 1 and 1 (2 each); Venice's 3 VF all go down before any
    round, so the battle is its ramming."""
    galley = Piece(owner="hungary", kind="galley", number=1, level=2, location="mar_ionio", vf=12)
    captain = Piece(
        owner="hungary", kind="captain", number=1, level=1, location="mar_ionio", aboard="galley/1"
    )
    ships = tuple(
        Piece(owner="venice", kind="galley", number=n, level=1, location="mare_di_malta", vf=vf)
        for n, vf in ((1, 2), (2, 1))
    )
    state = start().evolve(pieces=(galley, captain, *ships))
    attack = NavalAttack(power="venice", place="mare_di_malta", pieces=("galley 1",), captains=("captain 1",))
    step = ScriptStep(action=attack)
    out = _run(state, "hungary", step, dice=(4, 1, 1))
    assert out.results[0].ok, out.results
    war = _war(render_text(build_document(report_of("france", out), ruleset())))
    assert f"Naval battle in mare_di_malta: {_name('hungary')} attacks {_name('venice')}" in war
    rows = _text_rows(war)
    assert (_name("hungary"), "2", "4", "6") in rows
    assert rows.count((_name("venice"), "1", "1", "2")) == 2
    assert "Round by round" not in war


def test_what_happened_points_to_the_war_section_instead_of_telling_the_battle_twice() -> None:
    """The battle, the moves and the failed step are told once, in the War section; "What
    happened" says where, once, under the combat phase (its dice lines stay, for the audit)."""
    text, _ = _texts("hungary")
    happened = text.split("WHAT HAPPENED", 1)[1].split("\nWAR\n", 1)[0]
    assert happened.count("Told in full in the section “War” below.") == 1
    war = text.split("\nWAR\n", 1)[1]
    for told in ("Battle of transilvania", "loads captain 1 on cart 1", "moves cart 1 via pest - bihar"):
        assert told in war and told not in happened, told


def test_the_standings_count_the_vf_aboard_transports_L1566() -> None:
    """Armies travel aboard (L1566): the standings' VF on the map count them with those on the
    ground, so loading a cart does not make a power look weaker."""
    from adjudicator.rulesets.medioevo.report_sections import vf_on_map

    data = {
        "territories": {"pest": {"armies": {"hungary": 20}}, "bihar": {"armies": {"venice": 3}}},
        "pieces": [{"owner": "hungary", "vf": 15}, {"owner": "hungary"}, {"owner": "venice", "vf": 2}],
    }
    assert (vf_on_map(data, "hungary"), vf_on_map(data, "venice")) == (35, 5)


def test_a_retreat_the_siege_bars_is_told_to_its_power_alone_L2069_R222() -> None:
    """002 L2069 (R115, R222): Venice's doctrine retreats from Transilvania below 3 VF, but the
    siege by land shuts the land side: after the first roll (4 against 1 + 1) it fights on, and its
    own report says why, under Sieges; France reads the assault but not Venice's doctrine."""
    t = "transilvania"
    state = start().with_territory(t, armies={"hungary": 10, "venice": 3}, buildings=("tower",))
    state = state.evolve(pieces=(Piece(owner="hungary", kind="captain", number=1, level=2, location=t),))
    state = state.with_siege(t, Siege(territory=t, by="hungary", since=2, captain=1))
    doctrine = DoctrineClause(clause="RETREAT DURING BELOW 3", place=t)
    state = state.with_power("venice", doctrines=(doctrine,))
    out = _run(state, "hungary", ScriptStep(action=Assault(t)), dice=(4, 1, 4, 1))
    venice = " ".join(_war(render_text(build_document(report_of("venice", out), ruleset()))).split())
    assert "venice's doctrine would retreat, but it fights on: no retreat from transilvania:" in venice
    assert "besieged by land: no retreat by land (L2069)" in venice
    france = render_text(build_document(report_of("france", out), ruleset()))
    assert "Assault on transilvania" in france and "would retreat" not in france
