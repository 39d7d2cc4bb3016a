"""Rule sets: a named preset of settings, optionally overridden by a hand or match file.

Variants are data. Every difference between tables that the engine knows about is a
field of :class:`RuleSet`; the presets in ``tutor/presets/*.toml`` fill them in, and
nothing else in the engine asks which preset is in force.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from tutor.engine.cards import PACKS, Pack, TutorError

__all__ = ["PRESET_NAMES", "SETTINGS", "RuleSet", "RulesError", "Setting", "preset"]


class RulesError(TutorError):
    """An unknown preset, an unknown setting, or a setting out of its range."""


@dataclass(frozen=True)
class Setting:
    """What a setting may hold, and what it means."""

    name: str
    help: str
    choices: tuple[object, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    step: int | None = None
    aliases: tuple[str, ...] = ()

    def check(self, value: object) -> object:
        """Return the value if allowed, else raise :class:`RulesError` saying what is allowed."""
        if self.choices is not None:
            if value in self.choices and type(value) is type(_first_of_type(self.choices, value)):
                return value
            shown = ", ".join(_show(c) for c in self.choices)
            raise RulesError(f"setting {self.name} cannot be {_show(value)}: expected one of {shown}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"setting {self.name} must be a whole number, not {_show(value)}")
        assert self.minimum is not None and self.maximum is not None
        step = self.step or 1
        if not (self.minimum <= value <= self.maximum) or (value - self.minimum) % step:
            raise RulesError(
                f"setting {self.name} cannot be {value}: expected {self.minimum} to "
                f"{self.maximum} in steps of {step}"
            )
        return value


def _first_of_type(choices: tuple[object, ...], value: object) -> object:
    for c in choices:
        if c == value and type(c) is type(value):
            return c
    return object()


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


_BOOL = (True, False)

#: Every setting, with its range. The Cardzo score-sheet settings keep Cardzo's ranges.
SETTINGS: dict[str, Setting] = {
    s.name: s
    for s in (
        Setting("pack", "which pack is dealt", tuple(PACKS)),
        Setting("players", "how many play", (2, 3, 4, 5, 6)),
        Setting("kitty_size", "cards left face down for the contractor", (2, 3, 5, 6)),
        Setting(
            "auction",
            "australian: bidding goes round until all but one have passed, and a pass is "
            "final; one-round: each player speaks once",
            ("australian", "one-round"),
        ),
        Setting(
            "first_leader",
            "who leads the first trick",
            ("contractor", "left-of-dealer"),
        ),
        Setting("lowest_bid", "the lowest number of tricks that may be bid", (6, 7)),
        Setting("misere", "whether misère (nullo) may be bid", _BOOL),
        Setting(
            "misere_ranks_above",
            "the bid that misère ranks just above on the ladder",
            ("6NT", "7NT", "8S", "8NT"),
        ),
        Setting("open_misere", "whether open misère may be bid", _BOOL),
        Setting(
            "open_misere_ranks_above",
            "the bid that open misère ranks just above on the ladder ('top' outranks 10NT)",
            ("10D", "9NT", "top"),
        ),
        Setting(
            "joker_nomination",
            "in no-trumps and misère the contractor may nominate the joker's suit before play",
            _BOOL,
        ),
        Setting(
            "joker_compulsory_in_misere",
            "in misère an un-nominated joker must be played as soon as its holder is void",
            _BOOL,
        ),
        Setting(
            "misere_needs_joker_nominated",
            "a misère contractor who keeps the joker and does not nominate it loses",
            _BOOL,
        ),
        Setting("target", "play to: the score that wins", minimum=300, maximum=1500, step=50,
                aliases=("play_to",)),
        Setting("lose_at", "lose at minus: the score that loses", minimum=-1500, maximum=-200,
                step=50),
        Setting(
            "slam",
            "taking all ten tricks: minimum250 (at least 250), none (the contract value), "
            "plus250 (the contract value and 250 more)",
            ("minimum250", "none", "plus250"),
            aliases=("slam_bonus",),
        ),
        Setting("misere_value", "misère is worth (open misère twice this)", minimum=100,
                maximum=500, step=50),
        Setting("defender_trick_value", "defenders score per trick", minimum=0, maximum=20,
                step=5, aliases=("defenders_per_trick",)),
        Setting(
            "defenders_score_in_misere",
            "on a misère hand the defenders score per trick (which tricks: misere_defenders_count)",
            _BOOL,
        ),
        Setting(
            "win_on_defence",
            "the target may be reached on defenders' trick points, not only on a made contract",
            _BOOL,
        ),
        Setting("three_handed", "each player on their own (Cardzo's three-handed play)", _BOOL),
        Setting(
            "misere_defenders_count",
            "when defenders score during misère, they count their own tricks (Cardzo) or the "
            "tricks the contractor takes (American nullo)",
            ("their-tricks", "contractor-tricks"),
        ),
        Setting(
            "partner_call",
            "five-handed: the contractor calls a partner by naming a card (card) or a player "
            "(seat, the American way)",
            ("card", "seat"),
        ),
        Setting(
            "called_card",
            "five-handed: which cards may be called: not-joker-or-bower, not-trump (no card "
            "of the trump suit, bowers and joker included), not-joker",
            ("not-joker-or-bower", "not-trump", "not-joker"),
        ),
        Setting(
            "secret_alone",
            "five-handed: calling a card the contractor holds or discarded means playing alone, "
            "secretly",
            _BOOL,
        ),
        Setting(
            "partner_revealed",
            "five-handed: the called card's holder is revealed when the card is played "
            "(when-played) or says so at once (at-once)",
            ("when-played", "at-once"),
        ),
        # The Australian variations and the American extras of the rules page.
        Setting(
            "joker_nomination_in_no_trumps",
            "with joker_nomination on, the joker may be nominated in no-trumps too (off: only in "
            "misère)",
            _BOOL,
        ),
        Setting(
            "joker_loses_power",
            "in no-trumps and misère the un-nominated joker loses its power (wins nothing) once "
            "its holder has discarded on a suit led",
            _BOOL,
        ),
        Setting(
            "joker_lead",
            "the suit a led joker may name in no-trumps and misère: not-yet-led (a suit not led "
            "before this hand; once all four have been led, only to the last trick), "
            "not-shown-void (any suit its leader has not shown void in) or unless-void (any time, "
            "any suit its leader still holds)",
            ("not-yet-led", "not-shown-void", "unless-void"),
        ),
        Setting(
            "bid_after_pass",
            "in the australian auction a player who passed may bid again; it ends when three "
            "pass in a row after a bid",
            _BOOL,
        ),
        Setting(
            "raise_final_bid",
            "the contractor may raise the winning bid once the auction is over, which opens a "
            "new round of bidding",
            _BOOL,
        ),
        Setting(
            "misere_any_time",
            "misère may be bid whenever it outranks the bid so far (off: only once someone has "
            "bid seven)",
            _BOOL,
        ),
        Setting("open_misere_520", "open misère is worth 520 (not twice misère)", _BOOL),
        Setting(
            "defenders_cap",
            "the defenders' trick points cannot take a side's total above this (off: no cap)",
            (False, 490, 460),
        ),
        Setting(
            "defenders_score",
            "when the defenders score their tricks: always, when-set (nothing when the contract "
            "is made), or winner-only (only the side that won the hand scores)",
            ("always", "when-set", "winner-only"),
        ),
        Setting(
            "all_pass",
            "when everyone passes: redeal, or no-trumps (played at no-trumps without a "
            "contractor, each side scoring per trick)",
            ("redeal", "no-trumps"),
        ),
        Setting("kitty_word", "what the table calls the kitty", ("kitty", "widow", "middle")),
        Setting("misere_word", "what the table calls misère: misère, or nullo (American)",
                ("misère", "nullo")),
        Setting(
            "deal_pattern",
            "how the cards are dealt, as the ruling of the deal says it",
            ("unstated", "australian", "american", "west-seventh-street"),
        ),
        Setting(
            "inkle",
            "a six-bid (an inkle) may be made only by the first two to call, and the hand is "
            "thrown in if no one overbids it",
            _BOOL,
        ),
        Setting(
            "informative_no_trumps",
            "the first two to call may bid 7No or 6No: no-trumps showing the joker or split "
            "bowers",
            _BOOL,
        ),
        Setting(
            "ace_no_face",
            "a player with one ace and no face card or joker may propose a redeal; partner "
            "agrees or disagrees",
            _BOOL,
        ),
        Setting(
            "grand_nullo",
            "grand nullo (worth 510, above 10H) may be bid over partner's nullo; both partners "
            "exchange five cards and play to lose every trick",
            _BOOL,
        ),
        Setting(
            "grand_slam",
            "the contractor of a suit or no-trump bid may declare grand slam after taking the "
            "kitty: partner gives one card and sits out",
            _BOOL,
        ),
    )
}

_ALIASES = {alias: s.name for s in SETTINGS.values() for alias in s.aliases}
_ALIASES.update({"play to": "target", "slam bonus": "slam"})
# YAML and score sheets write off/on for the slam option too.
_SLAM_WORDS: dict[object, str] = {False: "none", True: "minimum250", "off": "none", "on": "minimum250"}


@dataclass(frozen=True)
class RuleSet:
    """Everything the engine needs to know about how this table plays."""

    name: str
    title: str
    source: str
    pack: str
    players: int
    kitty_size: int
    auction: str
    first_leader: str
    lowest_bid: int
    misere: bool
    misere_ranks_above: str
    open_misere: bool
    open_misere_ranks_above: str
    joker_nomination: bool
    joker_compulsory_in_misere: bool
    misere_needs_joker_nominated: bool
    target: int
    lose_at: int
    slam: str
    misere_value: int
    defender_trick_value: int
    defenders_score_in_misere: bool
    win_on_defence: bool
    three_handed: bool
    misere_defenders_count: str
    partner_call: str = "card"
    called_card: str = "not-joker-or-bower"
    secret_alone: bool = False
    partner_revealed: str = "when-played"
    # Settings added later: their defaults keep the behaviour of the first presets.
    joker_nomination_in_no_trumps: bool = True
    joker_loses_power: bool = False
    joker_lead: str = "not-shown-void"
    bid_after_pass: bool = False
    raise_final_bid: bool = False
    misere_any_time: bool = True
    open_misere_520: bool = False
    defenders_cap: bool | int = False
    defenders_score: str = "always"
    all_pass: str = "redeal"
    kitty_word: str = "kitty"
    misere_word: str = "misère"
    deal_pattern: str = "unstated"
    inkle: bool = False
    informative_no_trumps: bool = False
    ace_no_face: bool = False
    grand_nullo: bool = False
    grand_slam: bool = False
    #: Settings whose value in this preset is tutor's choice, where the sources are silent or
    #: disagree, each with the sentence that says so; a ruling that depends on one says it.
    choices: tuple[tuple[str, str], ...] = ()

    def choice(self, setting: str) -> str | None:
        """Why this preset's value of ``setting`` is tutor's choice, or None if a source gives it
        (or the hand file set it)."""
        return dict(self.choices).get(setting)

    @property
    def the_pack(self) -> Pack:
        return PACKS[self.pack]

    @property
    def open_misere_value(self) -> int:
        return 520 if self.open_misere_520 else 2 * self.misere_value

    def settings(self) -> dict[str, object]:
        """The settings as a plain mapping (name, title and source left out)."""
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if f.name not in ("name", "title", "source", "choices")
        }

    def with_settings(self, overrides: Mapping[str, object]) -> RuleSet:
        """A copy with some settings changed; each is checked against its range."""
        changes: dict[str, Any] = {}
        for raw_key, raw_value in overrides.items():
            key = _ALIASES.get(raw_key, raw_key).replace("-", "_")
            key = _ALIASES.get(key, key)
            if key not in SETTINGS:
                known = ", ".join(sorted(SETTINGS))
                raise RulesError(f"unknown setting {raw_key!r}: the settings are {known}")
            value = raw_value
            if key == "slam" and value in _SLAM_WORDS:
                value = _SLAM_WORDS[value]
            changes[key] = SETTINGS[key].check(value)
        if not changes:
            return self
        # A setting the file sets is the author's, no longer tutor's choice.
        changes["choices"] = tuple((k, v) for k, v in self.choices if k not in changes)
        return dataclasses.replace(self, **changes)

    def differences(self) -> dict[str, object]:
        """The settings that differ from this rule set's preset."""
        base = preset(self.name)
        return {k: v for k, v in self.settings().items() if getattr(base, k) != v}


def _load_presets() -> dict[str, RuleSet]:
    found: dict[str, RuleSet] = {}
    folder = resources.files("tutor.engine.presets")
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".toml"))
    raw = {n[:-5]: tomllib.loads(folder.joinpath(n).read_text("utf-8")) for n in names}
    for name, data in raw.items():
        merged: dict[str, Any] = {}
        chain = [data]
        while chain[-1].get("based_on"):  # a preset may build on one that builds on another
            chain.append(raw[chain[-1]["based_on"]])
        said: dict[str, str] = {}
        for layer in reversed(chain):
            merged.update({k: v for k, v in layer.items() if k not in ("based_on", "choices")})
            said.update(layer.get("choices", {}))
        merged["name"] = name
        for key, value in merged.items():
            if key in SETTINGS:
                SETTINGS[key].check(value)
        unknown = sorted(set(said) - set(SETTINGS))
        if unknown:
            raise RulesError(f"preset {name}: [choices] names unknown settings {', '.join(unknown)}")
        # A choice holds only while the value it explains is the preset's own.
        merged["choices"] = tuple(sorted(
            (k, v) for k, v in said.items() if _chosen_here(raw, name, k)
        ))
        found[name] = RuleSet(**merged)
    return found


def _chosen_here(raw: dict[str, dict[str, Any]], name: str, setting: str) -> bool:
    """Whether the layer that explains ``setting`` as a choice is the one that sets its value
    (a preset built on another may set it again, from a source)."""
    layer = raw[name]
    while True:
        if setting in layer.get("choices", {}):
            return True
        if setting in layer:
            return False
        parent = layer.get("based_on")
        if not parent:
            return False
        layer = raw[parent]


_PRESETS = _load_presets()
PRESET_NAMES: tuple[str, ...] = tuple(_PRESETS)


def preset(name: str, overrides: Mapping[str, object] | None = None) -> RuleSet:
    """The named preset, with any overrides applied."""
    key = name.strip().lower()
    if key not in _PRESETS:
        raise RulesError(f"unknown rules preset {name!r}: expected one of {', '.join(_PRESETS)}")
    rules = _PRESETS[key]
    return rules.with_settings(overrides) if overrides else rules
