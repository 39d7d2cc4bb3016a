"""Following suit and winning tricks: pure functions of the cards, the trick and the contract.

The left bower belongs to the trump suit; in a suit contract the joker is the highest
trump; in no-trumps and misère the joker either belongs to the suit its holder
nominated, or is a wildcard that beats everything, playable only when void.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from tutor.engine.auction import Bid
from tutor.engine.cards import Card, CardError, Joker, Rank, Suit, SuitedCard, TutorError
from tutor.engine.rulings import Kind, Ruling
from tutor.engine.seats import Seat

__all__ = [
    "IllegalPlay",
    "Play",
    "PlayContext",
    "cards_in_words",
    "describe",
    "effective_suit",
    "joker_powerless",
    "judge_play",
    "legal_plays",
    "power",
    "trick_winner",
]


class IllegalPlay(TutorError):
    """A card the rules do not allow; ``rule`` names the rule that decides."""

    def __init__(self, message: str, rule: Kind) -> None:
        super().__init__(message)
        self.rule = rule


@dataclass(frozen=True)
class Play:
    """A card as played. A joker led in no-trumps or misère names the suit to follow: ``Jo:H``."""

    card: Card
    names: Suit | None = None

    @classmethod
    def parse(cls, text: str) -> Play:
        raw = str(text).strip()
        if ":" in raw:
            card_text, suit_text = raw.split(":", 1)
            card = Card.parse(card_text)
            if not card.is_joker:
                raise CardError(f"cannot read {raw!r}: only a joker names a suit (like Jo:H)")
            return cls(card, Suit.parse(suit_text))
        return cls(Card.parse(raw))

    def __str__(self) -> str:
        return f"{self.card}:{self.names}" if self.names else str(self.card)

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"

    def pretty(self) -> str:
        return f"{self.card.pretty()}:{self.names.symbol}" if self.names else self.card.pretty()


@dataclass(frozen=True)
class PlayContext:
    """What the contract means for the play of the cards."""

    trumps: Suit | None
    joker_suit: Suit | None = None
    misere: bool = False
    joker_compulsory: bool = False
    #: The wildcard joker loses its power once its holder has discarded (setting joker_loses_power).
    joker_loses_power: bool = False
    #: Which suits a led wildcard joker may name (setting joker_lead).
    joker_lead: str = "not-shown-void"
    #: What the table calls misère (setting misere_word), for the rulings' sentences.
    misere_word: str = "misère"
    #: Why the joker-lead reading is tutor's choice, when it is (the preset's [choices]): said
    #: in the refusal that depends on it.
    joker_lead_choice: str = ""

    @classmethod
    def of(
        cls,
        bid: Bid,
        nominated: Suit | None = None,
        *,
        joker_compulsory: bool = False,
        joker_loses_power: bool = False,
        joker_lead: str = "not-shown-void",
    ) -> PlayContext:
        trumps = bid.trumps
        return cls(
            trumps=trumps,
            joker_suit=trumps if trumps is not None else nominated,
            misere=bid.is_misere,
            joker_compulsory=joker_compulsory and bid.is_misere and nominated is None,
            joker_loses_power=joker_loses_power and trumps is None and nominated is None,
            joker_lead=joker_lead,
            misere_word=bid.misere_word,
        )

    @property
    def wildcard(self) -> bool:
        """True when the joker belongs to no suit (no-trumps or misère, not nominated)."""
        return self.joker_suit is None

    @property
    def left_bower_suit(self) -> Suit | None:
        """The printed suit of the left bower (None without a trump suit)."""
        return None if self.trumps is None else _SISTER[self.trumps]

    @property
    def left_bower(self) -> Card | None:
        """The left bower itself, the jack of the trump suit's sister (None without a trump suit)."""
        return None if self.trumps is None else _LEFT_BOWER[self.trumps]

    def is_left_bower(self, card: Card) -> bool:
        return (
            self.trumps is not None
            and card.__class__ is SuitedCard
            and card.rank is _JACK
            and card.suit is _SISTER[self.trumps]
        )

    def is_right_bower(self, card: Card) -> bool:
        return (
            self.trumps is not None
            and isinstance(card, SuitedCard)
            and card.rank is Rank.JACK
            and card.suit is self.trumps
        )


_JACK = Rank.JACK
_SISTER = {suit: suit.sister for suit in Suit}
#: The left bower of each trump suit, made once: asked for at every card of a replay.
_LEFT_BOWER: dict[Suit, Card] = {suit: SuitedCard(_JACK, suit.sister) for suit in Suit}


def effective_suit(card: Card, ctx: PlayContext) -> Suit | None:
    """The suit a card belongs to this hand: the left bower and the joker join trumps."""
    if card.__class__ is not SuitedCard:
        return ctx.joker_suit
    suit: Suit = card.suit
    trumps = ctx.trumps
    if trumps is not None and card.rank is _JACK and suit is _SISTER[trumps]:
        return trumps
    return suit


def joker_powerless(card: Card, ctx: PlayContext, shown_void: Collection[Suit]) -> bool:
    """Whether this card is a wildcard joker that has lost its power (setting joker_loses_power):
    its holder has already discarded on a suit led (``shown_void`` is not empty)."""
    return ctx.joker_loses_power and card.__class__ is Joker and ctx.wildcard and bool(shown_void)


def power(card: Card, led: Suit | None, ctx: PlayContext, *, lost: bool = False) -> int:
    """How strongly a card contends for a trick whose led suit is ``led``; 0 cannot win.

    ``lost``: the card is a joker that has lost its power (:func:`joker_powerless`); led, it
    ranks below every card of the suit it named; played later, it cannot win.
    """
    if isinstance(card, Joker):
        if lost:
            return 101
        if ctx.wildcard:
            return 1000 - card.number
        if ctx.joker_suit == ctx.trumps:
            return 600 - card.number
        return 300 - card.number if ctx.joker_suit == led else 0
    assert isinstance(card, SuitedCard)
    suit = effective_suit(card, ctx)
    if suit is not None and suit == ctx.trumps:
        if ctx.is_right_bower(card):
            return 560
        if ctx.is_left_bower(card):
            return 550
        return 500 + card.rank.order
    if suit == led:
        return 100 + card.rank.order
    return 0


def led_suit(plays: Sequence[Play], ctx: PlayContext) -> Suit | None:
    """The suit the others must follow: the lead's suit, or the suit a led joker named."""
    if not plays:
        return None
    first = plays[0]
    if isinstance(first.card, Joker) and ctx.wildcard:
        return first.names
    return effective_suit(first.card, ctx)


def describe(card: Card, ctx: PlayContext) -> str:
    """A card in words, with its role this hand: ``the jack of diamonds (the left bower)``."""
    if isinstance(card, Joker):
        if ctx.trumps is not None:
            return f"{card.words()} ({_highest_trump(card)})"
        if ctx.joker_suit is not None:
            return f"{card.words()} (nominated as a {ctx.joker_suit.singular})"
        return card.words()
    assert isinstance(card, SuitedCard)
    trumps = ctx.trumps
    if trumps is not None and card.rank is _JACK:  # a bower: the right one, or the left
        if card.suit is trumps:
            return f"{card.words()} (the right bower)"
        if card.suit is _SISTER[trumps]:
            return f"{card.words()} (the left bower)"
    return card.words()


def _highest_trump(joker: Joker) -> str:
    return "the highest trump" if joker.number == 1 else "the second-highest trump"


def _joker_wins(joker: Card) -> str:
    """What a wildcard joker does to the trick (two-joker packs: the first beats the second)."""
    if isinstance(joker, Joker) and joker.number > 1:
        return "it wins the trick unless the other joker is played to it too"
    return "it wins the trick"


def _and_words(suits: Collection[Suit]) -> str:
    words = [s.word for s in Suit if s in suits]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _no_trump_word(ctx: PlayContext) -> str:
    return ctx.misere_word if ctx.misere else "no-trumps"


def cards_in_words(cards: Sequence[Card]) -> str:
    """Cards in words, by suit: ``the king and 9 of diamonds and the joker``, never the file
    notation (``KD, 9D``)."""
    groups: dict[Suit | None, list[Card]] = {}
    for c in cards:
        groups.setdefault(c.suit if isinstance(c, SuitedCard) else None, []).append(c)
    parts: list[str] = []
    for suit, held in groups.items():
        if suit is None:
            parts += [c.words() for c in held]
        else:
            suited = sorted((c for c in held if isinstance(c, SuitedCard)), key=lambda c: -c.rank.order)
            ranks = [c.rank.word for c in suited]
            parts.append(f"the {_and_list(ranks)} of {suit.word}")
    return _and_list(parts)


def _and_list(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _role(card: Card) -> str:
    """The role of the joker or the left bower this hand, said without a parenthesis."""
    return _highest_trump(card) if isinstance(card, Joker) else "the left bower"


#: How the reading of the house rule "the joker loses its power" is said wherever it decides.
LOSES_POWER_READING = (
    "under this house rule (a variation the rules page lists) tutor reads \"after discarding\" as "
    "after its holder has discarded on any suit led"
)


def _bower_note(led: Suit, ctx: PlayContext, hand: Collection[Card]) -> str:
    """The parenthesis that reminds a learner where the left bower belongs.

    Said only to the player who holds the left bower (in ``hand``): said to anyone else it
    reads as if they held it.
    """
    trumps = ctx.trumps
    if trumps is None or (led is not trumps and led is not trumps.sister):
        return ""
    left = _LEFT_BOWER[trumps]
    if left not in hand:
        return ""
    if led is trumps:
        return f" ({left.words()} is a {trumps.singular} this hand)"
    return f" ({left.words()} is a {trumps.singular} this hand, not a {led.singular})"


def legal_plays(
    hand: Sequence[Card],
    plays: Sequence[Play],
    ctx: PlayContext,
    *,
    shown_void: Collection[Suit] = (),
    led_before: Collection[Suit] = (),
) -> list[Card]:
    """The cards of ``hand`` that may be played to the trick so far.

    The same answer as asking :func:`judge_play` about each card (a test holds them to
    that), without writing the sentences; a joker that may be led is listed once, and
    may name any suit of :func:`joker_lead_suits`.
    """
    unique = list(dict.fromkeys(hand))
    if not plays:
        if ctx.wildcard and len(hand) > 1 and not joker_lead_suits(
            hand, ctx, shown_void, led_before=led_before
        ):
            return [c for c in unique if c.__class__ is not Joker]
        return unique
    led = led_suit(plays, ctx)
    if led is None:
        return unique
    followers = [c for c in unique if effective_suit(c, ctx) is led]
    if followers:
        return followers
    if ctx.joker_compulsory and ctx.wildcard:
        jokers: list[Card] = [c for c in unique if c.__class__ is Joker]
        if jokers:
            return jokers
    return unique


def joker_lead_suits(
    hand: Sequence[Card],
    ctx: PlayContext,
    shown_void: Collection[Suit],
    *,
    led_before: Collection[Suit] = (),
) -> list[Suit]:
    """The suits a wildcard joker may name when led (setting ``joker_lead``).

    ``not-shown-void`` (the American reading): never a suit its holder has shown void in.
    ``unless-void``: any suit its holder still holds a card of. ``not-yet-led`` (the Australian
    rules page): a suit not led before this hand (``led_before``, a suit named by a led joker
    included); once all four suits have been led, none, so the joker may then be led only to
    the last trick. A hand of nothing but jokers (two-joker packs) may name any suit.
    """
    suited = [c for c in hand if c.__class__ is SuitedCard]
    if not suited:
        return list(Suit)
    if ctx.joker_lead == "unless-void":
        held = {c.suit for c in suited}
        return [s for s in Suit if s in held]
    if ctx.joker_lead == "not-yet-led":
        return [s for s in Suit if s not in led_before]
    return [s for s in Suit if s not in shown_void]


def judge_play(
    seat: Seat,
    hand: Sequence[Card],
    plays: Sequence[Play],
    play: Play,
    ctx: PlayContext,
    *,
    shown_void: Collection[Suit] = (),
    left_bower_out: bool = False,
    led_before: Collection[Suit] = (),
) -> Ruling:
    """The ruling that allows ``play`` from ``hand`` to the trick so far, or raise :class:`IllegalPlay`.

    ``shown_void`` holds the suits this seat has already failed to follow this hand.
    ``left_bower_out``: the left bower is in no one's hand any more (played, or put away with
    the kitty). Kept for the callers; the reminder that it belongs to trumps now goes only to
    the player who holds it, which already covers this.
    ``led_before``: the suits led to earlier tricks this hand (setting ``joker_lead``).
    """
    card = play.card
    who = seat.word
    if card not in hand:
        raise IllegalPlay(f"{who} does not hold {card.words()}: {who} holds {cards_in_words(hand)}",
                          Kind.FOLLOW_SUIT)
    if not plays:
        return _judge_lead(seat, hand, play, ctx, shown_void, left_bower_out, led_before)
    if play.names is not None:
        raise IllegalPlay(
            f"{who} cannot name a suit with {card.words()}: only a joker led in no-trumps or "
            f"{ctx.misere_word} names one",
            Kind.JOKER_LED_NAMES_SUIT,
        )
    led = led_suit(plays, ctx)
    if led is None:
        # Only a wildcard joker led as the last card names no suit: nothing can be followed.
        return Ruling(
            Kind.VOID_ANY_CARD,
            f"The joker was led as the last card without naming a suit, so {who} may play any "
            f"card: {describe(card, ctx)}.",
            (seat,),
            (card,),
        )
    suit = effective_suit(card, ctx)
    what = describe(card, ctx)
    if suit is led:
        if isinstance(card, SuitedCard) and ctx.is_left_bower(card):
            return Ruling(
                Kind.LEFT_BOWER_IS_TRUMP,
                f"{who} follows suit with {what}: it is a {led.singular} this hand, "
                f"not a {card.suit.singular}.",
                (seat,),
                (card,),
            )
        if isinstance(card, Joker):
            kind = Kind.JOKER_IS_TRUMP if ctx.trumps is not None else Kind.JOKER_NOMINATED_SUIT
            return Ruling(
                kind,
                f"{who} follows suit with {what}: it belongs to {led.word} this hand.",
                (seat,),
                (card,),
            )
        return Ruling(Kind.FOLLOW_SUIT, f"{who} follows suit with {what}.", (seat,), (card,))
    followers = [c for c in hand if effective_suit(c, ctx) is led]
    if followers:
        rule = Kind.LEFT_BOWER_IS_TRUMP if any(ctx.is_left_bower(c) for c in followers) or (
            ctx.is_left_bower(card)
        ) else Kind.FOLLOW_SUIT
        if isinstance(card, Joker) and ctx.wildcard:
            rule = Kind.JOKER_ONLY_WHEN_VOID
            raise IllegalPlay(
                f"{who} cannot play the joker: {led.word} were led and {who} holds "
                f"{cards_in_words(followers)}; in {_no_trump_word(ctx)}, with no trump suit, the joker "
                f"may be played only when void in the suit led",
                rule,
            )
        extra = ""
        if ctx.is_left_bower(card) or (isinstance(card, Joker) and ctx.trumps is not None):
            extra = f", {_role(card)}: it is a {ctx.trumps.singular} this hand"  # type: ignore[union-attr]
        elif isinstance(card, Joker) and ctx.joker_suit is not None:
            extra = f": the joker was nominated as a {ctx.joker_suit.singular}"
        raise IllegalPlay(
            f"{who} must follow suit: {led.word} were led and {who} holds "
            f"{cards_in_words(followers)}{_bower_note(led, ctx, hand)}, so "
            f"cannot play {card.words()}{extra}",
            rule,
        )
    # Void in the suit led.
    wildcard_joker = next((c for c in hand if isinstance(c, Joker)), None) if ctx.wildcard else None
    if ctx.joker_compulsory and wildcard_joker is not None and not isinstance(card, Joker):
        raise IllegalPlay(
            f"{who} has no {led.word} and holds the joker, which in {ctx.misere_word} must be played "
            f"as soon as its holder is void in the suit led; {who} cannot play {card.words()}",
            Kind.JOKER_COMPULSORY,
        )
    # The reminder only to the holder of the left bower: void in its printed suit, it says why
    # the bower does not count as that suit (void in trumps, no one holding it is ever void).
    void = f"{who} has no {led.word}{_bower_note(led, ctx, hand)}"
    if isinstance(card, Joker) and ctx.wildcard:
        if ctx.joker_compulsory:
            kind = Kind.JOKER_COMPULSORY
            why = (
                f"{void}, so must play the joker: in {ctx.misere_word} it must be played as soon as its "
                f"holder cannot follow suit"
            )
        else:
            kind = Kind.JOKER_ONLY_WHEN_VOID
            why = (
                f"{void}, so may play {card.words()} (with no trump suit it may be played only "
                f"when void in the suit led)"
            )
        if joker_powerless(card, ctx, shown_void):
            return Ruling(
                Kind.JOKER_LOST_POWER,
                f"{why}. But it has lost its power, so it wins nothing: {who} discarded earlier, "
                f"when void in {_and_words(shown_void)}, and {LOSES_POWER_READING}.",
                (seat,),
                (card,),
            )
        wins = "It wins any trick it is played to" if card.number == 1 else _joker_wins(card).capitalize()
        return Ruling(
            kind,
            f"{why}. {wins}.",
            (seat,),
            (card,),
        )
    if ctx.is_left_bower(card) and led is ctx.trumps.sister:  # type: ignore[union-attr]
        assert ctx.trumps is not None
        # Say once why the holder of the left bower is void, not twice.
        return Ruling(
            Kind.LEFT_BOWER_IS_TRUMP,
            f"{who} has no {led.word}: {describe(card, ctx)} is a {ctx.trumps.singular} this "
            f"hand, not a {led.singular}. So {who} may play any card, and trumps with it.",
            (seat,),
            (card,),
        )
    if suit is not None and suit is ctx.trumps:
        return Ruling(
            Kind.VOID_ANY_CARD,
            f"{void}, so may play any card, and trumps with {what}.",
            (seat,),
            (card,),
        )
    return Ruling(
        Kind.VOID_ANY_CARD,
        f"{void}, so may play any card, and discards {what}.",
        (seat,),
        (card,),
    )


def _judge_lead(
    seat: Seat,
    hand: Sequence[Card],
    play: Play,
    ctx: PlayContext,
    shown_void: Collection[Suit],
    left_bower_out: bool,
    led_before: Collection[Suit],
) -> Ruling:
    card = play.card
    who = seat.word
    what = describe(card, ctx)
    if isinstance(card, Joker) and ctx.wildcard:
        allowed = joker_lead_suits(hand, ctx, shown_void, led_before=led_before)
        last = len(hand) == 1
        if play.names is None:
            if last:
                return Ruling(
                    Kind.JOKER_LED_NAMES_SUIT,
                    f"{who} leads the joker as the last card; it wins the trick.",
                    (seat,),
                    (card,),
                )
            raise IllegalPlay(
                f"{who} leads the joker in {_no_trump_word(ctx)} without naming a suit: write "
                f"Jo:S, Jo:C, Jo:D or Jo:H for the suit the others must follow",
                Kind.JOKER_LED_NAMES_SUIT,
            )
        if not allowed and not last and ctx.joker_lead == "not-yet-led":
            raise IllegalPlay(
                f"{who} cannot lead the joker: all four suits have been led this hand, and under "
                f"these rules the joker may then be led only to the last trick"
                + (f" ({ctx.joker_lead_choice})" if ctx.joker_lead_choice else ""),
                Kind.JOKER_LED_NAMES_SUIT,
            )
        if not allowed and not last:
            raise IllegalPlay(
                f"{who} cannot lead the joker: {who} has shown void in every suit, so there is "
                f"no suit left to name, and the joker may then be led only as the last card",
                Kind.JOKER_LED_NAMES_SUIT,
            )
        if play.names not in allowed and not last:
            if ctx.joker_lead == "not-yet-led":
                raise IllegalPlay(
                    f"{who} cannot lead the joker naming {play.names.word}: {play.names.word} "
                    f"have already been led this hand, and under these rules a led "
                    f"joker may name only a suit not led before"
                    + (f" ({ctx.joker_lead_choice})" if ctx.joker_lead_choice else ""),
                    Kind.JOKER_LED_NAMES_SUIT,
                )
            if ctx.joker_lead == "unless-void":
                raise IllegalPlay(
                    f"{who} cannot lead the joker naming {play.names.word}: {who} holds no "
                    f"{play.names.word}, and under these rules it may name only a suit its "
                    f"leader holds (a house rule: the joker may be led any time, unless void)",
                    Kind.JOKER_LED_NAMES_SUIT,
                )
            choice = f" ({ctx.joker_lead_choice})" if ctx.joker_lead_choice else ""
            raise IllegalPlay(
                f"{who} cannot lead the joker naming {play.names.word}: {who} has already "
                f"shown void in {play.names.word}{choice}",
                Kind.JOKER_LED_NAMES_SUIT,
            )
        if joker_powerless(card, ctx, shown_void):
            return Ruling(
                Kind.JOKER_LOST_POWER,
                f"{who} leads {card.words()} and names {play.names.word}: the others must "
                f"follow {play.names.word} if they can. But it has lost its power, so it wins only "
                f"if no one follows: {who} discarded earlier, when void in "
                f"{_and_words(shown_void)}, and {LOSES_POWER_READING}.",
                (seat,),
                (card,),
            )
        the = "the joker" if card.number == 1 else card.words()
        return Ruling(
            Kind.JOKER_LED_NAMES_SUIT,
            f"{who} leads {the} and names {play.names.word}: the others must follow "
            f"{play.names.word} if they can, and {the} {_joker_wins(card)[3:]}.",
            (seat,),
            (card,),
        )
    if play.names is not None:
        if isinstance(card, Joker) and play.names is ctx.joker_suit:
            pass
        else:
            raise IllegalPlay(
                f"{who} cannot name a suit with {play}: the joker names a suit only when led in "
                f"no-trumps or {ctx.misere_word} without a nomination",
                Kind.JOKER_LED_NAMES_SUIT,
            )
    suit = effective_suit(card, ctx)
    assert suit is not None
    if ctx.is_left_bower(card):
        return Ruling(
            Kind.LEFT_BOWER_IS_TRUMP,
            f"{who} leads {what}. It is a {suit.singular} this hand, so the others must "
            f"follow {suit.word}, not {card.suit.word}.",  # type: ignore[attr-defined]
            (seat,),
            (card,),
        )
    if isinstance(card, Joker):
        kind = Kind.JOKER_IS_TRUMP if ctx.trumps is not None else Kind.JOKER_NOMINATED_SUIT
        return Ruling(
            kind,
            f"{who} leads {what}: the others must follow {suit.word}"
            f"{_bower_note(suit, ctx, hand)}.",
            (seat,),
            (card,),
        )
    follow = f"the others must follow {suit.word}{_bower_note(suit, ctx, hand)}"
    return Ruling(Kind.LEAD, f"{who} leads {what}: {follow}.", (seat,), (card,))


def trick_winner(
    seats: Sequence[Seat], plays: Sequence[Play], ctx: PlayContext, *, powerless: Collection[int] = ()
) -> tuple[int, Ruling]:
    """Which play wins a complete trick (its index), and why.

    Identical cards (home-made packs) are settled by order: the first played beats the second.
    ``powerless`` holds the indices of jokers that have lost their power (:func:`joker_powerless`).
    """
    led = led_suit(plays, ctx)
    best = 0
    if powerless:
        best_power = power(plays[0].card, led, ctx, lost=0 in powerless)
        for i in range(1, len(plays)):
            p = power(plays[i].card, led, ctx, lost=i in powerless)
            if p > best_power:
                best, best_power = i, p
    else:
        best_power = power(plays[0].card, led, ctx)
        for i in range(1, len(plays)):
            p = power(plays[i].card, led, ctx)
            if p > best_power:
                best, best_power = i, p
    card = plays[best].card
    seat = seats[best]
    who = seat.word
    what = describe(card, ctx)
    if best in powerless:
        named = f"no one followed {led.word}, the suit it named" if led else "nothing could follow it"
        return best, Ruling(
            Kind.JOKER_LOST_POWER,
            f"{who} wins with {card.words()}: it had lost its power, but {named}.",
            (seat,),
            (card,),
        )
    twins = [i for i, p in enumerate(plays) if p.card == card and i != best]
    if twins:
        return best, Ruling(
            Kind.FIRST_OF_IDENTICAL,
            f"{who} wins with {what}: the same card was played again later in the trick, and "
            f"of identical cards the first played wins.",
            (seat,),
            (card,),
        )
    if isinstance(card, Joker) and ctx.wildcard:
        beats = "every other card" if card.number == 1 else "every card but the other joker"
        return best, Ruling(
            Kind.JOKER_WINS,
            f"{who} wins with {card.words()}: in {_no_trump_word(ctx)}, with no trump suit, it "
            f"beats {beats}.",
            (seat,),
            (card,),
        )
    assert led is not None
    suit = effective_suit(card, ctx)
    highest = (
        ("the highest trump of all" if card.number == 1 else "the second-highest trump, below only "
         "the other joker")
        if isinstance(card, Joker)
        else "the highest trump played"
    )
    if isinstance(card, Joker) and ctx.trumps is None:
        highest = f"the highest {led.singular}"
    what = card.words() if isinstance(card, Joker) else what
    if ctx.trumps is not None and suit is ctx.trumps and led is not ctx.trumps:
        return best, Ruling(
            Kind.TRUMPED,
            f"{who} wins by trumping {led.word} with {what}, {highest}.",
            (seat,),
            (card,),
        )
    if ctx.trumps is not None and led is ctx.trumps:
        return best, Ruling(
            Kind.HIGHEST_OF_SUIT_LED,
            f"{who} wins with {what}, {highest}: trumps ({led.word}) were led.",
            (seat,),
            (card,),
        )
    if isinstance(card, Joker):
        return best, Ruling(
            Kind.HIGHEST_OF_SUIT_LED,
            f"{who} wins with {describe(card, ctx)}, {highest}: {led.word} were led.",
            (seat,),
            (card,),
        )
    none = " and no trump was played" if ctx.trumps is not None else ""
    return best, Ruling(
        Kind.HIGHEST_OF_SUIT_LED,
        f"{who} wins with {what}, the highest {led.singular}: {led.word} were led{none}.",
        (seat,),
        (card,),
    )
