"""The lessons' words (issue 29): what an expert read of the lessons found, held so it cannot
come back.

Each lesson below once said something a strong player would not teach: a rule stated without
its danger, a pass or a bid shown as the model that is not one, a note that reasons from cards
its seat cannot see, a correction of a web page the learner does not have. Each test checks
that the wrong words are gone, that the true ones are there, and that what they state holds on
the deal: the solver's values, the engine's seating and scores, the computer bidder's count.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from shipped_lessons import lesson, note_text, options_at

from tutor.engine.auction import Bid, BidKind, Contract, Pass, contract_value, parse_call, run_auction
from tutor.engine.cards import parse_card
from tutor.engine.hand import Hand
from tutor.engine.replay import Replay, build
from tutor.engine.rules import preset
from tutor.engine.scoring import score_hand
from tutor.engine.seats import Seat, Side
from tutor.solve import Solver, analyse
from tutor.teach.players.bidding import choose_call

ROOT = Path(__file__).resolve().parent.parent


def _words(text: str) -> str:
    return " ".join(text.split())


def _all_text(rp: Replay) -> str:
    """Everything the author wrote that a learner reads: title, summary and every note."""
    return _words(" ".join([rp.hand.title, rp.hand.summary or "", *rp.hand.notes.values()]))


def _contract_tricks(hand: Hand, seat: Seat, bid: str) -> int:
    """The tricks ``seat``'s side takes in ``bid`` with ``seat`` as contractor, after its best
    discard, with best play (the auction: passes up to ``seat``, the bid, then passes)."""
    calls = [parse_call("pass")] * list(_order(hand)).index(seat) + [parse_call(bid)]
    while not run_auction(calls, hand.rules, hand.dealer).complete:
        calls.append(Pass())
    pool = [*hand.hands[seat], *hand.kitty]
    trial = dataclasses.replace(hand, auction=tuple(calls), discard=tuple(pool[:len(hand.kitty)]),
                                play=(), joker=None, notes={}, claims={}, par=None, decision=None)
    rep = build(trial)
    assert not rep.problems, rep.problems
    return analyse(rep, solver=Solver(), kitty=True).discards[0].value


def _order(hand: Hand) -> tuple[Seat, ...]:
    seat, out = hand.dealer, []
    for _ in range(4):
        seat = seat.next()
        out.append(seat)
    return tuple(out)


# --- game-end-at-460: the opponents on 350 must outbid -------------------------------------

def test_the_460_lesson_no_longer_teaches_the_lowest_level_as_the_rule() -> None:
    rp = lesson("game-end-at-460")
    text = _all_text(rp)
    assert "the contract most sure to make, at the level you need" not in text
    assert "eight spades 280" not in text  # eight spades is worth 240
    intro = note_text(rp, "intro")
    assert "East–West need 150" in intro and "they will try to outbid it" in intro
    auction = note_text(rp, "auction")
    for words in ("Six spades is the level you need", "East–West cannot let it stand",
                  "What eight spades risks: it has no trick to spare"):
        assert words in auction


def test_the_460_lesson_bids_eight_spades_and_offers_seven() -> None:
    rp = lesson("game-end-at-460")
    assert [str(c) for c in rp.hand.auction] == ["8S", "pass", "pass", "pass"]
    assert rp.contract is not None and str(rp.contract.bid) == "8S"
    assert rp.contract.declarer is Seat.S
    decision = rp.hand.decision
    assert decision is not None
    assert [str(c) for c in decision.choices] == ["6S", "7S", "8S", "7NT"]
    assert str(decision.right) == "8S"
    # every spade contract takes the same eight tricks (tutor check verifies tricks:)
    assert {str(decision.choices[i]): n for i, n in decision.tricks.items()} == {
        "6S": 8, "7S": 8, "8S": 8, "7NT": 5}
    assert rp.result is not None and rp.result.made
    assert rp.result.score[Side.NS] == 240


@pytest.mark.parametrize(("bid", "points"), [("6S", 40), ("7S", 140), ("8S", 240), ("7NT", 220),
                                             ("7C", 160), ("8C", 260)])
def test_the_460_lesson_names_each_contract_at_its_value(bid: str, points: int) -> None:
    rules = preset("australian")
    assert contract_value(Bid.parse(bid), rules) == points
    # what East–West need, 150: seven clubs is the cheapest contract of theirs that reaches it
    need = 500 - 350
    cheapest = min((b for b in (f"{n}{s}" for n in (6, 7) for s in ("S", "C", "D", "H", "NT"))
                    if contract_value(Bid.parse(b), rules) >= need),
                   key=lambda b: contract_value(Bid.parse(b), rules))
    assert cheapest == "7C"


def test_the_460_lesson_danger_is_real_east_west_make_ten_diamonds() -> None:
    hand = lesson("game-end-at-460").hand
    assert _contract_tricks(hand, Seat.E, "6D") == 10
    assert _contract_tricks(hand, Seat.E, "6H") == 9 and _contract_tricks(hand, Seat.W, "6H") == 9
    # "the joker, both red jacks and five more diamonds"
    diamonds = {str(c) for s in (Seat.E, Seat.W) for c in hand.hands[s]
                if str(c) == "Jo" or str(c).endswith("D") or str(c) == "JH"}
    assert diamonds == {"Jo", "JD", "JH", "KD", "QD", "8D", "5D", "4D"}


def test_the_460_lesson_what_eight_spades_one_short_costs() -> None:
    rules = preset("australian")
    result = score_hand(Contract(Bid.parse("8S"), Seat.S), {Side.NS: 7, Side.EW: 3}, rules)
    assert dict(result.score) == {Side.NS: -240, Side.EW: 30}
    assert (460 + result.score[Side.NS], 350 + result.score[Side.EW]) == (220, 380)


# --- auction-a-pass-not-final: the pass is not the model -------------------------------------

def test_the_pass_not_final_lesson_says_the_first_pass_is_not_the_model() -> None:
    rp = lesson("auction-a-pass-not-final")
    intro = note_text(rp, "intro")
    assert "to hear the others" not in intro
    assert "That pass is not the model" in intro
    assert "not the model" in _words(rp.hand.summary or "")
    assert "come back in when the opponents show where the cards are" not in note_text(rp, "outro")
    # and it is not: the computer bidder, counting South's hand, bids at once
    hand = rp.hand
    assert str(hand.auction[0]) == "pass"
    first = choose_call(Seat.S, hand.hands[Seat.S], [], hand.rules, hand.dealer).choice
    assert isinstance(first, Bid) and first.strain is not None and first.strain.value == "H"


# --- no-trumps-what-to-bury: the bidding is not the model -------------------------------------

def test_the_bury_lesson_says_the_bidding_is_not_the_model() -> None:
    rp = lesson("no-trumps-what-to-bury")
    assert "The bidding is not the model" in note_text(rp, "intro")
    assert "The deal is kind to the bold bidding" in note_text(rp, "1.1")
    hand = rp.hand
    assert parse_card("Jo") not in hand.hands[Seat.S]
    # "East and West each held one heart": the king and the queen, alone
    assert [str(c) for c in hand.hands[Seat.E] if str(c).endswith("H")] == ["KH"]
    assert [str(c) for c in hand.hands[Seat.W] if str(c).endswith("H")] == ["QH"]
    assert [str(p.card) for p in rp.tricks[0].plays] == ["AH", "QH", "5H", "KH"]


# --- no-trumps-long-suit-and-two-aces: South's view only --------------------------------------

def test_the_long_suit_lesson_tells_south_only_what_south_can_know() -> None:
    rp = lesson("no-trumps-long-suit-and-two-aces")
    intro = note_text(rp, "intro")
    assert "North has the joker" not in intro and "a defender holds it" not in intro
    assert "bold bid" in intro and "the bid is not the lesson" in intro
    hand = rp.hand
    assert parse_card("Jo") not in hand.hands[Seat.S] and parse_card("AS") not in hand.hands[Seat.S]
    assert parse_card("AS") not in hand.kitty  # South sees the kitty: the ace is not there
    # "the last of them with North's joker"
    last = rp.tricks[-1]
    assert last.winner is Seat.N and str(last.plays[last.winner_index or 0].card) == "Jo"


# --- partners-diamonds-or-your-hearts: what the raise costs and gains -------------------------

def test_the_raise_lesson_says_what_the_raise_costs_and_gains() -> None:
    rp = lesson("partners-diamonds-or-your-hearts")
    auction = note_text(rp, "auction")
    assert "the contractor takes the kitty and leads first" in auction
    assert "the raise gains 30 points" in auction
    rules = rp.hand.rules
    # both contracts take all ten tricks (tests/test_strategy_lessons.py, CONTRACTS)
    seven = score_hand(Contract(Bid.parse("7D"), Seat.N), {Side.NS: 10, Side.EW: 0}, rules)
    eight = score_hand(Contract(Bid.parse("8D"), Seat.S), {Side.NS: 10, Side.EW: 0}, rules)
    assert (seven.score[Side.NS], eight.score[Side.NS]) == (250, 280)
    assert eight.score[Side.NS] - seven.score[Side.NS] == 30
    # the raise moves the kitty and the lead to South
    assert rp.contract is not None and rp.contract.declarer is Seat.S
    assert rp.tricks[0].leader is Seat.S


def test_the_raise_lesson_says_why_the_jack_of_spades_and_not_a_heart() -> None:
    rp = lesson("partners-diamonds-or-your-hearts")
    note = note_text(rp, "2.3")
    assert "not a heart" in note and "throwing any heart here costs a trick" in note
    claims = rp.hand.claims["2.3"]
    assert claims.only is True
    options = options_at(rp, "2.3")
    best = options["JS"]
    hearts = {c: v for c, v in options.items() if c.endswith("H")}
    assert len(hearts) == 5 and all(v == best - 1 for v in hearts.values()), options
    assert all(v < best for c, v in options.items() if c != "JS")


# --- defence-partners-jack-of-clubs 1.1: the 10 of clubs beats it too -------------------------

def test_the_jack_of_clubs_lesson_says_the_ten_beats_it_as_well() -> None:
    rp = lesson("defence-partners-jack-of-clubs")
    note = note_text(rp, "1.1")
    assert "the other leads all let South make" not in note
    assert "leading the 10 would beat the contract just as well" in note
    assert "every lead outside clubs lets South make it" in note
    options = options_at(rp, "1.1")
    assert options["JC"] == options["10C"] == 6  # seven hearts one off
    assert all(v >= 7 for c, v in options.items() if not c.endswith("C")), options
    assert rp.hand.claims["1.1"].best is True and not rp.hand.claims["1.1"].only


# --- misere-defence-what-to-throw: reasons only from what West sees ---------------------------
# A plain misère (not open): at the decision West sees its own hand and the cards played, so the
# words shown before the answer may not reason from East's or South's cards; the answer's note
# says how West infers what it needs.

def test_the_misere_throw_lesson_reasons_from_what_west_sees() -> None:
    from tutor.teach.seatview import seat_view

    rp = lesson("misere-defence-what-to-throw")
    assert rp.hand.decision is not None and rp.contract is not None
    assert rp.contract.bid.kind is BidKind.MISERE, "a plain misère: no hand is laid open"
    view = seat_view(rp, rp.hand.decision)
    assert view.seat is Seat.W and not view.sees(Seat.E) and not view.sees(Seat.S)
    before = " ".join(note_text(rp, at) for at in ("intro", "4.3", "7"))
    for words in ("open-hands", "you see every hand", "East holds", "Your partner East holds",
                  "South's hearts (the 8", "no clubs"):
        assert words not in before, words
    assert "you see only your own cards and the cards played" in note_text(rp, "intro")
    answer = note_text(rp, "8.3")
    assert "What West can see is enough" in answer and "has not been played" in answer
    assert rp.hand.claims["8.3"].make == 41  # tutor check holds it to tutor analyse --seat W


def test_the_kitty_odds_lessons_title_is_a_question() -> None:
    title = lesson("kitty-odds-one-trick-not-two").hand.title
    assert title.endswith("?") and "seven hearts or eight" in title, title


# --- first-night-seven-hearts: the rule, not the web page; who sits where ---------------------

def test_the_first_lesson_teaches_without_correcting_a_web_page() -> None:
    rp = lesson("first-night-seven-hearts")
    text = _all_text(rp)
    for words in ("the page", "The page", "CardPractice", "six trump\""):
        assert words not in text, words
    # the source note lives in the rules document instead
    rules_doc = _words((ROOT / "docs" / "rules.md").read_text("utf-8"))
    assert "\"West, left of the dealer, leads\"" in rules_doc
    assert "\"now has six trump\"" in rules_doc and "first-night-seven-hearts" in rules_doc


def test_the_first_lesson_seats_west_where_the_engine_does() -> None:
    rp = lesson("first-night-seven-hearts")
    note = note_text(rp, "1.1")
    assert "West sits left of North" not in note
    assert "West sits on South's left" in note and "the player on East's left is South" in note
    # clockwise N, E, S, W: the seat on one's left plays next
    assert Seat.S.next() is Seat.W and Seat.E.next() is Seat.S and Seat.W.next() is Seat.N
    assert rp.hand.dealer is Seat.E and rp.tricks[0].leader is Seat.S
    assert rp.tricks[0].seats[1] is Seat.W  # "and plays second"
