"""Medioevo Universale as a :class:`~adjudicator.core.ruleset.Ruleset`.

Phases implemented so far: setup orders (turn 1), 1 (turn order), 2 (Empire cards), 3 (diplomacy),
4 (purchases: technologies, buildings, transports, siege engines and captains; fire sales), 5 (taxes,
loans, fire sales, bankruptcy and the cards of the phase), 6 (reinforcements, INVESTITURA's VF,
prisoners freed and the cards of the phase), 7 (events: events_phase/), 8 (positioning), 9 (combat)
and 10 (commerce).
The others join as their issues land; the windows list grows with them. Windows (design §6): bids
(turn order, then the private draw), cards (setup orders on turn 1, keep, then diplomacy),
economy. Turn 1's bids window needs no orders, so a game's first mail carries the setup orders
with the first keep and diplomacy (ruling R35). With the game option ``purchases_order = "in_turn"`` the
economy window's purchases are played power by power in turn order (steps.py, ruling R96).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any, cast

from adjudicator.core.dice import Dice
from adjudicator.core.engine import open_phases, window_label
from adjudicator.core.events import Event, GmEdited, Visibility
from adjudicator.core.orders import Order, Submission
from adjudicator.core.ruleset import DieUse, PhaseSpec, Resolution, WindowSpec
from adjudicator.core.state import GameState
from adjudicator.core.steps import Step
from adjudicator.core.view import PlayerView
from adjudicator.report.model import ReportInput
from adjudicator.report.sections import RulesetSections
from adjudicator.rulesets.medioevo import (
    arrival,
    edits,
    map_highlights,
    phase_table,
    receipt_summary,
    report_sections,
    setup,
    start_bonus,
    steps,
    two_player,
    variants,
)
from adjudicator.rulesets.medioevo.calamity import choices as calamity_choices
from adjudicator.rulesets.medioevo.church import legal as church_legal
from adjudicator.rulesets.medioevo.commerce import legal as commerce_legal
from adjudicator.rulesets.medioevo.commerce.orders import CARD_SALE, COMMERCE
from adjudicator.rulesets.medioevo.commerce.parse import take_trade_lines
from adjudicator.rulesets.medioevo.dataset import DataSet, default_dataset
from adjudicator.rulesets.medioevo.distant_ports import BuyDistantPort
from adjudicator.rulesets.medioevo.endgame import ending as endgame
from adjudicator.rulesets.medioevo.endgame import report as endgame_report
from adjudicator.rulesets.medioevo.endgame.orders import END
from adjudicator.rulesets.medioevo.events import MEDIOEVO_EVENTS
from adjudicator.rulesets.medioevo.events_phase import deck as event_deck
from adjudicator.rulesets.medioevo.events_phase.phase import EVENTS
from adjudicator.rulesets.medioevo.legal_orders import legal_orders
from adjudicator.rulesets.medioevo.mapdraw import Drawing
from adjudicator.rulesets.medioevo.order_names import power_names
from adjudicator.rulesets.medioevo.order_words import mark_non_orders
from adjudicator.rulesets.medioevo.orders import (
    CARD_DRAW,
    CARDS,
    DIPLOMACY,
    PLACEMENT,
    PURCHASES,
    REINFORCEMENTS,
    SETUP,
    TAXES,
    TURN_ORDER,
    Build,
    BuyPiece,
    BuyTech,
    Customize,
    Deploy,
    Place,
    PlayPurchaseCard,
    PlayReinforcementCard,
    PlayTaxCard,
    Repair,
    UpgradePiece,
)
from adjudicator.rulesets.medioevo.orders_diplomacy import CancelProtection, Gift, PlayDiplomacyCard
from adjudicator.rulesets.medioevo.orders_economy import BuyVF
from adjudicator.rulesets.medioevo.parse import parse_lines
from adjudicator.rulesets.medioevo.parse_support import Unsure
from adjudicator.rulesets.medioevo.phases import (
    bankruptcy,
    card_play,
    cards,
    deployment,
    diplomacy,
    diplomacy_cards,
    fire_sale,
    placement,
    prisoners,
    purchase_cards,
    reinforcements,
    taxes,
    turn_order,
)
from adjudicator.rulesets.medioevo.reportmap import report_map
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.view import view as medioevo_view
from adjudicator.rulesets.medioevo.war import window as war_window
from adjudicator.rulesets.medioevo.war.legal import war_options
from adjudicator.rulesets.medioevo.war.window import AFTERMATH, COMBAT

PHASES = (
    PhaseSpec(TURN_ORDER, 1, "Turn order"),
    PhaseSpec(CARD_DRAW, 2, "Empire cards: the draw"),
    PhaseSpec(SETUP, 0, "Setup: cathedral and starting armies"),
    PhaseSpec(CARDS, 2, "Empire cards: keep"),
    PhaseSpec(DIPLOMACY, 3, "Diplomacy"),
    PhaseSpec(PURCHASES, 4, "Purchases"),
    PhaseSpec(TAXES, 5, "Taxes"),
    PhaseSpec(REINFORCEMENTS, 6, "Reinforcements"),
    PhaseSpec(EVENTS, 7, "Events"),
    PhaseSpec(PLACEMENT, 8, "Positioning"),
    PhaseSpec(COMBAT, 9, "Combat"),
    PhaseSpec(AFTERMATH, 9, "Combat: supply and attrition"),
    PhaseSpec(COMMERCE, 10, "Commerce"),
    PhaseSpec(CARD_SALE, 10, "Commerce: the Empire-card auction"),
    PhaseSpec(END, 0, "End of the turn: the end of the game (L321-351)"),
)
DECK_SHUFFLE = "empire deck"
"""The purpose of the Empire deck's shuffle (setup.py): its rolls give the deck's order away."""
GM_ROLLS = (DECK_SHUFFLE, event_deck.EVENT_DECK)  # shuffles: their rolls give a deck's order away
PRIVATE_ROLLS = ("loan ", "CIAMBELLANO ", f"{endgame.OBJECTIVE_ROLL} ")
"""Purposes of rolls that size one power's florins (R7: amounts are the power's), then its id."""
WINDOWS = (
    WindowSpec("bids", (TURN_ORDER, CARD_DRAW, CARD_SALE)),  # CARD_SALE: last turn's lots (R296)
    WindowSpec("cards", (SETUP, CARDS, DIPLOMACY)),
    WindowSpec("economy", (PURCHASES, TAXES, REINFORCEMENTS, EVENTS, PLACEMENT)),
    WindowSpec("war", (COMBAT, AFTERMATH)),
    WindowSpec("commerce", (COMMERCE, END)),  # phase 10 after the war (R285); END: the turn's last
)

GAME_OPTIONS = {**setup.SETUP_OPTIONS, **steps.OPTIONS, **variants.VARIANT_OPTIONS, **endgame.OPTIONS}
"""The options a Medioevo game is created with (core/options.py checks them)."""


def _mu(state: GameState) -> MedioevoState:
    return cast(MedioevoState, state)


class MedioevoRuleset:
    name = "medioevo"
    version = "0.1"
    game_options = GAME_OPTIONS
    end_edit = endgame.END_EDIT  # the edit that ends a game now (the GM's END GAME, service/ending.py)

    def __init__(self, data: DataSet | None = None) -> None:
        self.data = data or default_dataset()
        self.board = self.data.board

    def state_type(self) -> type[GameState]:
        return MedioevoState

    def phases(self) -> Sequence[PhaseSpec]:
        return PHASES

    def windows(self) -> Sequence[WindowSpec]:
        return WINDOWS

    def event_types(self) -> Sequence[type[Event]]:
        return MEDIOEVO_EVENTS

    def initial_state(
        self, game: str, powers: Sequence[str], options: Mapping[str, Any], dice: Dice
    ) -> tuple[GameState, tuple[Event, ...]]:
        order = steps.read_option(options)
        mode = steps.read_option(options, steps.COMBAT_OPTION)
        state, event = setup.initial_state(game, powers, options, dice, self.data, self.version)
        state = state.evolve(omens=event_deck.shuffled(dice, self.data))  # the Event deck (L365)
        if (order, mode) != (state.purchases_order, state.combat_mode):
            state = state.evolve(purchases_order=order, combat_mode=mode)
        if variants.chosen(options):  # the optional rules on (L3190-3336)
            state = start_bonus.with_bonus_florins(state.evolve(variants=variants.chosen(options)))
        if variants.on(state, variants.TWO_PLAYER):  # two players, no Pope, the area (L3248-3254)
            state = two_player.setup(state, self.data)
        state, dealt = endgame.setup(state, options, dice, self.data)  # objective cards (L2404)
        return state, (event, *dealt)

    def next_step(self, state: GameState, done: Sequence[Step]) -> Step | None:
        """The purchases power by power in turn order with ``purchases_order = "in_turn"``
        (steps.py, R96); None (simultaneous) on every other window and by default."""
        return steps.next_step(self, _mu(state), done)

    def guards_in_orders(self, state: GameState) -> bool:
        """In the war window a script step carries its own ``IF`` guards (docs/war.md §3.4, R98),
        checked when the step runs, not by the core."""
        return COMBAT in open_phases(self, state)

    def power_ids(self, state: GameState) -> tuple[str, ...]:
        return _mu(state).seats()

    def takes_orders(self, state: GameState, phase: str) -> bool:
        if phase == SETUP:
            return deployment.takes_orders(_mu(state))
        if phase == TURN_ORDER:
            return turn_order.takes_orders(_mu(state))
        if phase == CARDS:
            return cards.takes_orders(_mu(state))
        if phase == END:
            return endgame.takes_orders(_mu(state))
        trade = phase in (COMMERCE, CARD_SALE) and (phase == COMMERCE or bool(_mu(state).lots))
        return trade or phase in (DIPLOMACY, PURCHASES, TAXES, REINFORCEMENTS, PLACEMENT, COMBAT)

    def _check(
        self,
        state: MedioevoState,
        power: str,
        order: Order,
        earlier: Sequence[Order] = (),
        mail: Sequence[Order] = (),
        rehearsal: arrival.Rehearsal | None = None,
    ) -> str | None:
        if isinstance(order, PlayPurchaseCard):
            return purchase_cards.check(state, power, order, self.data, earlier)
        if isinstance(order, PlayTaxCard | PlayReinforcementCard):
            return card_play.play_problem(
                state,
                power,
                order,
                self.data,
                earlier=earlier,
                techs=card_play.techs_by_then(state, power, mail),
                drawn_counts=True,
            )
        if isinstance(order, PlayDiplomacyCard | Gift | CancelProtection):
            return diplomacy_cards.check(state, power, order, self.data, earlier)
        if isinstance(order, BuyVF):
            if any(isinstance(o, BuyVF) for o in earlier):
                return "one BUY n VF a phase: see the line above"
            techs = card_play.techs_by_then(state, power, mail)
            return reinforcements.buy_vf_problem(techs, order, self.data)
        if isinstance(order, Deploy):
            return arrival.deploy_problem(state, power, order, earlier, mail, self.data)
        if order.phase in (
            COMMERCE,
            CARD_SALE,
        ):  # judged when the phase runs (R285); here who and what it names
            return commerce_legal.check(state, power, order, self.data)
        rehearsal = rehearsal or self._rehearsal(state)
        if isinstance(order, BuyTech | Build | BuyPiece | UpgradePiece | Customize | Repair | BuyDistantPort):
            return rehearsal.purchase_problem(state, power, order, earlier, mail)
        problem = (
            (two_player.no_diplomacy(state) if order.phase == DIPLOMACY else None)
            or deployment.check(state, power, order, self.data)
            or start_bonus.check(state, power, order, self.data, earlier)
            or fire_sale.check(state, power, order, self.data, earlier)
            or bankruptcy.check(state, power, order, self.data, earlier)
            or prisoners.check(state, power, order, earlier)
            or turn_order.check(state, power, order)
            or cards.check(state, power, order, self.data)
            or diplomacy.check(state, power, order, self.data)
            or taxes.check(state, power, order)
            or church_legal.check(state, power, order, self.data)
            or calamity_choices.check(state, power, order)
            or placement.check(
                placement.with_settlements_built(state, power, earlier), power, order, self.data
            )
        )
        if problem is None and isinstance(order, Place):
            warning = rehearsal.placement_warning(state, power, order, earlier, mail)
            if warning:
                raise Unsure(warning)
        return problem

    def _rehearsal(self, state: MedioevoState) -> arrival.Rehearsal:
        """One mail's rehearsals (R85, R86): the open window's (or step's) phases before the
        positioning."""
        before = tuple(p for p in steps.rehearsed_phases(self, state) if p != EVENTS)  # not foretold
        return arrival.Rehearsal(self.resolve, before, self.data)

    def parse(
        self, state: GameState, power: str, lines: Sequence[tuple[int, str]], *, strict: bool = True
    ) -> Submission:
        scope = steps.parse_scope(self, _mu(state), power, strict)  # in a step: its phases (R96)
        phases, label, not_now = scope or (open_phases(self, state), window_label(self, state), None)
        war_lines, lines = war_window.split_lines(lines, COMBAT in phases)
        if COMMERCE in phases:  # MOVE, LOAD, UNLOAD are commerce's in its window (commerce/parse.py)
            war_lines, lines = take_trade_lines(war_lines, lines)
        if COMBAT in phases:
            war = war_window.parse_combat(_mu(state), power, war_lines, self.data, strict)
        else:
            war = Submission(issues=war_window.not_now_issues(war_lines, label, not_now))
        submission = parse_lines(
            _mu(state),
            power,
            lines,
            self.data,
            phases,
            label,
            partial(self._check, rehearsal=self._rehearsal(_mu(state))) if strict else None,
            not_now,
        )
        return mark_non_orders(war_window.merge(war, submission) if war_lines else submission)

    def default_orders(self, state: GameState, phase: str, power: str) -> Sequence[Order]:
        """A silent power bids nothing, keeps a card by its standing priority (R17), borrows
        nothing and places by the default rule (R4)."""
        return ()

    def legal_orders(self, state: GameState, power: str) -> Sequence[Order]:
        phases = steps.legal_phases(self, state, power, open_phases(self, state))
        return legal_orders(_mu(state), phases, power, self.data)

    def order_notes(self, state: GameState, power: str) -> dict[str, str]:
        """In the war window, each move's path and PM and each attack's start and entry PM, for
        the order template (war/legal.py ``war_options``, R185); nothing elsewhere."""
        if COMMERCE in open_phases(self, state):  # prices and room (commerce/legal.py)
            return commerce_legal.notes(_mu(state), power, self.data)
        if REINFORCEMENTS in open_phases(self, state):  # the standing calamity choices (R319)
            return calamity_choices.notes(_mu(state), power)
        if COMBAT not in open_phases(self, state):
            return {}
        return {o.order.canonical(): o.note for o in war_options(_mu(state), power, self.data) if o.note}

    def resolve(
        self, state: GameState, phase: str, orders: Mapping[str, Sequence[Order]], dice: Dice
    ) -> Resolution:
        return phase_table.resolve_phase(_mu(state), phase, orders, dice, self.data)

    def gm_edit(self, state: GameState, command: str) -> tuple[GameState, tuple[Event, ...]]:
        before = _mu(state)
        if endgame.is_end_edit(command):  # END, TIME UP (endgame/ending.py)
            return endgame.gm_edit(before, command, self.data)
        new = edits.apply_edit(before, command, self.data)
        told = edits.who_sees(before, new)
        return new, (GmEdited(phase="gm", command=" ".join(command.split()), visibility=told),)

    def view(self, state: GameState, viewer: str) -> dict[str, Any]:
        return medioevo_view(_mu(state), viewer)

    def power_names(self, state: GameState) -> list[tuple[str, str]]:
        """Each power's id and its kingdom's names: the envelope may say ``POWER Ungheria``."""
        return power_names(_mu(state), self.board)

    def receipt_summary(self, state: GameState, power: str, orders: Sequence[Order]) -> list[str]:
        """What ``orders`` leave (florins, technologies of the turn), for the mailed receipt."""
        return receipt_summary.summary(_mu(state), power, orders, self.data)

    def dice_visibility(self, purpose: str) -> Visibility:
        """Who sees a roll (ruling R78): the deck's shuffle the GM only, the dice that size a
        power's florins (a loan, CIAMBELLANO) that power, every other roll everyone."""
        if purpose in GM_ROLLS:
            return Visibility.gm()
        for prefix in PRIVATE_ROLLS:
            if purpose.startswith(prefix):
                return Visibility.to(purpose.removeprefix(prefix))
        return Visibility.public()

    def phase_dice(self, state: GameState, phase: str) -> Sequence[DieUse] | None:
        """What each phase rolls (phase_table.py)."""
        return phase_table.phase_dice(_mu(state), phase, self.data)

    def report_sections(self, report: ReportInput) -> RulesetSections:
        """The sheet, the standings and the phase tables of a turn report (from the view only)."""
        kingdoms = {kid: k.name for kid, k in self.board.kingdoms.items()}
        made = report_sections.report_sections(report, kingdoms)
        made = replace(made, header=variants.header_lines(report.view.data.get("variants")))
        return endgame_report.with_end_sections(made, report, self.data, kingdoms)

    def report_map(self, view: PlayerView, window: str | None = None, *, highlights: bool = True) -> Drawing:
        """The map of ``view``'s report: owners, armies, buildings, pieces, and in red the places
        where the viewer fought, took or lost something (map_highlights.py). ``window`` is the
        window resolved (the view's own window is the one now open). A power's own territories
        are outlined in blue, and the drawing's ``focus`` boxes them for the mail's close-up.
        Without ``highlights`` the map is the same for every viewer of a window (no red, no
        blue), so its PNG is made once."""
        names = {kind: words[0] for kind, words in self.data.purchase_rules.piece_names.items() if words}
        title = f"{view.game} after {window}" if window else f"{view.game}, {view.window} open"
        marked = map_highlights.highlighted(view, names) if highlights else ()
        reader = view.viewer if highlights else None  # a power's own territories, outlined in blue
        marks = map_highlights.war_marks(view, yours=highlights)  # moves, battles, sieges (war/marks.py)
        return report_map(self.board, view.data, highlight=marked, title=title, reader=reader, marks=marks)

    def time_up_edit(self, state: GameState, end_date: str) -> str | None:
        """The edit that records the time limit's passing (L327), None once recorded or over."""
        return endgame.time_up_edit(_mu(state), end_date)

    def is_over(self, state: GameState) -> bool:
        """Over once the turn that ended the game (L321-351, endgame/ending.py) has been played."""
        limit = _mu(state).turn_limit
        return endgame.is_over(_mu(state)) or (limit is not None and state.turn > limit)
