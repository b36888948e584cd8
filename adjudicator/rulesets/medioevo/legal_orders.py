"""The orders a power may give in the open phases (the order template and the bots read them).

Each option is checked by the same problem functions the phases resolve with, so what is offered
is what the deadline would accept as things stand.
"""

from __future__ import annotations

from collections.abc import Collection

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo import start_bonus
from adjudicator.rulesets.medioevo.calamity import choices as calamity_choices
from adjudicator.rulesets.medioevo.church import legal as church_legal
from adjudicator.rulesets.medioevo.commerce.legal import legal_commerce_orders, legal_offers
from adjudicator.rulesets.medioevo.commerce.orders import CARD_SALE, COMMERCE
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.endgame.orders import END, ClaimVictory
from adjudicator.rulesets.medioevo.orders import (
    CARDS,
    DIPLOMACY,
    PLACEMENT,
    PURCHASES,
    REINFORCEMENTS,
    SETUP,
    TAXES,
    TURN_ORDER,
    Bid,
    Build,
    BuyPiece,
    BuyTech,
    Customize,
    Deploy,
    Keep,
    Place,
    PlaceCathedral,
    RepayLoan,
    Reserve,
    TakeLoan,
    UpgradePiece,
)
from adjudicator.rulesets.medioevo.orders_economy import BuyVF, DeclareBankruptcy
from adjudicator.rulesets.medioevo.phases import (
    bankruptcy,
    deployment,
    diplomacy,
    fire_sale,
    loans,
    placement,
    purchase_cards,
    purchases,
    reinforcements,
    taxes,
)
from adjudicator.rulesets.medioevo.phases.piece_purchases import customise_problem
from adjudicator.rulesets.medioevo.phases.purchase_terms import blocked
from adjudicator.rulesets.medioevo.phases.repairs import repair_options
from adjudicator.rulesets.medioevo.pieces_state import catalogue, item_of, label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.two_player import no_diplomacy
from adjudicator.rulesets.medioevo.war.legal import legal_war_orders
from adjudicator.rulesets.medioevo.war.orders import COMBAT


def legal_orders(mu: MedioevoState, phases: Collection[str], power: str, data: DataSet) -> list[Order]:
    """Every order ``power`` may give in the open ``phases``, as things stand: the order template
    lists them (commented out) and the bots choose among them."""
    held = mu.powers[power]
    options: list[Order] = []
    if SETUP in phases:
        home = data.board.territories_of(held.kingdom)
        options.extend(PlaceCathedral(t) for t in home)
        sites = deployment.default_sites(mu, power, data)
        options.extend(Deploy(5, t) for t in sites if deployment.room(mu, power, t, data) >= 5)
        options.extend(start_bonus.legal_orders(mu, power, data))
    if TURN_ORDER in phases:
        options.extend(Bid(amount) for amount in range(0, min(held.florins, 100) + 1, 5))
    if CARDS in phases:
        options.extend(Keep(card) for card in dict.fromkeys(held.drawn))
    if DIPLOMACY in phases and not no_diplomacy(mu):  # none in PARTITA A 2 (L3256)
        options.extend(diplomacy.legal_orders(mu, power, data))
    if PURCHASES in phases:
        options.extend(repair_options(mu, power, data))
        options.extend(purchase_cards.playable(mu, power, data))
    if PURCHASES in phases and blocked(mu, power, data) is None:
        for tech in data.technologies:
            if purchases.tech_problem(data, held.techs, 0, held.florins, tech) is None:
                options.append(BuyTech(tech))
        for territory in mu.owned_by(power):
            for building in data.buildings:
                order = Build(building, territory)
                if purchases.build_problem(data, mu, mu, power, order)[0] is None:
                    options.append(order)
        options.extend(_piece_purchases(mu, power, data))
        options.extend(fire_sale.saleable(mu, power, data))
    if TAXES in phases:
        if len(held.loans) < loans.loans_allowed(mu, power, data):
            options.append(TakeLoan())
        if held.loans:  # repaid from the florins after this turn's taxes (L915)
            options.append(RepayLoan())
        options.extend(taxes.playable(mu, power, data, held.techs))
        options.extend(fire_sale.saleable(mu, power, data, at_taxes=True))
        if bankruptcy.problem(mu, power, data) is None:
            options.append(DeclareBankruptcy())
    if END in phases:  # a game with a PO limit: the claim of L331
        options.append(ClaimVictory())
    if REINFORCEMENTS in phases:
        options.extend(reinforcements.playable(mu, power, data, held.techs))
        if reinforcements.buy_vf_problem(held.techs, BuyVF(), data) is None:
            options.append(BuyVF())
        options.extend(calamity_choices.options(mu, power))  # standing (R319)
    if PLACEMENT in phases:
        options.extend(Place(1, site) for site in placement.placement_sites(mu, power, data))
        cap = placement.reserve_cap(mu, power, data)
        options.extend(Reserve(n) for n in range(5, cap + 1, 5))
    options.extend(church_legal.options(mu, phases, power, data))  # the Church (church/legal.py)
    if COMBAT in phases:  # loads, moves and attacks with their paths and PM (R185)
        options.extend(legal_war_orders(mu, power, data))
    if COMMERCE in phases:  # trades with their prices, moves to markets with their PM
        options.extend(legal_commerce_orders(mu, power, data))
    if CARD_SALE in phases:  # a sealed maximum for each card on auction (R296)
        options.extend(legal_offers(mu, power, data))
    return options


def _piece_purchases(state: MedioevoState, power: str, data: DataSet) -> list[Order]:
    """Every transport, siege engine and captain the power may buy, and every upgrade it may make."""
    options: list[Order] = []
    sites = [t for t in state.owned_by(power) if state.territories[t].settlement()]
    for item in catalogue(data):
        for site in sites:
            buy = BuyPiece(item, site)
            if purchases.buy_piece_problem(data, state, state, power, buy)[0] is None:
                options.append(buy)
    for piece in state.pieces_of(power):
        for level in range(piece.level + 1, 4):
            if item_of(data, piece.kind, level) is None:
                continue
            upgrade = UpgradePiece(label(data, piece.kind, piece.number), level)
            if purchases.upgrade_problem(data, state, state, power, upgrade)[0] is None:
                options.append(upgrade)
        for disc, step in data.purchase_rules.customisation_step.items():
            custom = Customize(label(data, piece.kind, piece.number), disc, step)
            if customise_problem(data, state, power, custom)[0] is None:
                options.append(custom)
    return options
