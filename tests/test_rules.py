"""Presets as data, and every Cardzo setting with its default and range."""

from __future__ import annotations

import pytest

from tutor.engine.cards import PACKS, Card, CardError, Joker, Rank, Suit, SuitedCard
from tutor.engine.rules import PRESET_NAMES, SETTINGS, RulesError, preset

# --- packs ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "size", "jokers", "lowest"),
    [("43", 43, 1, {"S": "5", "C": "5", "D": "4", "H": "4"}),
     ("33", 33, 1, {"S": "7", "C": "7", "D": "7", "H": "7"}),
     ("45", 45, 1, {"S": "4", "C": "4", "D": "4", "H": "4"}),
     ("46", 46, 2, {"S": "4", "C": "4", "D": "4", "H": "4"}),
     ("53", 53, 1, {"S": "2", "C": "2", "D": "2", "H": "2"}),
     ("63", 63, 1, {"S": "2", "C": "2", "D": "2", "H": "2"})],
)
def test_packs(name: str, size: int, jokers: int, lowest: dict[str, str]) -> None:
    pack = PACKS[name]
    assert len(pack) == size
    assert len(set(pack.cards)) == size
    assert sum(isinstance(c, Joker) for c in pack.cards) == jokers
    for suit_text, low in lowest.items():
        suit = Suit.parse(suit_text)
        ranks = [c.rank for c in pack.cards if isinstance(c, SuitedCard) and c.suit is suit]
        assert min(r.order for r in ranks) == Rank.parse(low).order
        assert Rank.ACE in ranks


def test_the_63_card_pack_has_11s_12s_and_red_13s() -> None:
    pack = PACKS["63"]
    for card in ("11S", "12C", "13D", "13H"):
        assert Card.parse(card) in pack
    assert Card.parse("13S") not in pack
    assert Rank.parse("13").order < Rank.JACK.order  # "rank above 10 and below face cards"


@pytest.mark.parametrize("pack", sorted(PACKS))
def test_every_card_round_trips(pack: str) -> None:
    for card in PACKS[pack].cards:
        assert Card.parse(str(card)) == card
        assert repr(card) == f"Card.parse({str(card)!r})"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("10H", "10H"), ("TH", "10H"), ("th", "10H"), ("jd", "JD"), ("J♦", "JD"), ("a♠", "AS"),
     ("Jo", "Jo"), ("JO", "Jo"), ("joker", "Jo"), ("Jo2", "Jo2"), (" 5c ", "5C")],
)
def test_card_notation(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("text", ["", "H", "1H", "10X", "JJ", "Jo3", "10"])
def test_bad_card_notation(text: str) -> None:
    with pytest.raises(CardError, match="cannot read card"):
        Card.parse(text)


# --- presets ----------------------------------------------------------------------------------

PRESET_TABLE = [
    # setting, australian, avondale, american
    ("auction", "australian", "one-round", "one-round"),
    ("first_leader", "contractor", "left-of-dealer", "contractor"),
    ("misere", True, False, True),
    ("misere_ranks_above", "7NT", "7NT", "8S"),
    ("open_misere", True, False, False),
    ("joker_nomination", True, False, False),
    ("joker_compulsory_in_misere", True, False, False),
    ("misere_needs_joker_nominated", True, False, False),
    ("slam", "minimum250", "none", "none"),
    ("defenders_score_in_misere", False, False, True),
    ("win_on_defence", False, True, True),
    ("target", 500, 500, 500),
    ("lose_at", -500, -500, -500),
    ("misere_value", 250, 250, 250),
    ("defender_trick_value", 10, 10, 10),
    ("lowest_bid", 6, 6, 6),
    ("pack", "43", "43", "43"),
    ("kitty_size", 3, 3, 3),
]


@pytest.mark.parametrize(("setting", "australian", "avondale", "american"), PRESET_TABLE)
def test_presets(setting: str, australian: object, avondale: object, american: object) -> None:
    for name, expected in (("australian", australian), ("avondale", avondale), ("american", american)):
        assert getattr(preset(name), setting) == expected, name


def test_presets_include_the_named() -> None:
    # the four-handed presets, the tables for three, five and six players, and the later
    # four-handed presets (rules page: New Zealand, Canadian, West Seventh Street)
    named = {"australian", "avondale", "american", "three-handed", "five-handed", "six-handed",
             "new-zealand", "canadian", "west-seventh-street"}
    assert named <= set(PRESET_NAMES)


# Cardzo: each setting's default and range.
CARDZO = [
    ("target", 500, 300, 1500, 50),
    ("lose_at", -500, -1500, -200, 50),
    ("misere_value", 250, 100, 500, 50),
    ("defender_trick_value", 10, 0, 20, 5),
]


@pytest.mark.parametrize(("name", "default", "low", "high", "step"), CARDZO)
def test_cardzo_ranges(name: str, default: int, low: int, high: int, step: int) -> None:
    assert getattr(preset("australian"), name) == default
    s = SETTINGS[name]
    assert (s.minimum, s.maximum, s.step) == (low, high, step)
    for ok in (low, high, low + step):
        assert getattr(preset("australian", {name: ok}), name) == ok
    for bad in (low - step, high + step, low + 1):
        with pytest.raises(RulesError, match=f"setting {name} cannot be"):
            preset("australian", {name: bad})


def test_cardzo_choices() -> None:
    assert SETTINGS["lowest_bid"].choices == (6, 7)  # "Six tricks. Two options"
    assert SETTINGS["slam"].choices == ("minimum250", "none", "plus250")  # "Three options"
    assert SETTINGS["defenders_score_in_misere"].choices == (True, False)
    assert preset("australian").defenders_score_in_misere is False  # "Default: off."


@pytest.mark.parametrize(
    ("overrides", "setting", "value"),
    [({"slam_bonus": False}, "slam", "none"), ({"slam_bonus": "off"}, "slam", "none"),
     ({"slam": True}, "slam", "minimum250"), ({"play_to": 1000}, "target", 1000),
     ({"defenders_per_trick": 5}, "defender_trick_value", 5), ({"lowest-bid": 7}, "lowest_bid", 7)],
)
def test_aliases(overrides: dict[str, object], setting: str, value: object) -> None:
    assert getattr(preset("australian", overrides), setting) == value


@pytest.mark.parametrize(
    ("name", "overrides", "message"),
    [("bridge", {}, "unknown rules preset 'bridge'"),
     ("australian", {"trumps": "H"}, "unknown setting 'trumps'"),
     ("australian", {"target": "500"}, "must be a whole number"),
     ("australian", {"misere": "yes"}, "expected one of on, off"),
     ("australian", {"lowest_bid": 8}, "expected one of 6, 7"),
     ("australian", {"target": True}, "must be a whole number")],
)
def test_bad_rules(name: str, overrides: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        preset(name, overrides)


def test_differences_name_only_what_changed() -> None:
    assert preset("australian", {"slam": "none", "target": 500}).differences() == {"slam": "none"}
