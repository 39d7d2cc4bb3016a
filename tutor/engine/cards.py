"""Suits, ranks, cards and packs, with notation that round-trips.

>>> Card.parse("jd")
Card.parse('JD')
>>> str(Card.parse("T♥"))
'10H'
>>> str(Card.parse("jo"))
'Jo'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Literal

__all__ = [
    "PACKS",
    "Card",
    "CardError",
    "Joker",
    "Pack",
    "Rank",
    "Suit",
    "SuitedCard",
    "TutorError",
    "parse_card",
    "without",
]


class TutorError(ValueError):
    """The root of every error this package raises about bad input."""


class CardError(TutorError):
    """Card or suit notation that cannot be read."""


class Suit(Enum):
    """The four suits, in the order of the bid ladder (spades lowest)."""

    SPADES = "S"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"

    # Members are singletons compared by identity, so the identity hash is right, and it is
    # much faster than Enum's (a Python-level hash of the name): suits key many dicts.
    __hash__ = object.__hash__

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip().upper()
        key = _SUIT_SYMBOLS.get(key, key)
        found = _SUIT_OF.get(key)
        if found is None:
            raise CardError(f"unknown suit {text!r}: expected one of S C D H or ♠ ♣ ♦ ♥")
        return found

    def __str__(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SYMBOL_OF[self]

    @property
    def word(self) -> str:
        """The suit's plural name, as a learner says it: ``hearts``."""
        return _WORD_OF[self]

    @property
    def singular(self) -> str:
        return _SINGULAR_OF[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def sister(self) -> Suit:
        """The other suit of the same colour: the left bower's printed suit."""
        return _SISTER[self]


_SUIT_OF = {suit.value: suit for suit in Suit}
_WORD_OF = {suit: suit.name.lower() for suit in Suit}
_SINGULAR_OF = {suit: suit.name.lower()[:-1] for suit in Suit}


_SUIT_SYMBOLS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H", "♤": "S", "♧": "C", "♢": "D", "♡": "H"}
_SYMBOL_OF = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥"}
_SISTER = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}


class Rank(Enum):
    """Ranks of every pack in the game; ``order`` is the plain (non-trump) ranking.

    The six-handed pack's 11, 12 and 13 rank above the 10 and below the jack.
    """

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    ELEVEN = "11"
    TWELVE = "12"
    THIRTEEN = "13"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    __hash__ = object.__hash__  # see Suit

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        found = _RANK_OF.get("10" if key == "T" else key)
        if found is None:
            raise CardError(f"unknown rank {text!r}: expected A K Q J 10 (or T) 9 … 2, 11, 12, 13")
        return found

    def __str__(self) -> str:
        return self.value

    @property
    def order(self) -> int:
        return _ORDER[self]

    @property
    def word(self) -> str:
        return _RANK_WORDS[self]


_ORDER = {rank: i + 2 for i, rank in enumerate(Rank)}
_RANK_OF = {rank.value: rank for rank in Rank}
_FACES = {Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "ace"}
#: Every rank's word, looked up whole: ``Enum.value`` goes through a Python-level descriptor.
_RANK_WORDS = {rank: _FACES.get(rank, rank.value) for rank in Rank}


class Card:
    """A playing card: a :class:`SuitedCard` or a :class:`Joker`.

    ``Card.parse(text)`` reads any accepted notation; ``str(card)`` gives the canonical one.
    """

    __slots__ = ()

    @staticmethod
    def parse(text: str) -> Card:
        return parse_card(text)

    @property
    def is_joker(self) -> bool:
        raise NotImplementedError

    def pretty(self) -> str:
        raise NotImplementedError

    def words(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True, order=False, slots=True)
class SuitedCard(Card):
    """A card with a rank and a suit: ``JD`` is the jack of diamonds."""

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def is_joker(self) -> Literal[False]:
        return False

    def pretty(self) -> str:
        """With a suit symbol: ``J♦``."""
        return f"{self.rank.value}{self.suit.symbol}"

    def words(self) -> str:
        """``the jack of diamonds``."""
        return f"the {self.rank.word} of {self.suit.word}"


@dataclass(frozen=True, order=False, slots=True)
class Joker(Card):
    """The joker (the "bird"). Packs with two distinct jokers number them 1 (higher) and 2."""

    number: int = 1

    def __str__(self) -> str:
        return "Jo" if self.number == 1 else f"Jo{self.number}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def is_joker(self) -> Literal[True]:
        return True

    def pretty(self) -> str:
        """``Jo``: the glyph every card picture draws, so buttons, text and cards agree (the
        🃏 emoji is still read as a joker, but not written: fonts draw it unlike the cards)."""
        return str(self)

    def words(self) -> str:
        return "the joker" if self.number == 1 else "the second joker"


def parse_card(text: str) -> Card:
    """Read a card in any accepted notation (case-insensitive, ``T`` for 10, suit symbols)."""
    card = _PARSED.get(text)
    if card is None:
        card = _parse_card(text)
        if len(_PARSED) < 10_000:  # cards are immutable values: remember what was read
            _PARSED[text] = card
    return card


_PARSED: dict[str, Card] = {}


def _parse_card(text: str) -> Card:
    raw = text.strip()
    upper = raw.upper()
    if upper in ("JO", "JOKER", "🃏", "JO1"):
        return Joker(1)
    if upper in ("JO2", "🃏2"):
        return Joker(2)
    if len(raw) < 2:
        raise CardError(f"cannot read card {text!r}: expected rank then suit, like 10H, JD or Jo")
    rank_text, suit_text = raw[:-1], raw[-1]
    try:
        return SuitedCard(Rank.parse(rank_text), Suit.parse(suit_text))
    except CardError:
        raise CardError(
            f"cannot read card {text!r}: expected rank then suit, like 10H, JD or Jo"
        ) from None


def without(cards: Iterable[Card], away: Iterable[Card]) -> list[Card]:
    """``cards`` less the cards of ``away``, each copy once (a home-made pack may hold a card
    twice: putting one away keeps the other); a ValueError if ``away`` holds a card that
    ``cards`` does not (as many times)."""
    left = list(cards)
    for c in away:
        left.remove(c)
    return left


@dataclass(frozen=True)
class Pack:
    """A pack of cards for one form of the game. ``cards`` may repeat a card (home-made packs)."""

    name: str
    cards: tuple[Card, ...]
    description: str

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards


def _suited(ranks_by_suit: dict[Suit, list[str]]) -> list[Card]:
    out: list[Card] = []
    for suit in (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS):
        for r in ranks_by_suit[suit]:
            out.append(SuitedCard(Rank.parse(r), suit))
    return out


def _ranks(low: str, *, extra: tuple[str, ...] = ()) -> list[str]:
    plain = ["2", "3", "4", "5", "6", "7", "8", "9", "10"]
    start = plain.index(low)
    return plain[start:] + list(extra) + ["J", "Q", "K", "A"]


def _pack(name: str, description: str, by_suit: dict[Suit, list[str]], jokers: int) -> Pack:
    cards = _suited(by_suit) + [Joker(n) for n in range(1, jokers + 1)]
    return Pack(name, tuple(cards), description)


_S, _C, _D, _H = Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS

PACKS: dict[str, Pack] = {
    p.name: p
    for p in (
        _pack(
            "43",
            "four-handed: red A–4, black A–5, one joker",
            {_S: _ranks("5"), _C: _ranks("5"), _D: _ranks("4"), _H: _ranks("4")},
            1,
        ),
        _pack(
            "42",
            "four-handed without the joker: red A–4, black A–5",
            {_S: _ranks("5"), _C: _ranks("5"), _D: _ranks("4"), _H: _ranks("4")},
            0,
        ),
        _pack(
            "33",
            "three-handed: A–7 in every suit, one joker",
            {s: _ranks("7") for s in Suit},
            1,
        ),
        _pack(
            "45",
            "West Seventh Street: A–4 in every suit, one joker",
            {s: _ranks("4") for s in Suit},
            1,
        ),
        _pack(
            "46",
            "Canadian (Cinq Cents): A–4 in every suit, two distinct jokers",
            {s: _ranks("4") for s in Suit},
            2,
        ),
        _pack(
            "53",
            "five-handed: the full 52 and one joker",
            {s: _ranks("2") for s in Suit},
            1,
        ),
        _pack(
            "63",
            "six-handed: A–2 with 11s and 12s in every suit, 13s in red suits, one joker",
            {
                _S: _ranks("2", extra=("11", "12")),
                _C: _ranks("2", extra=("11", "12")),
                _D: _ranks("2", extra=("11", "12", "13")),
                _H: _ranks("2", extra=("11", "12", "13")),
            },
            1,
        ),
    )
}

_homemade_extra: list[Card] = [SuitedCard(Rank.parse(r), s) for s in Suit for r in ("2", "3")]
_homemade_extra += [SuitedCard(Rank.FOUR, _D), SuitedCard(Rank.FOUR, _H)]
PACKS["63-homemade"] = Pack(
    "63-homemade",
    PACKS["53"].cards + tuple(_homemade_extra),
    "six-handed home-made: the full 52, one joker, and the 2s, 3s and red 4s of a second deck",
)
