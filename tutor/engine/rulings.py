"""Rulings: what the engine decided at each step, and why, in plain words.

A ruling is produced once, by the engine, and shown as it is by every front end
(the terminal, the widget, the lesson pages, the quiz).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from tutor.engine.cards import Card
from tutor.engine.frozen import quick_init
from tutor.engine.seats import Seat

__all__ = ["LABELS", "Kind", "Ruling"]


class Kind(Enum):
    """The kinds of ruling. The value is the stable name used in JSON and on pages."""

    # the deal and the auction
    DEAL = "deal"
    BID = "bid"
    PASS = "pass"
    AUCTION_WON = "auction-won"
    THROWN_IN = "thrown-in"
    ALL_PASSED_NO_TRUMPS = "all-passed-no-trumps"
    ACE_NO_FACE = "ace-no-face"
    # the kitty
    KITTY = "kitty"
    DISCARD = "discard"
    JOKER_NOMINATED = "joker-nominated"
    PARTNER_SITS_OUT = "partner-sits-out"
    OPEN_MISERE_SHOWN = "open-misere-hand-shown"
    NULLO_EXCHANGE = "grand-nullo-exchange"
    GRAND_SLAM = "grand-slam"
    # leading and following
    LEAD = "lead"
    FIRST_LEAD = "first-lead"
    FOLLOW_SUIT = "follow-suit"
    VOID_ANY_CARD = "void-any-card"
    LEFT_BOWER_IS_TRUMP = "left-bower-is-trump"
    JOKER_IS_TRUMP = "joker-highest-trump"
    JOKER_LED_NAMES_SUIT = "joker-led-names-suit"
    JOKER_ONLY_WHEN_VOID = "joker-only-when-void"
    JOKER_NOMINATED_SUIT = "joker-in-nominated-suit"
    JOKER_COMPULSORY = "joker-compulsory"
    JOKER_LOST_POWER = "joker-lost-power"
    # winning a trick
    TRUMPED = "trumped"
    HIGHEST_OF_SUIT_LED = "highest-of-suit-led"
    JOKER_WINS = "joker-wins"
    FIRST_OF_IDENTICAL = "first-of-identical-cards"
    # the result
    CONTRACT_MADE = "contract-made"
    CONTRACT_SET = "contract-set"
    SLAM = "slam"
    MISERE_MADE = "misere-made"
    MISERE_SET = "misere-set"
    MISERE_JOKER_NOT_NOMINATED = "misere-joker-not-nominated"
    PARTIAL = "partial-hand"
    GAME_WON = "game-won"
    GAME_LOST = "game-lost"
    PARTNER_CALLED = "partner-called"
    PARTNER_REVEALED = "partner-revealed"
    PLAYS_ALONE = "plays-alone"
    # the two-handed game: table cards
    TABLE_CARD_TURNED = "table-card-turned"

    def __str__(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        """What the ruling is about, in words for a learner (the value is a name for code)."""
        return LABELS[self]


#: Each kind of ruling in words, as a heading a learner reads.
LABELS: dict[Kind, str] = {
    Kind.DEAL: "the deal",
    Kind.BID: "a bid",
    Kind.PASS: "a pass",
    Kind.AUCTION_WON: "the auction is won",
    Kind.THROWN_IN: "the hand is thrown in",
    Kind.ALL_PASSED_NO_TRUMPS: "everyone passed: no-trumps",
    Kind.ACE_NO_FACE: "ace, no face",
    Kind.KITTY: "the kitty",
    Kind.DISCARD: "the discard",
    Kind.JOKER_NOMINATED: "the joker is nominated",
    Kind.PARTNER_SITS_OUT: "partner sits out",
    Kind.OPEN_MISERE_SHOWN: "the hand laid face up",
    Kind.NULLO_EXCHANGE: "the grand nullo exchange",
    Kind.GRAND_SLAM: "a grand slam",
    Kind.LEAD: "the lead",
    Kind.FIRST_LEAD: "the first lead",
    Kind.FOLLOW_SUIT: "following suit",
    Kind.VOID_ANY_CARD: "void: any card",
    Kind.LEFT_BOWER_IS_TRUMP: "the left bower is a trump",
    Kind.JOKER_IS_TRUMP: "the joker is the highest trump",
    Kind.JOKER_LED_NAMES_SUIT: "the joker led names a suit",
    Kind.JOKER_ONLY_WHEN_VOID: "the joker only when void",
    Kind.JOKER_NOMINATED_SUIT: "the nominated joker",
    Kind.JOKER_COMPULSORY: "the joker must be played",
    Kind.JOKER_LOST_POWER: "the joker has lost its power",
    Kind.TRUMPED: "trumped",
    Kind.HIGHEST_OF_SUIT_LED: "the highest card of the suit led",
    Kind.JOKER_WINS: "the joker wins",
    Kind.FIRST_OF_IDENTICAL: "identical cards: the first wins",
    Kind.CONTRACT_MADE: "the contract is made",
    Kind.CONTRACT_SET: "the contract is set",
    Kind.SLAM: "a slam",
    Kind.MISERE_MADE: "every trick lost: made",
    Kind.MISERE_SET: "a trick taken: lost",
    Kind.MISERE_JOKER_NOT_NOMINATED: "the joker kept, not nominated",
    Kind.PARTIAL: "a partial hand",
    Kind.GAME_WON: "the game is won",
    Kind.GAME_LOST: "the game is lost",
    Kind.PARTNER_CALLED: "a partner is called",
    Kind.PARTNER_REVEALED: "the partner is revealed",
    Kind.PLAYS_ALONE: "playing alone",
    Kind.TABLE_CARD_TURNED: "a table card is turned",
}


#: The lesson topics (LESSONS.md) that each kind of ruling belongs to.
TOPICS: dict[Kind, tuple[str, ...]] = {
    Kind.DEAL: (),
    Kind.BID: ("bidding",),
    Kind.PASS: ("bidding",),
    Kind.AUCTION_WON: ("bidding",),
    Kind.THROWN_IN: ("bidding",),
    Kind.ALL_PASSED_NO_TRUMPS: ("bidding", "no-trumps", "scoring"),
    Kind.ACE_NO_FACE: ("bidding", "west-seventh-street"),
    Kind.NULLO_EXCHANGE: ("kitty", "misere", "west-seventh-street"),
    Kind.GRAND_SLAM: ("kitty", "slam", "west-seventh-street"),
    Kind.KITTY: ("kitty",),
    Kind.DISCARD: ("kitty",),
    Kind.JOKER_NOMINATED: ("joker-nomination",),
    Kind.PARTNER_SITS_OUT: ("misere",),
    Kind.OPEN_MISERE_SHOWN: ("open-misere",),
    Kind.LEAD: ("opening-lead",),
    Kind.FIRST_LEAD: ("opening-lead",),
    Kind.FOLLOW_SUIT: ("follow-suit",),
    Kind.VOID_ANY_CARD: ("follow-suit",),
    Kind.LEFT_BOWER_IS_TRUMP: ("left-bower",),
    Kind.JOKER_IS_TRUMP: ("joker-in-trumps",),
    Kind.JOKER_LED_NAMES_SUIT: ("joker-in-no-trumps",),
    Kind.JOKER_ONLY_WHEN_VOID: ("joker-in-no-trumps",),
    Kind.JOKER_NOMINATED_SUIT: ("joker-nomination",),
    Kind.JOKER_COMPULSORY: ("misere", "joker-in-no-trumps"),
    Kind.JOKER_LOST_POWER: ("joker-in-no-trumps",),
    Kind.TRUMPED: ("follow-suit",),
    Kind.HIGHEST_OF_SUIT_LED: ("follow-suit",),
    Kind.JOKER_WINS: ("joker-in-no-trumps",),
    Kind.FIRST_OF_IDENTICAL: ("six-handed",),
    Kind.CONTRACT_MADE: ("scoring",),
    Kind.CONTRACT_SET: ("scoring", "set-contract"),
    Kind.SLAM: ("scoring", "slam"),
    Kind.MISERE_MADE: ("scoring", "misere"),
    Kind.MISERE_SET: ("scoring", "misere"),
    Kind.MISERE_JOKER_NOT_NOMINATED: ("misere", "joker-nomination"),
    Kind.PARTIAL: (),
    Kind.GAME_WON: ("scoring",),
    Kind.GAME_LOST: ("scoring",),
    Kind.PARTNER_CALLED: ("five-handed",),
    Kind.PARTNER_REVEALED: ("five-handed",),
    Kind.PLAYS_ALONE: ("five-handed",),
    Kind.TABLE_CARD_TURNED: ("two-handed",),
}


@quick_init
@dataclass(frozen=True)
class Ruling:
    """One decision of the engine: what kind, who and which cards, and a sentence that says why."""

    kind: Kind
    text: str
    seats: tuple[Seat, ...] = ()
    cards: tuple[Card, ...] = field(default=())

    @property
    def topics(self) -> tuple[str, ...]:
        return TOPICS[self.kind]

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind.value,
            "text": self.text,
            "seats": [s.value for s in self.seats],
            "cards": [str(c) for c in self.cards],
        }

    def __str__(self) -> str:
        return self.text
