"""How a score sheet words its settings and numbers: labels as on Cardzo's sheet, −500 with a
true minus, +180 for points. Plain functions of values; :mod:`tutor.views.sheet.model` uses them."""

from __future__ import annotations

from tutor.engine.auction import Bid, BidKind, Strain
from tutor.engine.rules import RuleSet
from tutor.engine.scoring import minus as num
from tutor.engine.scoring import signed

__all__ = ["LABELS", "QUIET", "bid_text", "num", "setting_words", "show", "signed", "value_words"]

LABELS = {
    "target": "Play to",
    "lose_at": "Lose at minus",
    "slam": "Taking all ten tricks",
    "misere_value": "Misère is worth",
    "defender_trick_value": "Defenders score per trick",
    "defenders_score_in_misere": "Defenders score during misère",
    "misere_defenders_count": "Defenders during misère count",
    "three_handed": "Three-handed play",
    "lowest_bid": "Lowest legal bid",
    "win_on_defence": "Defenders' trick points can win",
    "defenders_cap": "Trick points cannot take a side past",
    "defenders_score": "Defenders score tricks",
    "all_pass": "When everyone passes",
    "open_misere_520": "Open misère worth 520",
    "grand_nullo": "Grand nullo",
    "grand_slam": "Grand slam",
}
#: Later settings a sheet lists only when they are not at these values (the first presets').
QUIET: dict[str, object] = {
    "defenders_cap": False, "defenders_score": "always", "all_pass": "redeal",
    "open_misere_520": False, "grand_nullo": False, "grand_slam": False,
}
_SLAM_WORDS = {
    "minimum250": "at least 250",
    "none": "the contract value",
    "plus250": "the contract value + 250",
}


def setting_words(name: str, rules: RuleSet) -> str:
    return value_words(name, getattr(rules, name))


def value_words(name: str, value: object) -> str:
    if name == "slam":
        return _SLAM_WORDS[str(value)]
    if name == "misere_defenders_count":
        return "their own tricks" if value == "their-tricks" else "the contractor's tricks"
    if name == "lowest_bid":
        return "six tricks" if value == 6 else "seven tricks"
    if name == "defenders_score":
        return {"always": "always", "when-set": "only on a set contract",
                "winner-only": "only on a set contract, and only the winner of the hand scores"
                }.get(str(value), str(value))
    if name == "all_pass":
        return "redeal" if value == "redeal" else "play at no-trumps, each side scoring its tricks"
    return show(value)


def show(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        return num(value)
    return str(value)


def bid_text(bid: Bid, symbols: bool) -> str:
    if bid.kind is not BidKind.TRICKS:
        return bid.pretty() if symbols else str(bid)
    if bid.strain is Strain.NO_TRUMPS:
        return f"{bid.tricks} no-trumps"
    return bid.pretty() if symbols else str(bid)
