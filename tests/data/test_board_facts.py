"""The shipped data set keeps every fact the seeds give (digest part 4, §4; seed 002 lines cited)."""

from __future__ import annotations

import pytest

from adjudicator.core.dice import Dice
from adjudicator.orders.names import fold
from adjudicator.rulesets.medioevo.board import KingdomSize, Religion
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState

DATA = default_dataset()
BOARD = DATA.board


def tid(name: str) -> str:
    """The territory called ``name``, or the one whose settlement is called so."""
    for ident, terr in BOARD.territories.items():
        if fold(terr.name) == fold(name):
            return ident
    for ident, terr in BOARD.territories.items():
        if terr.settlement and fold(terr.settlement) == fold(name):
            return ident
    raise AssertionError(f"{name} is not on the board")


def borders(a: str, b: str) -> bool:
    return tid(b) in BOARD.territories[tid(a)].borders


# 002 L594-598 (religions), L367 and L699-708 (the ten playable kingdoms).
PLAYABLE = {
    "holy_roman_empire": Religion.CATHOLIC,
    "hungary": Religion.CATHOLIC,
    "france": Religion.CATHOLIC,
    "castile": Religion.CATHOLIC,
    "england": Religion.CATHOLIC,
    "byzantium": Religion.ORTHODOX,
    "novgorod": Religion.ORTHODOX,
    "mamluks": Religion.MUSLIM,
    "hafsids": Religion.MUSLIM,
    "golden_horde": Religion.TENGRI_BUDDHIST,
}


def test_the_ten_playable_kingdoms_with_their_religions_and_seven_home_territories() -> None:
    """002 L594-598, L405-410, L994: a starting kingdom is Major, at most 7 territories."""
    assert set(BOARD.playable_kingdoms()) == set(PLAYABLE)
    for kid, religion in PLAYABLE.items():
        kingdom = BOARD.kingdoms[kid]
        assert kingdom.religion is religion, kid
        assert kingdom.size is KingdomSize.MAJOR
        assert len(BOARD.territories_of(kid)) == 7, kid


def test_kingdom_compositions_the_seeds_state() -> None:
    """Il Khanato L1306-1308; Boemia L2770; Sultanato di Rum L2298; sizes L405-410."""
    khanate = BOARD.territories[tid("Persia")].kingdom
    assert {BOARD.territories[t].name for t in BOARD.territories_of(khanate)} == {
        "Persia",
        "Mesopotamia",
        "Armenia",
        "Caucaso",
    }
    assert BOARD.kingdoms[khanate].size is KingdomSize.MINOR
    bohemia = BOARD.territories[tid("Boemia")].kingdom
    assert {BOARD.territories[t].name for t in BOARD.territories_of(bohemia)} == {"Boemia", "Stiria"}
    assert BOARD.kingdoms[bohemia].size is KingdomSize.SMALL
    assert BOARD.territories[tid("Cappadocia")].kingdom == BOARD.territories[tid("Paflagonia")].kingdom


def test_every_kingdom_size_class_matches_its_territory_count() -> None:
    """002 L405-410: Major 7, Great 5-6, Minor 3-4, Small 1-2."""
    expected = {7: KingdomSize.MAJOR, 6: KingdomSize.LARGE, 5: KingdomSize.LARGE, 4: KingdomSize.MINOR}
    expected |= {3: KingdomSize.MINOR, 2: KingdomSize.SMALL, 1: KingdomSize.SMALL}
    for kid, kingdom in BOARD.kingdoms.items():
        assert kingdom.size is expected[len(BOARD.territories_of(kid))], kid


def test_barbarian_kingdoms_named_in_the_seeds_are_on_the_board() -> None:
    """002 L1643-1645, L1160, L2298, L3230."""
    names = {fold(k.name) for k in BOARD.kingdoms.values() if not k.playable}
    for wanted in (
        "Aragona",
        "Scozia",
        "Danimarca",
        "Teutonici",
        "Boemia",
        "Milano",
        "Firenze",
        "Genova",
        "Venezia",
        "Arborea",
        "Serbia",
        "Khanato",
        "Merinide",
        "Sicilia",
        "Rum",
        "Almohade",
        "Svezia",
        "Rostov",
    ):
        assert any(fold(wanted) in n for n in names), wanted


def test_the_eight_russian_principalities() -> None:
    """002 L899, L990: Kiev, Turov, Cernigov, Polotsk, Smelensk, Rostov, Murom/Ryazan', Vladimir."""
    flagged = {t for t, terr in BOARD.territories.items() if terr.russian_principality}
    named = {tid(n) for n in ("Kiev", "Turov", "Cernigov", "Polotsk", "Smelensk", "Rostov", "Vladimir")}
    assert len(flagged) == 8
    assert named <= flagged
    (murom,) = flagged - named
    assert "murom" in fold(BOARD.territories[murom].name) or "ryazan" in fold(BOARD.territories[murom].name)


@pytest.mark.parametrize(
    ("a", "b", "lines"),
    [
        ("Mesopotamia", "Armenia", "L1128-1132"),
        ("Armenia", "Cappadocia", "L1214-1222"),
        ("Cappadocia", "Paflagonia", "L1214-1222"),
        ("Paflagonia", "Bitinia", "L1214-1222"),
        ("Paflagonia", "Ponto", "L2296-2298"),
        ("Paflagonia", "Cilicia", "L2296-2298"),
        ("Georgia", "Circassia", "L2288-2290"),
        ("Armenia", "Ponto", "L2687"),
        ("Ponto", "Georgia", "L2687"),
        ("Bitinia", "Licia", "L2584"),
        ("Costantinopoli", "Misia", "L1236"),
        ("Costantinopoli", "Macedonia", "L1236"),
        ("Costantinopoli", "Dobrugia", "L1236"),
        ("Misia", "Bitinia", "L1238"),
        ("Misia", "Licia", "L1238"),
        ("Misia", "Lidia", "L1238"),
        ("Macedonia", "Tessaglia", "L1238"),
        ("Macedonia", "Albania", "L1238"),
        ("Macedonia", "Rascia", "L1238"),
        ("Macedonia", "Rumelia", "L1238"),
        ("Tessaglia", "Peloponneso", "L2994"),
        ("Tracia", "Misia", "L2047"),
        ("Alessandria", "Cirenaica", "L1300-1302"),
        ("Alessandria", "Egitto", "L1300-1302"),
        ("Djerba", "Tripolitania", "L2053-2055"),
        ("Tripolitania", "Leptis Magna", "L2053-2055"),
        ("Sicilia", "Napoli", "L3230-3232"),
    ],
)
def test_adjacency_facts_of_the_seeds(a: str, b: str, lines: str) -> None:
    assert borders(a, b), f"{a} - {b} ({lines})"
    assert borders(b, a)


def test_straits_and_rivers_the_seeds_name() -> None:
    """Bosforo L1236, Dardanelli L2047 and L1434; Alessandria-Egitto across a river L1300-1302."""
    straits = {fold(s.name): frozenset(s.shores) for s in BOARD.straits.values()}
    assert straits[fold("Bosforo")] == {tid("Costantinopoli"), tid("Misia")}
    assert straits[fold("Dardanelli")] == {tid("Tracia"), tid("Misia")}
    river_borders = {frozenset(p) for r in BOARD.rivers.values() for p in r.borders}
    assert frozenset((tid("Alessandria"), tid("Egitto"))) in river_borders


def test_rodi_is_an_island_and_bessarabia_touches_hungary() -> None:
    """002 L2994 (Rodi), L1228 (Bessarabia borders the Kingdom of Hungary)."""
    assert BOARD.territories[tid("Rodi")].island
    assert BOARD.territories[tid("Bessarabia")].kingdom == "golden_horde"
    assert any(
        BOARD.territories[o].kingdom == "hungary" for o in BOARD.territories[tid("Bessarabia")].borders
    )


def test_banato_is_within_two_steps_of_the_hungarian_lands() -> None:
    """002 L1226: Slovacchia, Bihar, Transilvania, Slavonia, Croazia and Pest within radius 2 of Banato."""
    for name in ("Slovacchia", "Bihar", "Transilvania", "Slavonia", "Croazia", "Pest"):
        distance = BOARD.land_distance(tid("Banato"), tid(name))
        assert distance is not None and distance <= 2, name


def test_a_sea_zone_west_of_the_peloponnese_has_eight_neighbours() -> None:
    """002 L1422-1434: it borders the Golfo di Taranto, Tessaglia and the Peloponneso among 8."""
    taranto = next(s for s, z in BOARD.seas.items() if fold(z.name) == fold("Golfo di Taranto"))
    west = [
        s
        for s, z in BOARD.seas.items()
        if taranto in z.borders
        and tid("Peloponneso") in BOARD.coast(s)
        and tid("Tessaglia") in BOARD.coast(s)
    ]
    assert west
    zone = BOARD.seas[west[0]]
    assert len(zone.borders) + len(BOARD.coast(west[0])) == 8


def test_kingdom_choice_contiguity_examples() -> None:
    """002 L355 and L3236: the kingdoms each example offers are contiguous to the first choice (R8)."""
    for first, offered in (
        ("holy_roman_empire", ("hungary", "novgorod", "france")),
        ("hungary", ("novgorod", "golden_horde", "byzantium")),
        ("byzantium", ("hungary", "mamluks", "golden_horde")),
    ):
        for kid in offered:
            assert BOARD.kingdoms_contiguous(first, kid), (first, kid)


def test_invasion_entries() -> None:
    """002 L1160: entry territories and the kingdoms they march on."""
    by_territory = {BOARD.territories[i.territory].name: set(i.targets) for i in BOARD.invasions.values()}
    assert by_territory["Mesopotamia"] == {"mamluks", "byzantium", "golden_horde"}
    assert by_territory["Rostov"] == {"novgorod", "hungary", "golden_horde"}
    assert by_territory["Mauritania"] == {"castile", "hafsids"}
    assert by_territory["Norrland"] == {"novgorod", "holy_roman_empire"}
    assert by_territory["Highlands"] == {"england", "france"}


def test_costantinopoli_gets_a_castle_and_kiev_stays_empty_at_setup() -> None:
    """002 L383-384: capitals get a town and a fort, Costantinopoli a castle, Kiev nothing."""
    rules = MedioevoRuleset()
    state, _ = rules.initial_state(
        "g", ("byzantium", "hungary", "golden_horde"), {"kingdoms": {}}, Dice(b"seed", "setup")
    )
    assert isinstance(state, MedioevoState)
    kiev, cpl = state.territories[tid("Kiev")], state.territories[tid("Costantinopoli")]
    assert BOARD.territories[tid("Kiev")].site and kiev.buildings == ()
    assert "castle" in cpl.buildings and "fort" not in cpl.buildings
    buda = state.territories[tid("Pest")]
    assert "town" in buda.buildings and "fort" in buda.buildings


def test_empire_deck_counts_add_up_to_the_table_totals() -> None:
    """002 L2788-2842: 48 cards; totals 76/83/111/131/166/173/209/216 for 3 to 10 players."""
    deck = DATA.empire_deck
    assert len(DATA.cards) == 48
    assert deck.totals == (76, 83, 111, 131, 166, 173, 209, 216)
    for players, total in zip(deck.players, deck.totals, strict=True):
        assert sum(deck.deck_for(players).values()) == total
    assert deck.deck_for(3).get("carpentiere") is None
    assert deck.deck_for(10)["assassino"] == 10


def test_offensive_cards() -> None:
    """002 L764, L712: 9 printed fire icons plus the 5 lost in extraction (digest part 3, §1)."""
    offensive = {cid for cid, card in DATA.cards.items() if card.offensive}
    assert {
        "ladro",
        "inquisitore",
        "diplomatico",
        "flagellante",
        "infiltrato",
        "sicario",
        "spia",
    } <= offensive
    assert len(offensive) == 14


def test_technology_costs_levels_and_trees() -> None:
    """002 L801 (100/200/400/600 by level), L446 (LT thresholds), L448 (7 trees), L2848-3188 (42)."""
    assert DATA.technology_rules.costs == (100, 200, 400, 600)
    assert DATA.technology_rules.lt_thresholds == (8, 16)
    assert len(DATA.technologies) == 42
    assert len(DATA.trees) == 7
    for tech in DATA.technologies.values():
        assert tech.cost == (100, 200, 400, 600)[tech.level - 1]
    assert sum(1 for t in DATA.technologies.values() if t.level == 4) == 10
    assert DATA.technologies["teologia"].prereqs == ("monoteismo",)


def test_calamity_table() -> None:
    """002 L1100-1112: 1d4 picks the group, 1d8 the calamity; B8 is roll again."""
    table = {(c.group, c.entry): c.name for c in DATA.calamities.values()}
    assert table["a", 1] == "Alluvione"
    assert table["a", 8] == "Siccità"
    assert table["b", 7] == "Crociata"
    assert len(table) == 16


# digest part 4, §4.3 (seed 002 L1098-3300): every territory or settlement the rulebook names.
SEED_PLACES = (
    *[
        "Cirenaica",
        "Marmarica",
        "Egitto",
        "Sinai",
        "Giudea",
        "Gerusalemme",
        "Palestina",
        "Siria",
        "Antiochia",
    ],
    *[
        "Alessandria",
        "Damasco",
        "Cappadocia",
        "Paflagonia",
        "Ponto",
        "Cilicia",
        "Armenia",
        "Georgia",
        "Circassia",
    ],
    *[
        "Caucaso",
        "Trebisonda",
        "Persia",
        "Mesopotamia",
        "Costantinopoli",
        "Bitinia",
        "Misia",
        "Licia",
        "Lidia",
    ],
    *[
        "Macedonia",
        "Tessaglia",
        "Peloponneso",
        "Albania",
        "Rascia",
        "Rumelia",
        "Dobrugia",
        "Tracia",
        "Rodi",
        "Pest",
        "Buda",
    ],
    *[
        "Banato",
        "Slovacchia",
        "Bihar",
        "Transilvania",
        "Slavonia",
        "Croazia",
        "Bessarabia",
        "Caffa",
        "Lituania",
    ],
    *[
        "Francoforte",
        "Basilea",
        "Danzica",
        "Palatinato",
        "Boemia",
        "Praga",
        "Stiria",
        "Genova",
        "Venezia",
        "Milano",
    ],
    *[
        "Firenze",
        "Roma",
        "Lazio",
        "Campania",
        "Puglia",
        "Sicilia",
        "Palermo",
        "Napoli",
        "Tunisi",
        "Djerba",
        "Tripolitania",
    ],
    *[
        "Mauritania",
        "Norrland",
        "Highlands",
        "Rostov",
        "Novgorod",
        "Saraj",
        "Kiev",
        "Turov",
        "Cernigov",
        "Polotsk",
    ],
    *["Smelensk", "Vladimir"],
    "Stato della Chiesa",
    "Isola di Malta",
    "Leptis Magna",
)


@pytest.mark.parametrize("place", SEED_PLACES)
def test_every_place_the_seeds_name_is_on_the_board(place: str) -> None:
    assert tid(place) in BOARD.territories


def test_the_named_seas() -> None:
    """002 L1400, L1432: the Mediterranean and the Black Sea are named seas; the Golfo di Taranto a zone."""
    groups = {zone.sea for zone in BOARD.seas.values()}
    assert {"mediterraneo", "mar_nero"} <= groups
    assert any(fold(z.name) == fold("Golfo di Taranto") for z in BOARD.seas.values())


def test_the_contiguity_lists_follow_the_map_and_the_seed_examples() -> None:
    """R8: listed = near on the map (border, shared sea, common neighbour) + the seed's L355 pairs."""
    seed_only = {frozenset(("hungary", "novgorod"))}
    playable = BOARD.playable_kingdoms()
    for a in playable:
        for b in playable:
            if a == b:
                continue
            expected = BOARD.kingdoms_near(a, b) or frozenset((a, b)) in seed_only
            assert BOARD.kingdoms_contiguous(a, b) == expected, (a, b)


@pytest.mark.parametrize(
    ("place", "terrain", "lines"),
    [
        ("Pest", "plain", "L1118"),
        ("Egitto", "plain", "L1300-1302"),
        ("Cirenaica", "desert", "L1300-1302"),
        ("Alessandria", "desert", "L1300-1302"),
        *((hill, "hill", "L1236-1238") for hill in ("Misia", "Macedonia", "Bitinia", "Licia", "Lidia")),
        *((hill, "hill", "L1236-1238") for hill in ("Albania", "Rascia", "Rumelia")),
        ("Boemia", "forest", "L1318"),
        ("Francoforte", "forest", "L1328"),
        ("Leptis Magna", "desert", "L3240"),
    ],
)
def test_terrain_hints_of_the_seeds(place: str, terrain: str, lines: str) -> None:
    assert BOARD.territories[tid(place)].terrain.value == terrain, lines


def test_the_kingdom_of_sicily_is_reachable_by_sea_and_borders_napoli() -> None:
    """002 L3230-3232: the Mamluks reach the Regno di Sicilia by sea; Sicilia borders Napoli."""
    sicily = BOARD.territories[tid("Sicilia")].kingdom
    coasts = {s for t in BOARD.territories_of(sicily) for s in BOARD.territories[t].seas}
    mamluk_coasts = {s for t in BOARD.territories_of("mamluks") for s in BOARD.territories[t].seas}
    reached, frontier = set(mamluk_coasts), list(mamluk_coasts)
    while frontier:
        for nxt in BOARD.seas[frontier.pop()].borders:
            if nxt not in reached:
                reached.add(nxt)
                frontier.append(nxt)
    assert coasts & reached
    assert borders("Sicilia", "Napoli")
