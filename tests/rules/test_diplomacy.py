"""Phase 3, diplomacy (seed 002 L568-765): the table, matched proposals, war and its alliances,
peace, revocation, truces and disputes. Each test cites the seed lines it checks."""

from __future__ import annotations

from typing import cast

from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window, window_label
from adjudicator.core.events import Event
from adjudicator.orders.text import split_order_text
from adjudicator.rulesets.medioevo import diplomacy_table
from adjudicator.rulesets.medioevo.orders import DIPLOMACY
from adjudicator.rulesets.medioevo.pacts import PactKind
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war import declaration as war

RULES = MedioevoRuleset()
SEED = b"d" * 32
# the six powers of the alliance example (L660-676), in its turn order
EXAMPLE_ORDER = ["hafsids", "castile", "france", "mamluks", "hungary", "byzantium"]
CATHOLICS = ["holy_roman_empire", "hungary", "france", "castile", "england"]


def at_diplomacy(powers: list[str], *edits: str) -> MedioevoState:
    """Turn 1's cards-and-diplomacy window, with no Pope (unless an edit makes one) and the edits."""
    state, _ = RULES.initial_state("g", powers, {"noncontiguous_kingdoms": True}, Dice(SEED, "T0.setup"))
    while window_label(RULES, state) != "T1.cards":
        state = resolve_window(RULES, state, {}, SEED).state
    for power in powers:
        state, _ = RULES.gm_edit(state, f"SET {power} pope 0")
    for line in edits:
        state, _ = RULES.gm_edit(state, line)
    return cast(MedioevoState, state)


class Outcome:
    """The state after the phase, each order's note (or failure reason), and the events."""

    def __init__(self, state: MedioevoState, notes: dict[tuple[str, str], str], events: tuple[Event, ...]):
        self.state = state
        self.notes = notes
        self.events = events

    def po(self, power: str) -> int:
        return self.state.powers[power].honor

    def cb(self, holder: str, against: str) -> int:
        return self.state.powers[holder].casus_belli.get(against, 0)


def act(state: MedioevoState, mails: dict[str, str]) -> Outcome:
    """Parse each power's mail strictly (every line must be accepted) and resolve the phase."""
    orders = {}
    for power, text in mails.items():
        submission = RULES.parse(state, power, split_order_text(text).lines)
        assert submission.issues == (), submission.issues
        orders[power] = submission.orders
    resolution = RULES.resolve(state, DIPLOMACY, orders, Dice(SEED, f"T{state.turn}.diplomacy"))
    notes = {
        (r.power, r.order): (r.note if r.ok else f"FAILED: {r.reason.message if r.reason else ''}")
        for r in resolution.results
    }
    return Outcome(cast(MedioevoState, resolution.state), notes, resolution.events)


def test_accepted_trade_pact_between_catholics_L720() -> None:
    """L720-722: France proposes a trade pact, Hungary accepts: each loses 1 CB against the other."""
    state = at_diplomacy(
        ["france", "hungary", "castile"], "SET france cb hungary 2", "SET hungary cb france 3"
    )
    out = act(
        state,
        {
            "france": "PACT WITH Ungheria FOR 3 TURNS: France may trade with Hungary's cities",
            "hungary": "ACCEPT PACT FROM france",
        },
    )
    assert out.cb("france", "hungary") == 1 and out.cb("hungary", "france") == 2
    assert out.cb("castile", "france") == 0  # same religion: the others' cell is empty (L619)
    (pact,) = out.state.pacts
    assert pact.kind is PactKind.PACT and pact.parties == ("france", "hungary")
    assert pact.until == state.turn + 2 and "trade" in pact.terms
    assert out.notes["hungary", "ACCEPT PACT FROM france"] == "pact 1 made"


def test_revoking_the_trade_pact_L724() -> None:
    """L724-726: France revokes: France -1 PO, Hungary +2 CB, every other Catholic +1 CB vs France."""
    state = at_diplomacy(["france", "hungary", "castile", "england", "mamluks"], "PACT france hungary")
    out = act(state, {"france": "REVOKE 1"})
    assert out.po("france") == -1
    assert out.cb("hungary", "france") == 2
    assert out.cb("castile", "france") == 1 and out.cb("england", "france") == 1
    assert out.cb("mamluks", "france") == 0
    assert out.state.pacts == ()


def test_war_on_another_religion_L728() -> None:
    """L728: France declares war on the Mamluks: France -1 PO, Mamluks +4 CB, other Catholics
    -2 CB against France, other Muslims +2 CB against France."""
    state = at_diplomacy(["france", "mamluks", "hungary", "hafsids", "byzantium"], "SET hungary cb france 5")
    out = act(state, {"france": "DECLARE WAR ON mamluks"})
    assert out.po("france") == -1
    assert out.cb("mamluks", "france") == 4
    assert out.cb("hungary", "france") == 3
    assert out.cb("hafsids", "france") == 2
    assert out.cb("byzantium", "france") == 0
    assert out.state.at_war("france", "mamluks")


def test_war_paid_with_nine_cb_L730_L750() -> None:
    """L730, L750: France holds 10 CB against Hungary and declares war with 9 of them instead of
    3 PO; 1 CB is left, too few to cost Hungary a PO at the end (L754)."""
    state = at_diplomacy(["france", "hungary"], "SET france cb hungary 10")
    out = act(state, {"france": "WAR ON hungary"})
    assert out.po("france") == 0
    assert out.cb("france", "hungary") == 1
    assert out.cb("hungary", "france") == 5  # lui +5 CB (L621)


def test_cb_and_po_mixed_and_chosen_L750() -> None:
    """L750: a same-religion war may be paid 3 CB + 2 PO; USING says how many CB to spend."""
    state = at_diplomacy(["france", "hungary"], "SET france cb hungary 7")
    out = act(state, {"france": "WAR ON hungary USING 3 CB"})
    assert out.po("france") == -2 and out.cb("france", "hungary") == 4


def test_breaking_an_alliance_with_cb_L718() -> None:
    """L718: Hungary holds 5 CB against its ally France and breaks the alliance paying 3 CB for
    the PO the table asks (ruling R21: the table's 1 PO, not the example's 2)."""
    state = at_diplomacy(["france", "hungary", "castile"], "ALLY hungary france", "SET hungary cb france 5")
    out = act(state, {"hungary": "REVOKE 1"})
    assert out.po("hungary") == 0 and out.cb("hungary", "france") == 2
    assert out.cb("france", "hungary") == 5  # lui +5 CB (L620)
    assert out.cb("castile", "hungary") == 1


def test_surprise_war_costs_two_po_more_L600() -> None:
    """L600, L636: attacking in Combat without a declaration costs 3 + 2 = 5 PO between
    co-religionists and 1 + 2 = 3 PO otherwise (the combat phase calls this same function)."""
    state = at_diplomacy(["france", "hungary", "mamluks"])
    ledger = diplomacy_table.Ledger(state, RULES.data)
    war.declare_war(ledger, "france", "hungary", [0], surprise=True)
    war.declare_war(ledger, "mamluks", "france", [0], surprise=True)
    assert ledger.state.powers["france"].honor == -5
    assert ledger.state.powers["mamluks"].honor == -3


def test_the_pope_gains_double_cb_L752() -> None:
    """L752: the Pope always gains double the CB of the table."""
    state = at_diplomacy(["france", "hungary", "castile"], "SET castile pope 1")
    out = act(state, {"france": "WAR ON hungary USING 0 CB"})
    assert out.cb("castile", "france") == 6  # others +3, doubled
    assert out.cb("hungary", "france") == 5


def test_unmatched_proposal_spends_the_action_L570() -> None:
    """L570: at LT I a power has one action; a refused proposal still spends it."""
    state = at_diplomacy(["france", "hungary", "castile"])
    out = act(
        state,
        {"france": "PACT WITH hungary FOREVER: passage\nPACT WITH castile FOREVER: passage"},
    )
    assert out.notes["france", "PACT WITH hungary FOREVER: passage"].startswith("FAILED: not accepted")
    assert out.notes["france", "PACT WITH castile FOREVER: passage"].startswith(
        "FAILED: no diplomatic action left"
    )
    assert out.state.pacts == ()


def test_mutual_proposals_make_one_pact_and_a_multi_power_pact() -> None:
    """L632: a pact among two or more; both proposing the same pact make it once."""
    state = at_diplomacy(["france", "hungary", "castile"], "TURNORDER france hungary castile")
    out = act(
        state,
        {
            "france": "PACT WITH hungary, castile FOR 2 TURNS SECRET: free passage",
            "hungary": "ACCEPT PACT FROM france",
            "castile": "PACT WITH france, hungary FOR 2 TURNS: free passage",
        },
    )
    (pact,) = out.state.pacts
    assert set(pact.parties) == {"france", "hungary", "castile"}
    assert pact.secret  # one side asked for secrecy
    assert not [r for r in out.notes.values() if r.startswith("FAILED")], out.notes
    assert out.notes["castile", "PACT WITH france, hungary FOR 2 TURNS: free passage"].startswith("agreed")


def test_secret_pact_hidden_from_others() -> None:
    """L633: a pact may be secret; only its parties see it in their view."""
    state = at_diplomacy(["france", "hungary", "england"])
    out = act(
        state,
        {"france": "PACT WITH hungary FOREVER SECRET: nothing to see", "hungary": "ACCEPT PACT FROM France"},
    )
    assert len(RULES.view(out.state, "hungary")["pacts"]) == 1
    assert RULES.view(out.state, "england")["pacts"] == []
    assert all(e.visibility.allows("hungary") for e in out.events if e.kind == "mu-pact-made")
    assert not any(e.visibility.allows("england") for e in out.events if e.kind == "mu-pact-made")


def test_alliance_example_L660_L694() -> None:
    """L660-694: France declares war on the Hafsids; the Mamluks stay with the Hafsids (L682);
    Hungary keeps France and breaks with the Mamluks for 1 PO, then pays 1 PO to enter the war
    (L684, L694); the Byzantines keep the Mamluks and break two alliances for 2 PO (L686); the
    Hafsids do nothing (L688); Castile breaks all three for 3 PO (L690-692). France breaks its
    alliance with the Hafsids and pays the war (1 PO each, ruling R24)."""
    alliances = [
        ("mamluks", "hafsids"),
        ("mamluks", "hungary"),
        ("mamluks", "byzantium"),
        ("hafsids", "castile"),
        ("hafsids", "france"),
        ("castile", "france"),
        ("castile", "mamluks"),
        ("france", "hungary"),
        ("france", "byzantium"),
        ("hungary", "byzantium"),
    ]
    state = at_diplomacy(
        EXAMPLE_ORDER,
        "TURNORDER " + " ".join(EXAMPLE_ORDER),
        *(f"ALLY {a} {b}" for a, b in alliances),
    )
    out = act(
        state,
        {
            "france": "WAR ON hafsids",
            "hungary": "POLICY france HONOUR",
            "castile": "POLICY hafsids NEUTRAL\nPOLICY mamluks NEUTRAL\nPOLICY france NEUTRAL",
        },
    )
    assert {p: out.po(p) for p in EXAMPLE_ORDER} == {
        "hafsids": 0,
        "castile": -3,
        "france": -2,
        "mamluks": 0,
        "hungary": -2,
        "byzantium": -2,
    }
    west, south = {"france", "hungary"}, {"hafsids", "mamluks", "byzantium"}
    for a in west:
        for b in south:
            assert out.state.at_war(a, b), (a, b)
    assert not any(out.state.at_war("castile", p) for p in EXAMPLE_ORDER)
    remaining = {tuple(sorted(p.parties)) for p in out.state.pacts}
    assert remaining == {("france", "hungary"), ("hafsids", "mamluks"), ("byzantium", "mamluks")}
    kinds = [e.kind for e in out.events if e.kind in ("mu-war-declared", "mu-war-joined", "mu-neutral")]
    assert kinds == ["mu-war-declared", "mu-war-joined", "mu-war-joined", "mu-war-joined", "mu-neutral"]
    joined = [e for e in out.events if e.kind == "mu-war-joined"]
    assert [e.payload()["power"] for e in joined] == ["mamluks", "hungary", "byzantium"]


def test_peace_sued_and_accepted_L638_L653() -> None:
    """L653-654: peace across religions: the one who sues -2 PO, the other +1 PO; co-religionists
    of the suer +1 CB, of the other -1 CB (R23: held against the suer)."""
    state = at_diplomacy(
        ["france", "mamluks", "hungary", "hafsids"], "WAR france mamluks", "SET hafsids cb france 3"
    )
    out = act(state, {"france": "PEACE WITH mamluks USING 0 CB", "mamluks": "ACCEPT PEACE FROM france"})
    assert not out.state.at_war("france", "mamluks")
    assert out.po("france") == -2 and out.po("mamluks") == 1
    assert out.cb("hungary", "france") == 1 and out.cb("hafsids", "france") == 2


def test_peace_agreed_by_both_costs_nothing_L639() -> None:
    """L639: "if peace is agreed by both parties nothing happens" (ruling R23)."""
    state = at_diplomacy(["france", "hungary"], "WAR france hungary")
    out = act(state, {"france": "PEACE WITH hungary", "hungary": "PEACE WITH france"})
    assert not out.state.at_war("france", "hungary")
    assert out.po("france") == 0 and out.po("hungary") == 0


def test_diplomatico_removes_cb_with_letteratura_L714() -> None:
    """L714: France holds LETTERATURA and plays DIPLOMATICO on Hungary: 4 CB removed."""
    state = at_diplomacy(
        ["france", "hungary"],
        "GRANT france tech ISTRUZIONE",
        "GRANT france tech LETTERATURA",
        "GRANT france card DIPLOMATICO",
        "SET hungary cb france 5",
    )
    out = act(state, {"france": "PLAY Diplomatico ON hungary CB\nWAR ON hungary USING 0 CB"})
    # the card used no action (L744): the war declaration after it still had one
    assert out.notes["france", "PLAY diplomatico ON hungary CB"] == "4 CB hungary held against france removed"
    assert out.cb("hungary", "france") == 1 + 5
    assert "diplomatico" not in out.state.powers["france"].cards
    assert out.state.discards[-1] == "diplomatico"


def test_truce_blocks_war_until_cut_short_L2594() -> None:
    """L2594: A holds UNIVERSITÀ and imposes a truce (4 turns, card ladder); two turns later it
    pays 2 PO to cancel the 2 turns left and declares war. L744: no war during a truce."""
    state = at_diplomacy(
        ["france", "hungary"],
        "GRANT france tech ISTRUZIONE",
        "GRANT france tech UNIVERSITA",
        "GRANT france card DIPLOMATICO",
    )
    out = act(state, {"france": "PLAY Diplomatico ON hungary TRUCE"})
    (truce,) = out.state.truces
    assert truce.until == state.turn + 3
    assert out.cb("hungary", "france") == 1  # an offensive card (L764)
    blocked = act(out.state, {"france": "WAR ON hungary"})
    assert blocked.notes["france", "WAR ON hungary"].startswith("FAILED: a truce with hungary holds")
    later = out.state.evolve(turn=state.turn + 2)
    out2 = act(later, {"france": "SHORTEN TRUCE WITH hungary BY 2\nWAR ON hungary USING 0 CB"})
    assert out2.state.truces == ()
    assert out2.state.at_war("france", "hungary")
    assert out2.po("france") == -2 - 3


def test_dispute_and_open_vote_L738() -> None:
    """L738-740: a disputed pact is made public and all vote; a tie counts as kept; a majority
    for BROKEN charges the accused as if it had revoked the pact."""
    state = at_diplomacy(["france", "hungary", "castile", "england"], "PACT france hungary")
    opened = act(state, {"hungary": "DISPUTE 1 AGAINST france"})
    assert opened.state.disputes and any(e.kind == "mu-dispute" for e in opened.events)
    next_turn = opened.state.evolve(turn=state.turn + 1)
    tie = act(
        next_turn,
        {
            "hungary": "VOTE 1 BROKEN",
            "castile": "VOTE 1 BROKEN",
            "france": "VOTE 1 KEPT",
            "england": "VOTE 1 KEPT",
        },
    )
    assert tie.state.pact(1) is not None and tie.po("france") == 0 and not tie.state.disputes
    broken = act(next_turn, {"hungary": "VOTE 1 BROKEN", "castile": "VOTE 1 BROKEN", "france": "VOTE 1 KEPT"})
    assert broken.state.pact(1) is None
    assert broken.po("france") == -1 and broken.cb("hungary", "france") == 2


def test_pacts_expire_after_their_term() -> None:
    """L633: a pact lasts the turns it states; it leaves the registry when they are over."""
    state = at_diplomacy(["france", "hungary"])
    made = act(
        state, {"france": "PACT WITH hungary FOR 1 TURN: passage", "hungary": "ACCEPT PACT FROM france"}
    )
    assert made.state.pact(1) is not None
    later = act(made.state.evolve(turn=state.turn + 1), {})
    assert later.state.pacts == ()
    assert any(e.kind == "mu-pact-ended" for e in later.events)


def test_order_checks_quote_a_reason() -> None:
    """Every rejected line gets a reason when the mail arrives."""
    state = at_diplomacy(["france", "hungary"], "WAR france hungary")
    text = "\n".join(
        [
            "PACT WITH hungary FOREVER: trade",
            "ALLIANCE WITH hungary",
            "REVOKE 7",
            "VOTE 1 KEPT",
            "PLAY Diplomatico ON hungary TRUCE",
            "SHORTEN TRUCE WITH hungary BY 1",
            "WAR ON france",
        ]
    )
    submission = RULES.parse(state, "france", split_order_text(text).lines)
    reasons = [issue.message for issue in submission.issues]
    assert reasons == [
        "you are at war with hungary: make peace first",
        "expected ALLIANCE WITH <power>[, <power>] FOR <n> TURNS|FOREVER [SECRET]: <terms>, e.g. "
        "PACT WITH hungary FOR 3 TURNS: free passage for my armies (a pact always states its length, L633)",
        "you are not a party to any pact number 7",
        "no vote is open on pact 1",
        "DIPLOMATICO is not in your hand",
        "you have no truce with hungary",
        "you cannot declare war on yourself",
    ]


def test_a_secret_pact_between_others_changes_no_number_a_third_power_sees() -> None:
    """Issue 14: a secret pact must not show through numbering. England and Castile make a public
    pact after France and Hungary made (or did not make) a secret one: what England sees, the
    view and the events, is the same both ways; the parties still revoke theirs by its number."""
    powers = ["france", "hungary", "england", "castile"]
    public = {"england": "PACT WITH castile FOR 2 TURNS: trade", "castile": "ACCEPT PACT FROM england"}
    secret = {
        "france": "PACT WITH hungary FOREVER SECRET: nothing to see",
        "hungary": "ACCEPT PACT FROM france",
    }
    seen = []
    for first in (secret, {}):
        state = act(at_diplomacy(powers), first).state
        out = act(state, public)
        events = [e.payload() for e in out.events if e.visibility.allows("england")]
        seen.append((RULES.view(out.state, "england"), events, RULES.view(state, "england")))
    assert seen[0] == seen[1]
    assert "next_pact" not in seen[0][0]
    assert [p["id"] for p in seen[0][0]["pacts"]] == [1]
    made = act(at_diplomacy(powers), secret).state
    (pact,) = made.pacts
    assert pact.secret and pact.id >= 10_000 and made.next_pact == 1
    assert RULES.view(made, "france")["pacts"][0]["id"] == pact.id  # its parties see its number
    england = RULES.parse(made, "england", [(1, f"REVOKE {pact.id}")]).issues
    nowhere = RULES.parse(made, "england", [(1, "REVOKE 99")]).issues
    assert england and [i.message.replace(str(pact.id), "N") for i in england] == [
        i.message.replace("99", "N") for i in nowhere
    ]
    revoked = act(made, {"hungary": f"REVOKE {pact.id}"})
    assert revoked.state.pacts == () and revoked.notes["hungary", f"REVOKE {pact.id}"].endswith("revoked")
