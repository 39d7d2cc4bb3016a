"""A deal of Five Hundred as written by a lesson's author: the value a hand file holds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from tutor.engine.auction import Call
from tutor.engine.cards import Card, Suit
from tutor.engine.decision import LessonDecision
from tutor.engine.piles import TablePiles
from tutor.engine.play import Play
from tutor.engine.rules import RuleSet, preset
from tutor.engine.seats import Seat

__all__ = ["LEVELS", "Hand", "KittyClaim", "NoteClaim", "RulesSpec"]


@dataclass(frozen=True)
class RulesSpec:
    """How a hand file names its rules: a preset and the settings it overrides."""

    preset: str
    overrides: Mapping[str, object] = field(default_factory=dict)

    def resolve(self) -> RuleSet:
        return preset(self.preset, self.overrides)


#: The stages of the learning path, in the order a teacher takes them (the rules, trumps and
#: bowers, the joker, the bidding, defence, then no-trumps and misère, the other tables, and the
#: end of a game last), with the heading each has in a lesson index. Which stage a lesson
#: belongs to follows from its topics (``stage_of`` in :mod:`tutor.teach.topics`).
LEVELS: dict[str, str] = {
    "start": "Start here: the rules",
    "trumps": "Trumps and bowers",
    "joker": "The joker",
    "bidding": "Bidding and the kitty",
    "defence": "Defence",
    "no-trumps": "No-trumps",
    "misere": "Misère",
    "tables": "Other tables",
    "game-end": "The end of a game",
}


@dataclass(frozen=True)
class NoteClaim:
    """What a card's note claims about the card, for the solver to verify (``tutor check``).

    ``best``: the card was a best card (``True``) or cost tricks (``False``); ``cost``: exactly how
    many tricks it cost against best play; ``only``: it was the only best card among the legal
    plays (every other card would have cost tricks).
    """

    best: bool | None = None
    cost: int | None = None
    only: bool = False
    #: Single-dummy (``tutor check`` verifies both with the seat's view of the cards): the
    #: percent of weighted layouts in which the card makes the contract (for a defender: sets
    #: it), and that no other legal card has a higher chance.
    make: int | None = None
    best_chance: bool = False

    @property
    def double_dummy(self) -> bool:
        """Whether the claim says anything the double-dummy solver verifies."""
        return self.best is not None or self.cost is not None or self.only


@dataclass(frozen=True)
class KittyClaim:
    """A note's claim about the kitty, as one seat sees it before the kitty is turned: the chance,
    as a whole percent, that the kitty brings ``at_least`` of the cards asked for (a suit as the
    cards count in the hand's contract, ``"trumps"`` for the contract's trump suit, or the cards
    in ``any_of``), every kitty drawn from the cards the seat cannot see equally likely."""

    seat: Seat
    percent: int
    at_least: int = 1
    suit: Suit | Literal["trumps"] | None = None
    any_of: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Hand:
    """One deal: the cards, the auction, the discards, the tricks and the author's notes."""

    title: str
    rules_spec: RulesSpec
    dealer: Seat
    hands: Mapping[Seat, tuple[Card, ...]]
    kitty: tuple[Card, ...]
    auction: tuple[Call, ...]
    discard: tuple[Card, ...] | None = None
    joker: Suit | None = None
    play: tuple[tuple[Play, ...], ...] = ()
    notes: Mapping[str, str] = field(default_factory=dict)
    tags: tuple[str, ...] = ()
    summary: str | None = None
    #: The lesson's place on the learning path: its stage (a key of :data:`LEVELS`) and its
    #: number along the whole path (1 is the first lesson).
    level: str | None = None
    order: int | None = None
    partner: Card | Seat | Literal["alone"] | None = None
    """Five-handed: the card the contractor calls, the player named, or ``"alone"``."""
    # Extensions of the hand-file format (West Seventh Street):
    #: Grand nullo: the five cards the nullo bidder puts away after taking partner's discards.
    partner_discard: tuple[Card, ...] | None = None
    #: Grand slam: the one card partner gives the contractor after the kitty is taken.
    grand_slam: Card | None = None
    # Extension of the hand-file format (the two-handed game):
    #: Each player's five piles on the table, a face-up card on a face-down one.
    piles: Mapping[Seat, TablePiles] | None = None
    # What best play achieves, for the solver to verify (``tutor check``):
    #: The contractor's side's tricks with best play by everyone after the discard.
    par: int | None = None
    #: Claims about single cards, keyed like the notes they sit on (``"3.2"``).
    claims: Mapping[str, NoteClaim] = field(default_factory=dict)
    #: Claims about the kitty's odds, keyed like the notes they sit on (``"intro"``).
    kitty_claims: Mapping[str, tuple[KittyClaim, ...]] = field(default_factory=dict)
    #: The question the lesson asks before it shows what was done (the bid, the discard, a card).
    decision: LessonDecision | None = None

    @property
    def rules(self) -> RuleSet:
        return self.rules_spec.resolve()

    def note(self, key: str) -> str | None:
        return self.notes.get(key)
