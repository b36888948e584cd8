"""Checks across the records of a data set: what the schema alone cannot see.

Unknown references, one-sided borders, kingdoms of the wrong size class, unreachable regions,
settlement rules, ports without a coast, deck tables that do not add up. Each problem names the
file and the key to fix; ``adjudicator data check`` prints them all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from adjudicator.orders.names import fold
from adjudicator.rulesets.medioevo.board import SIZE_RANGES, Board, KingdomSize, Terrain
from adjudicator.rulesets.medioevo.dataset import DataSet, Problem


class _Report:
    """Collects problems, locating a section's key in the file it came from."""

    def __init__(self, origin: dict[str, str]) -> None:
        self.origin = origin
        self.problems: list[Problem] = []

    def add(self, section: str, key: str, message: str) -> None:
        self.problems.append(Problem(self.origin.get(section, "?"), f"{section}.{key}", message))

    def known(self, section: str, key: str, ids: Iterable[str], table: Iterable[object], what: str) -> None:
        pool = set(map(str, table))
        for ident in ids:
            if ident not in pool:
                self.add(section, key, f"unknown {what} {ident!r}")


def cross_check(data: DataSet, origin: dict[str, str]) -> list[Problem]:
    report = _Report(origin)
    _kingdoms(data.board, report)
    _territories(data.board, report)
    _seas(data.board, report)
    _features(data.board, report)
    _reachable(data.board, report)
    _cards(data, report)
    _technologies(data, report)
    _calamities(data, report)
    _events(data, report)
    _objectives(data, report)
    _trade(data, report)
    _pieces(data, report)
    _movement(data, report)
    _diplomacy(data, report)
    _setup(data, report)
    return report.problems


# ---- the map ------------------------------------------------------------------------------------
def _kingdoms(board: Board, r: _Report) -> None:
    for kid, kingdom in board.kingdoms.items():
        members = board.territories_of(kid)
        if not members:
            r.add("kingdoms", kid, "has no territories")
        elif len(members) not in SIZE_RANGES[kingdom.size]:
            r.add("kingdoms", f"{kid}.size", f"{kingdom.size} but has {len(members)} territories")
        for other in kingdom.contiguous:
            if other not in board.kingdoms or not board.kingdoms[other].playable or other == kid:
                r.add("kingdoms", f"{kid}.contiguous", f"{other!r} is not another playable kingdom")
            elif kid not in board.kingdoms[other].contiguous:
                r.add("kingdoms", f"{kid}.contiguous", f"{other!r} does not list {kid!r} back")
        if kingdom.contiguous and not kingdom.playable:
            r.add("kingdoms", f"{kid}.contiguous", "only playable kingdoms are chosen")
        needs_capital = kingdom.playable or kingdom.size is KingdomSize.MAJOR
        if kingdom.capital is None:
            if needs_capital:
                r.add("kingdoms", f"{kid}.capital", "a playable or major kingdom needs a capital (L383-385)")
            continue
        cap = board.territories.get(kingdom.capital)
        if cap is None:
            r.add("kingdoms", f"{kid}.capital", f"unknown territory {kingdom.capital!r}")
        elif cap.kingdom != kid:
            r.add("kingdoms", f"{kid}.capital", f"{kingdom.capital!r} belongs to {cap.kingdom!r}")
        elif not cap.site:
            r.add("kingdoms", f"{kid}.capital", f"{kingdom.capital!r} has no settlement site")


def _territories(board: Board, r: _Report) -> None:
    names: dict[str, str] = {}
    strait_pairs = {frozenset(s.shores) for s in board.straits.values()}
    for tid, terr in board.territories.items():
        if terr.kingdom not in board.kingdoms:
            r.add("territories", f"{tid}.kingdom", f"unknown kingdom {terr.kingdom!r}")
        folded = fold(terr.name)
        if folded in names:
            r.add("territories", f"{tid}.name", f"{terr.name!r} is also the name of {names[folded]!r}")
        names[folded] = tid
        for other in terr.borders:
            if other == tid:
                r.add("territories", f"{tid}.borders", "borders itself")
            elif other not in board.territories:
                r.add("territories", f"{tid}.borders", f"unknown territory {other!r}")
            elif tid not in board.territories[other].borders:
                r.add(
                    "territories",
                    f"{tid}.borders",
                    f"{other!r} does not list {tid!r} back (one-sided border)",
                )
        for dup, n in Counter(terr.borders).items():
            if n > 1:
                r.add("territories", f"{tid}.borders", f"{dup!r} listed {n} times")
        r.known("territories", f"{tid}.seas", terr.seas, board.seas, "sea zone")
        if terr.port and not terr.seas:
            r.add("territories", f"{tid}.port", "a port on an inland territory (no seas)")
        if terr.port and not terr.site:
            r.add("territories", f"{tid}.port", "a port needs a settlement site")
        if terr.island:
            for other in terr.borders:
                if frozenset((tid, other)) not in strait_pairs:
                    r.add(
                        "territories", f"{tid}.borders", f"island borders {other!r} but not across a strait"
                    )
            if not terr.seas:
                r.add("territories", f"{tid}.island", "an island needs at least one sea zone")
        if board.land_zones and terr.land_zone not in board.land_zones:
            r.add("territories", f"{tid}.land_zone", f"unknown land zone {terr.land_zone}")


def _seas(board: Board, r: _Report) -> None:
    coasts = Counter(s for t in board.territories.values() for s in t.seas)
    for sid, sea in board.seas.items():
        for other in sea.borders:
            if other == sid:
                r.add("seas", f"{sid}.borders", "borders itself")
            elif other not in board.seas:
                r.add("seas", f"{sid}.borders", f"unknown sea zone {other!r}")
            elif sid not in board.seas[other].borders:
                r.add("seas", f"{sid}.borders", f"{other!r} does not list {sid!r} back (one-sided border)")
        if not coasts[sid] and not sea.borders:
            r.add("seas", sid, "touches no coast and no other sea zone")


def _features(board: Board, r: _Report) -> None:
    terr = board.territories
    for sid, strait in board.straits.items():
        a, b = strait.shores
        r.known("straits", f"{sid}.shores", strait.shores, terr, "territory")
        r.known("straits", f"{sid}.seas", strait.seas, board.seas, "sea zone")
        if a in terr and b in terr:
            if b not in terr[a].borders:
                r.add("straits", f"{sid}.shores", f"{a!r} and {b!r} do not border each other")
            for shore in (a, b):
                if not set(strait.seas) & set(terr[shore].seas):
                    r.add("straits", f"{sid}.shores", f"{shore!r} touches neither of the strait's seas")
    for rid, river in board.rivers.items():
        r.known("rivers", f"{rid}.territories", river.territories, terr, "territory")
        for a, b in river.borders:
            if a not in terr or b not in terr:
                r.known("rivers", f"{rid}.borders", (a, b), terr, "territory")
            elif b not in terr[a].borders:
                r.add("rivers", f"{rid}.borders", f"{a!r} and {b!r} do not border each other")
    for cid, cap in board.religious_capitals.items():
        _site("religious_capitals", f"{cid}.territory", cap.territory, board, r)
    for iid, inv in board.invasions.items():
        r.known("invasions", f"{iid}.territory", (inv.territory,), terr, "territory")
        if inv.kingdom not in board.kingdoms:
            r.add("invasions", f"{iid}.kingdom", f"unknown kingdom {inv.kingdom!r}")
        elif board.kingdoms[inv.kingdom].playable:
            r.add("invasions", f"{iid}.kingdom", f"{inv.kingdom!r} is playable, not barbarian")
        elif inv.territory in terr and terr[inv.territory].kingdom != inv.kingdom:
            r.add("invasions", f"{iid}.territory", f"{inv.territory!r} is not in {inv.kingdom!r}")
        for target in inv.targets:
            if target not in board.kingdoms or not board.kingdoms[target].playable:
                r.add("invasions", f"{iid}.targets", f"{target!r} is not a playable kingdom")
    for tid in board.setup_sites:
        _site("setup_sites", tid, tid, board, r)


def _site(section: str, key: str, tid: str, board: Board, r: _Report) -> None:
    if tid not in board.territories:
        r.add(section, key, f"unknown territory {tid!r}")
    elif not board.territories[tid].site:
        r.add(section, key, f"{tid!r} has no settlement site")


def _reachable(board: Board, r: _Report) -> None:
    parts = sorted(board.components(), key=len, reverse=True)
    for part in parts[1:]:
        where = "territories" if any(p in board.territories for p in part) else "seas"
        r.add(where, sorted(part)[0], f"unreachable region, cut off from the rest: {', '.join(sorted(part))}")


# ---- decks and tables ---------------------------------------------------------------------------
def _cards(data: DataSet, r: _Report) -> None:
    techs = data.technologies
    for cid, card in data.cards.items():
        r.known("cards", f"{cid}.requires_any", card.requires_any, techs, "technology")
        r.known("cards", f"{cid}.requires_all", card.requires_all, techs, "technology")
        r.known("cards", f"{cid}.ladder", card.ladder, techs, "technology")
        r.known("cards", f"{cid}.params.trees", card.params.get("trees", ()), data.trees, "tree")
        opened = [k.removeprefix("categories_with_") for k in card.params if k.startswith("categories_with_")]
        r.known("cards", f"{cid}.params.categories_with_*", opened, techs, "technology")
    deck = data.empire_deck
    for cid, copies in deck.counts.items():
        if cid not in data.cards:
            r.add("empire_deck", f"counts.{cid}", f"unknown card {cid!r}")
        if len(copies) != len(deck.players):
            r.add(
                "empire_deck", f"counts.{cid}", f"{len(copies)} counts for {len(deck.players)} player numbers"
            )
    for cid in data.cards:
        if cid not in deck.counts:
            r.add("empire_deck", "counts", f"card {cid!r} is not in the deck table")
    if len(deck.totals) != len(deck.players):
        r.add("empire_deck", "totals", f"{len(deck.totals)} totals for {len(deck.players)} player numbers")
    for column, (players, total) in enumerate(zip(deck.players, deck.totals, strict=False)):
        counted = sum(c[column] for c in deck.counts.values() if column < len(c))
        if counted != total:
            r.add("empire_deck", "totals", f"{players} players: the counts add up to {counted}, not {total}")


def _technologies(data: DataSet, r: _Report) -> None:
    costs = data.technology_rules.costs
    for tid, tech in data.technologies.items():
        if tech.tree not in data.trees:
            r.add("technologies", f"{tid}.tree", f"unknown tree {tech.tree!r}")
        if tech.level <= len(costs) and tech.cost != costs[tech.level - 1]:
            r.add(
                "technologies",
                f"{tid}.cost",
                f"level {tech.level} costs {costs[tech.level - 1]}, not {tech.cost}",
            )
        for pre in tech.prereqs:
            other = data.technologies.get(pre)
            if other is None:
                r.add("technologies", f"{tid}.prereqs", f"unknown technology {pre!r}")
            elif other.tree != tech.tree or other.level >= tech.level:
                r.add(
                    "technologies", f"{tid}.prereqs", f"{pre!r} is not an earlier step of tree {tech.tree!r}"
                )


def _calamities(data: DataSet, r: _Report) -> None:
    rules = data.calamity_rules
    seen: dict[tuple[str, int], str] = {}
    for cid, cal in data.calamities.items():
        if cal.group not in rules.groups:
            r.add("calamities", f"{cid}.group", f"unknown group {cal.group!r}")
        if not 1 <= cal.entry <= rules.entry_die:
            r.add("calamities", f"{cid}.entry", f"not a result of 1d{rules.entry_die}")
        if (cal.group, cal.entry) in seen:
            r.add("calamities", f"{cid}.entry", f"same table entry as {seen[cal.group, cal.entry]!r}")
        seen[cal.group, cal.entry] = cid
    for group in rules.groups:
        for entry in range(1, rules.entry_die + 1):
            if (group, entry) not in seen:
                r.add("calamities", "", f"no calamity for group {group} entry {entry}")
    picked = sorted(n for results in rules.groups.values() for n in results)
    if picked != list(range(1, rules.group_die + 1)):
        r.add("calamity_rules", "groups", f"the groups must share out 1..{rules.group_die} exactly once")


def _events(data: DataSet, r: _Report) -> None:
    board = data.board
    for eid, card in data.events.items():
        r.known("events", f"{eid}.areas", card.areas, board.territories, "territory")
        r.known("events", f"{eid}.relic_sites", card.relic_sites, board.territories, "territory")
        r.known("events", f"{eid}.icons", card.icons, data.event_kinds, "event kind")
        if board.land_zones and card.land_zone not in board.land_zones:
            r.add("events", f"{eid}.land_zone", f"unknown land zone {card.land_zone}")
        if card.grail and len(card.relic_sites) != 8:
            r.add("events", f"{eid}.relic_sites", "a Grail card needs 8 relic sites (1d8, L1074)")


def _objectives(data: DataSet, r: _Report) -> None:
    board = data.board
    for oid, card in data.objectives.items():
        kingdom = board.kingdoms.get(card.kingdom)
        if kingdom is None or not kingdom.playable:
            r.add("objectives", f"{oid}.kingdom", f"{card.kingdom!r} is not a playable kingdom")
        seen: set[str] = set()
        for colour, ids in (("green", card.green), ("yellow", card.yellow), ("red", card.red)):
            r.known("objectives", f"{oid}.{colour}", ids, board.territories, "territory")
            if len(ids) != 7:
                r.add("objectives", f"{oid}.{colour}", f"{len(ids)} territories, not 7 (L2406)")
            for tid in set(ids) & seen:
                r.add("objectives", f"{oid}.{colour}", f"{tid!r} is on the card twice")
            seen |= set(ids)
        if kingdom is not None and set(card.green) != set(board.territories_of(card.kingdom)):
            r.add("objectives", f"{oid}.green", f"not the starting territories of {card.kingdom!r}")


def _trade(data: DataSet, r: _Report) -> None:
    board = data.board
    r.known(
        "goods", "craft", (g.craft for g in data.goods.values() if g.craft), data.technologies, "technology"
    )
    for mid, market in data.markets.items():
        _site("markets", f"{mid}.territory", market.territory, board, r)
        r.known("markets", f"{mid}.prices", market.prices, data.goods, "good")
        for good in data.goods:
            if good not in market.prices:
                r.add("markets", f"{mid}.prices", f"no price for {good!r}")
    for zone, table in data.zone_prices.items():
        if board.land_zones and zone not in board.land_zones:
            r.add("zone_prices", str(zone), f"unknown land zone {zone}")
        r.known("zone_prices", f"{zone}.prices", table.prices, data.goods, "good")
    priced = {m.territory for m in data.markets.values()}
    for tid, terr in board.territories.items():
        if terr.site and tid not in priced and terr.land_zone not in data.zone_prices:
            r.add(
                "zone_prices", "", f"settlement {terr.settlement!r} ({tid}) has no market and no zone prices"
            )


def _pieces(data: DataSet, r: _Report) -> None:
    for bid, building in data.buildings.items():
        r.known("buildings", f"{bid}.requires_all", building.requires_all, data.technologies, "technology")
        if building.category not in ("civil", "fortification", "religious", "commercial"):
            r.add("buildings", f"{bid}.category", f"unknown category {building.category!r}")
    lines: dict[tuple[str, int], str] = {}
    for bid, building in data.buildings.items():
        if building.category in ("civil", "fortification"):
            if (building.category, building.level) in lines:
                r.add(
                    "buildings", f"{bid}.level", f"same level as {lines[building.category, building.level]!r}"
                )
            lines[building.category, building.level] = bid
    for tid, site in data.board.setup_sites.items():
        kind = data.buildings.get(site.fortification or "")
        if site.fortification is not None and (kind is None or kind.category != "fortification"):
            r.add("setup_sites", f"{tid}.fortification", f"{site.fortification!r} is not a fortification")
    for tid, transport in data.transports.items():
        r.known("transports", f"{tid}.requires_all", transport.requires_all, data.technologies, "technology")
    classes = {*(t.kind for t in data.transports.values()), "siege", "captain"}
    names = data.purchase_rules.piece_names
    for missing in sorted(classes - set(names)):
        r.add("purchase_rules", "piece_names", f"no names for {missing!r} pieces")
    for extra in sorted(set(names) - classes):
        r.add("purchase_rules", f"piece_names.{extra}", "not a transport kind, 'siege' or 'captain'")
    for line in data.purchase_rules.free_upgrade_line.values():
        if line not in ("civil", "fortification"):
            r.add("purchase_rules", "free_upgrade_line", f"{line!r} is not civil or fortification")
    for sid, engine in data.siege_engines.items():
        r.known("siege_engines", f"{sid}.requires_all", engine.requires_all, data.technologies, "technology")
    for level, captain in data.captains.items():
        r.known("captains", f"{level}.requires_all", captain.requires_all, data.technologies, "technology")
        if captain.level != level:
            r.add("captains", f"{level}.level", f"level {captain.level} under key {level}")


LOAD_KINDS = ("armies", "land_transport", "goods", "siege")  # what the movement calculator loads


def _movement(data: DataSet, r: _Report) -> None:
    """Every terrain has a land cost, kinds named are transport kinds, every cargo has a load cost."""
    rules = data.movement_rules
    for terrain in Terrain:
        for table in ("terrain_pm", "rough_landing_pm"):
            if terrain not in getattr(rules, table):
                r.add("movement_rules", table, f"no cost for {terrain.value!r}")
    kinds = {t.kind for t in data.transports.values()}
    for kind in rules.terrain_pm_by_kind:
        if kind not in kinds:
            r.add("movement_rules", f"terrain_pm_by_kind.{kind}", "not a transport kind")
    for missing in sorted(set(LOAD_KINDS) - set(rules.load_pm)):
        r.add("movement_rules", "load_pm", f"no cost for {missing!r}")
    for extra in sorted(set(rules.load_pm) - set(LOAD_KINDS)):
        r.add("movement_rules", f"load_pm.{extra}", f"not one of {', '.join(LOAD_KINDS)}")


DIPLOMATIC_ACTS = {"pact": True, "alliance": True, "war": False, "peace": False}  # act -> revocable


def _diplomacy(data: DataSet, r: _Report) -> None:
    """The four acts of the table (L574), pacts and alliances with a revoke column, the others without."""
    for act, revocable in DIPLOMATIC_ACTS.items():
        row = data.diplomatic_acts.get(act)
        if row is None:
            r.add("diplomatic_acts", act, "missing: the table has pact, alliance, war and peace (L574)")
            continue
        has_revoke = row.same_revoke is not None and row.different_revoke is not None
        if has_revoke != revocable:
            r.add("diplomatic_acts", act, "needs revoke cells" if revocable else "cannot be revoked")
    for act in data.diplomatic_acts:
        if act not in DIPLOMATIC_ACTS:
            r.add("diplomatic_acts", act, f"unknown act; the table has {', '.join(DIPLOMATIC_ACTS)}")


def _setup(data: DataSet, r: _Report) -> None:
    sold = {*data.transports, *data.siege_engines, *(f"captain_{level}" for level in data.captains)}
    for item in data.setup_rules.starting_pieces:
        if item not in sold:
            r.add("setup_rules", "starting_pieces", f"unknown piece {item!r}")
