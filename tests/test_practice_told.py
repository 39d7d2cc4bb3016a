"""The practice table tells a computer's reasons only as far as the learner's seat could know
them while the hand is played (a call in words, a card without the seat's other cards), and in
full at the end of the hand, with the whole deal.

Games here solve two layouts a card with no clock, so the same seed plays the same hand.
"""

from __future__ import annotations

import html
import io
import re
from dataclasses import replace
from pathlib import Path

import pytest

from tutor.engine.auction import Bid, BidKind, Call, Declaration, Pass, Strain
from tutor.engine.cards import Card, Joker, Rank, SuitedCard
from tutor.engine.play import Play
from tutor.engine.replay import Replay, build
from tutor.engine.seats import Seat
from tutor.files.handfile import load
from tutor.teach.players import Budget, Game, Phase
from tutor.teach.players.decision import Decision
from tutor.teach.players.told import hidden_from, told
from tutor.views.terminal.practice import play_in_terminal
from tutor.views.widgets import PracticeWidget

QUICK = Budget(seconds=None, early=2, middle=2, late=2)
HANDS = Path(__file__).parent.parent / "hands"
#: West declares 8♥ (dealer South); the play, trick by trick:
#: 1 W Jo 8H 5H 4H, 2 W AH 9H 6H 8D, 3 W AS 5S 6S 9S, …, 10 N JS JC KD QH.
LESSON = load(HANDS / "eight-hearts-set.yaml")


def _before_call(calls: int) -> Replay:
    """The lesson's hand after its first ``calls`` calls."""
    return build(replace(LESSON, auction=LESSON.auction[:calls], discard=None, play=()))


def _before_card(card: int) -> Replay:
    """The lesson's hand before its ``card``-th card (from 0)."""
    flat = [p for t in LESSON.play for p in t][:card]
    n = len(LESSON.hands)
    return build(replace(LESSON, play=tuple(tuple(flat[i:i + n]) for i in range(0, len(flat), n))))


# (calls made before, seat, its call, the learner's seat, what the learner is told)
CALLS: list[tuple[int, Seat, Call, Seat, str]] = [
    (0, Seat.W, Bid.of(7, Strain.HEARTS), Seat.S,
     "West bids seven hearts: expects to take seven tricks with hearts as trumps, with partner's help."),
    (0, Seat.W, Bid.of(8, Strain.NO_TRUMPS), Seat.S,
     "West bids eight no-trumps: expects to take eight tricks with no trumps, with partner's help."),
    (0, Seat.W, Pass(), Seat.S, "West passes: its hand is not worth a bid."),
    (1, Seat.N, Pass(), Seat.S, "North passes: its hand is not worth a bid over six hearts."),
    (2, Seat.E, Pass(), Seat.S, "East passes: partner's six hearts is the highest bid."),  # West's
    (3, Seat.S, Bid(BidKind.MISERE), Seat.N,
     "South bids misère: expects to lose every trick, partner sitting out."),
    (3, Seat.S, Bid(BidKind.OPEN_MISERE), Seat.W,
     "South bids open misère: expects to lose every trick, partner sitting out, with its hand face "
     "up on the table after the first trick."),
    (0, Seat.W, Declaration("ace-no-face"), Seat.S,
     "West declares ace – no face: it tells the table its hand holds one ace and no king, queen, "
     "jack or joker, and proposes to throw the hand in; partner decides."),
    (1, Seat.N, Declaration("agree"), Seat.S,
     "North agrees: partner's ace – no face stands, and the hand is thrown in."),
    (1, Seat.N, Declaration("disagree"), Seat.S, "North disagrees: the hand is played on."),
]

COUNTED = "West bids 7♥: five trumps with the joker and right bower, two aces, counts to 8 tricks."


@pytest.mark.parametrize(("calls", "seat", "call", "learner", "said"), CALLS)
def test_a_call_is_told_in_what_it_says_never_the_cards_it_counts(
        calls: int, seat: Seat, call: Call, learner: Seat, said: str) -> None:
    assert told(_before_call(calls), seat, learner, Decision(call, COUNTED)) == said


def test_a_call_is_told_in_full_to_its_own_seat() -> None:
    assert told(_before_call(0), Seat.W, Seat.W, Decision(Bid.of(7, Strain.HEARTS), COUNTED)) == COUNTED


def test_a_three_handed_bid_counts_on_no_partner() -> None:
    game = Game("three-handed", 0, budget=QUICK)
    seat = game.to_act
    assert seat is not None
    other = next(s for s in game.seats if s != seat)
    said = told(game.replay, seat, other, Decision(Bid.of(7, Strain.SPADES), "…"))
    assert said == (f"{seat.word} bids seven spades: expects to take seven tricks with spades as "
                    f"trumps, alone against the other two.")


SAME = "; another card would do as well"
LATER = "its reason would tell you of cards you cannot see, so it waits for the end of the hand."
# (cards played before, the card's seat, the computer's reason, the learner's seat, told)
CARDS: list[tuple[int, Seat, str, Seat, str]] = [
    # a lead: that the seat had other cards is no news
    (4, Seat.W, f"West plays A♥: it makes the contract in all two hands West tried{SAME}.", Seat.S,
     f"West plays A♥: it makes the contract in all two hands West tried{SAME}."),
    # following suit, a comparison would show another heart in North's hand
    (5, Seat.N, f"North plays 9♥: it beats the contract in all two hands North tried{SAME}.", Seat.S,
     "North plays 9♥: it beats the contract in all two hands North tried."),
    (5, Seat.N, "North plays 9♥: it beats the contract in most of the hands North can imagine (3 of "
                "the 4 it tried); the next best card only in 2.", Seat.S,
     "North plays 9♥: it beats the contract in most of the hands North can imagine (3 of the 4 it "
     "tried)."),
    (5, Seat.N, "North plays 9♥: it beats the contract in half the hands North tried (1 of 2); "
                "another card would more often (2), but 9♥ gives the contractors fewer tricks on "
                "average.", Seat.S,
     "North plays 9♥: it beats the contract in half the hands North tried (1 of 2)."),
    (5, Seat.N, "North plays 9♥: no card beats the contract in the hands North tried, so it plays "
                "for tricks (8.5 to the contractors on average; the next best card 9.0).", Seat.S,
     "North plays 9♥: no card beats the contract in the hands North tried, so it plays for tricks "
     "(8.5 to the contractors on average)."),
    # to its own seat, in full
    (5, Seat.N, f"North plays 9♥: it beats the contract in all two hands North tried{SAME}.", Seat.N,
     f"North plays 9♥: it beats the contract in all two hands North tried{SAME}."),
    # South is out of hearts and ruffs: any card was legal, so the comparison tells nothing
    (7, Seat.S, f"South plays 8♦: it beats the contract in all two hands South tried{SAME}.", Seat.E,
     f"South plays 8♦: it beats the contract in all two hands South tried{SAME}."),
    # East's last heart: "the only legal card" would say East has no more hearts
    (6, Seat.E, "East plays 6♥: the only legal card.", Seat.S,
     f"East plays 6♥: {LATER}"),
    # the last trick: one card left, which everyone knows
    (36, Seat.N, "North plays J♠: the only legal card.", Seat.S, "North plays J♠: the only legal card."),
    # a reason naming a card in North's hand is held back; one naming South's own or a played card is not
    (5, Seat.N, "North plays 9♥: it keeps the J♠ for later.", Seat.S,
     f"North plays 9♥: {LATER}"),
    (5, Seat.N, "North plays 9♥: it keeps the jack of spades for later.", Seat.S,
     f"North plays 9♥: {LATER}"),
    (5, Seat.N, "North plays 9♥: South's K♣ and the 4♥ gone.", Seat.S,
     "North plays 9♥: South's K♣ and the 4♥ gone."),
    # West's discard (5♦ 6♦ 4♦) is face down to the others
    (4, Seat.W, "West plays A♥: the 6♦ is put away.", Seat.S,
     f"West plays A♥: {LATER}"),
]


@pytest.mark.parametrize(("before", "seat", "reason", "learner", "said"), CARDS)
def test_a_card_is_told_without_the_cards_the_learner_cannot_see(
        before: int, seat: Seat, reason: str, learner: Seat, said: str) -> None:
    rep = _before_card(before)
    play = [p for t in LESSON.play for p in t][before]
    assert told(rep, seat, learner, Decision(play, reason)) == said


@pytest.mark.parametrize(("before", "learner", "hidden", "seen"), [
    # South, a defender, sees neither the kitty nor West's discard; West, who took it, sees both
    (0, Seat.S, "7H 6D 4D 5D JS QS Jo", "AD KC 4H"),
    (0, Seat.W, "JS QS 9S", "7H 6D 4D 5D Jo AS"),
    # the cards played are seen by everyone
    (5, Seat.S, "JS QS 6H 9H", "Jo 8H 5H 4H AH AD"),
])
def test_the_cards_a_seat_cannot_see(before: int, learner: Seat, hidden: str, seen: str) -> None:
    cannot = hidden_from(_before_card(before), learner)
    assert {Card.parse(t) for t in hidden.split()} <= cannot
    assert not {Card.parse(t) for t in seen.split()} & cannot


def test_another_seats_discard_is_not_told() -> None:
    rep = build(replace(LESSON, discard=None, play=()))
    assert told(rep, Seat.W, Seat.S, Decision(LESSON.discard, "West puts away 5♦ 6♦ 4♦: …")) is None


# -- the property: the terminal and the widget, as the learner sees them during the hand --------

# (not "with no trumps": what a no-trump bid says it expects, public)
_COUNTS = re.compile(r"(?<!with )\b(?:no|one|two|three|four|five|six|seven|eight|nine|ten) "
                     r"(?:side )?(?:trumps?|aces?|guarded kings?)\b")


def _hidden(game: Game, learner: Seat) -> set[Card]:
    """The cards the learner cannot see now: the other hands not shown face up, and the kitty
    and the discard unless the learner took the kitty."""
    rep = game.replay
    state = rep.states[-1]
    out = {c for s, cards in state.hands.items() if s != learner and s not in state.shown for c in cards}
    contract = rep.contract
    if contract is None or contract.declarer != learner:
        out |= set(game.hand.kitty) | set(game.hand.discard or ())
    out -= set(state.hands.get(learner, ()))
    return out


def _names(text: str, hidden: set[Card]) -> list[str]:
    """The ways ``text`` names a hidden card, or counts a hand's cards."""
    found = [name for c in hidden for name in (c.pretty(), str(c), c.words())
             if re.search(rf"(?<![\w♠♥♦♣]){re.escape(name)}(?![\w♠♥♦♣])", text)]
    if any(isinstance(c, Joker) for c in hidden) and "joker" in text:
        found.append("joker")
    if any(isinstance(c, SuitedCard) and c.rank is Rank.JACK for c in hidden) and "bower" in text:
        found.append("bower")
    return found + _COUNTS.findall(text)


def _answer(game: Game, seat: Seat) -> str:
    """The learner's answer: pass, the first cards to put away, the first legal card."""
    if game.phase is Phase.AUCTION:
        return "disagree" if game.hand.auction[-1:] == (Declaration("ace-no-face"),) else "pass"
    if game.phase is Phase.DISCARD:
        return " ".join(str(c) for c in game.held(seat)[:game.rules.kitty_size])
    return str(game.legal()[0])


def _spy(game: Game) -> list[str]:
    """The full reasons of the computer's moves in ``game``, as it makes them."""
    made: list[str] = []
    real = game.computer

    def computer() -> tuple[Decision[object], object]:
        decision, ruling = real()
        made.append(decision.reason)
        if not game.hand.auction:  # thrown in: dealt again, and the reasons start afresh
            made.clear()
        return decision, ruling

    game.computer = computer  # type: ignore[method-assign,assignment]
    return made


HANDS_PLAYED = [("australian", 1, Seat.S), ("australian", 2, Seat.W), ("australian", 3, Seat.N),
                ("three-handed", 4, Seat.S)]


@pytest.mark.parametrize(("rules", "seed", "learner"), HANDS_PLAYED)
def test_the_terminal_tells_no_hidden_card_during_the_hand_and_every_reason_at_the_end(
        rules: str, seed: int, learner: Seat) -> None:
    game = Game(rules, seed, budget=QUICK)
    made = _spy(game)
    leaks: list[str] = []

    class Out(io.StringIO):
        def write(self, text: str) -> int:
            if "Why:" in text:  # a reason told during the hand
                leaks.extend(f"{n!r} in {text.strip()!r}" for n in _names(text, _hidden(game, learner)))
            return super().write(text)

    class In(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            return _answer(game, learner) + "\n" if game.to_act is not None else ""

    out = Out()
    play_in_terminal(game, learner, In(), out)
    assert game.to_act is None and made and not leaks
    during, _, end = out.getvalue().partition("The computer's reasons in full")
    assert "The whole deal, as dealt:" in during and "Why: " in during
    end = " ".join(end.split())  # the terminal wraps long lines
    for reason in made:
        assert reason in end, reason


@pytest.mark.parametrize(("rules", "seed", "learner"), HANDS_PLAYED)
def test_the_widget_log_tells_no_hidden_card_during_the_hand_and_every_reason_at_the_end(
        rules: str, seed: int, learner: Seat) -> None:
    game = Game(rules, seed, budget=QUICK)
    made = _spy(game)
    leaks: list[str] = []

    class Watched(PracticeWidget):
        def _note(self, steps: object, first: str, why: str = "") -> None:
            n = len(self.lines)
            super()._note(steps, first, why)
            for line in self.lines[n:]:
                text = html.unescape(line)
                if "Why:" in text:
                    leaks.extend(f"{m!r} in {text!r}" for m in _names(text, _hidden(self.game, learner)))

    w = Watched(game, learner.value)
    while not w.over:
        answer = _answer(w.game, learner)
        if w.game.phase is Phase.AUCTION:
            w.call(answer)
        elif w.game.phase is Phase.DISCARD:
            w.discard(answer)
        else:
            w.play(answer)
    assert made and not leaks
    assert "Why: " in "\n".join(w.lines)
    shown = html.unescape(w.end.reasons_html.value)
    assert w.end.reasons_html in w.end.children
    for reason in made:
        assert reason in shown, reason


def test_a_play_reason_names_the_card_played() -> None:
    """The property above holds with the played card named: it is no longer hidden."""
    rep = _before_card(5)
    said = told(rep, Seat.N, Seat.S, Decision(Play.parse("9H"), "North plays 9♥: it wins."))
    assert said == "North plays 9♥: it wins."
