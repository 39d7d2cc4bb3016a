"""The practice table: computer players that see only their own seat, and ``tutor play``.

Games here solve a fixed, small number of layouts a card with no clock, so the same seed
plays the same hand every time.
"""

from __future__ import annotations

import io
import random
from dataclasses import replace
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.engine.auction import Bid, BidKind, Call, Declaration, Pass, run_auction
from tutor.engine.cards import Card, Joker, Suit
from tutor.engine.order import sorted_hand
from tutor.engine.play import PlayContext, effective_suit
from tutor.engine.replay import build
from tutor.engine.rules import preset
from tutor.engine.seats import Seat, table
from tutor.engine.steps import StepKind
from tutor.files.handfile import check, load
from tutor.solve import Position
from tutor.teach.players import Budget, Game, choose_call, choose_discard, choose_play
from tutor.teach.players import game as game_module
from tutor.teach.players.bidding import evaluation
from tutor.teach.players.sampling import layouts
from tutor.views.terminal.safe_text import display_width

QUICK = Budget(seconds=None, early=2, middle=2, late=3)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def test_bid_says_why_in_one_sentence() -> None:
    hand = cards("Jo JH AH 9H 7H AS AC 4D 5D 6S")
    d = choose_call(Seat.W, hand, [Pass(), Pass()], preset("australian"), Seat.N)
    assert d.choice == Bid.parse("6H")  # Australian: the cheapest bid, up to what the count reaches
    assert d.reason.startswith("West bids 6♥: five trumps with the joker, right bower and ace")
    assert "two side aces" in d.reason and d.reason.count(".") == 1


def test_one_round_auction_bids_straight_to_the_count() -> None:
    hand = cards("Jo JH AH 9H 7H AS AC 4D 5D 6S")
    d = choose_call(Seat.W, hand, [Pass()], preset("avondale"), Seat.S)
    assert isinstance(d.choice, Bid) and d.choice.tricks >= 8


def test_never_bids_over_partner() -> None:
    hand = cards("Jo JH AH 9H 7H AS AC 4D 5D 6S")
    d = choose_call(Seat.W, hand, [Bid.parse("6S"), Pass()], preset("australian"), Seat.N)
    assert d.choice == Pass() and "partner" in d.reason


# North deals: East speaks first, then South, West, North. South opens 7♥, West overcalls 8♠.
OVERCALLED: list[Call] = [Pass(), Bid.parse("7H"), Bid.parse("8S")]


def test_raises_partners_suit_over_the_opponents_with_support() -> None:
    # partner's 7♥ counted one trick from North; North adds the joker, four trumps and an ace:
    # 7 - 1 + 3 = 9 between them, the best count (North alone counts 6 in hearts)
    hand = cards("Jo 9H 8H 4H AC 5C 6D 7D 8S 9S")
    d = choose_call(Seat.N, hand, OVERCALLED, preset("australian"), Seat.N)
    assert d.choice == Bid.parse("8H")  # the cheapest bid over 8♠, up to the count
    assert d.reason == ("North bids 8♥: partner bid 7♥ counting one from North, and North adds "
                        "the joker, four trumps and one side ace: 9 tricks between them.")


def test_no_raise_without_support() -> None:
    hand = cards("4H 5C 6C 7C 6D 7D 8D 8S 9S 10S")
    d = choose_call(Seat.N, hand, OVERCALLED, preset("australian"), Seat.N)
    assert d.choice == Pass()
    assert "partner bid 7♥ counting one from North, and North adds nothing" in d.reason


def test_a_raise_in_one_round_of_bidding_is_a_trick_more_careful() -> None:
    # Avondale: the raise goes straight to the count, one less than in the Australian auction
    hand = cards("Jo 9H 8H 4H AC 5C 6D 7D 8S 9S")
    d = choose_call(Seat.N, hand, OVERCALLED, preset("avondale"), Seat.N)
    assert d.choice == Bid.parse("8H")
    assert "less one as the raise goes straight to the count: 8 tricks between them" in d.reason


def test_partners_raise_of_my_own_suit_is_not_counted_again() -> None:
    # West deals. North opened 7♥, East bid 8♠, South raised to 8♥ counting North's hand
    # already, West bid 9♠: now North counts only its own hand (7 in hearts, short of 9♥) and
    # passes; counting South's 8♥ again as support would have made it 8 - 1 + 4 = 11: 9♥.
    hand = cards("Jo JH AH 9H 7H 5C 6C 7D 8S 9S")
    rules = preset("australian")
    calls: list[Call] = [Bid.parse("7H"), Bid.parse("8S"), Bid.parse("8H"), Bid.parse("9S")]
    d = choose_call(Seat.N, hand, calls, rules, Seat.W)
    assert d.choice == Pass()
    assert "partner bid" not in d.reason


def test_partners_fresh_bid_in_its_own_suit_counts_after_this_seat_raised() -> None:
    # North deals. East names spades (6♠), West raises (7♠), East bids again on its own count
    # (8♠) over North's 7♥: West now counts from East's 8♠, not from the 6♠ it first raised
    hand = cards("5D AC 9C 10D 7C QC KH 6S JS 9H")
    calls: list[Call] = [Bid.parse(c) for c in ["6S", "6H", "7S", "7H", "8S", "8H"]]
    d = choose_call(Seat.W, hand, calls, preset("australian"), Seat.N)
    assert d.choice == Bid.parse("9S")
    assert d.reason.startswith("West bids 9♠: partner bid 8♠ counting one from West, and West adds "
                               "the right bower, one side ace and one guarded king")


def test_raises_are_left_to_four_handed_tables() -> None:
    # at six, a raise by the other partner already took off the trick counted from this side
    calls: list[Call] = [Bid.parse(c) for c in ["7H", "8S", "8H", "9S"]]
    counts = evaluation(Seat.SW, cards("AH 10H 5H AD 5C 6D 7D 8S"), calls, preset("six-handed"), Seat.NW)
    assert counts is not None and all(e.raises is None for e in counts)


def test_the_count_checked_against_lessons_includes_the_raise() -> None:
    hand = cards("Jo 9H 8H 4H AC 5C 6D 7D 8S 9S")
    counts = evaluation(Seat.N, hand, OVERCALLED, preset("australian"), Seat.N)
    assert counts is not None
    assert counts[0].strain == Bid.parse("8H").strain and counts[0].tricks == 9
    assert counts[0].words.startswith("partner bid 7♥") and counts[0].raises == Bid.parse("7H")


def test_computer_auctions_end_and_raise_only_a_suit_partner_named() -> None:
    """Over many deals: each raise names a suit partner bid (not one this seat named first),
    and the auction ends (the engine refuses any call the rules forbid)."""
    at = table(4)
    raises = 0
    for seed in range(300):
        game = Game("australian", seed, budget=QUICK)
        while game.phase.value == "auction":
            seat = game.to_act
            assert seat is not None
            before = game.auction()
            decision, _ruling = game.computer()
            if isinstance(decision.choice, Bid) and "partner bid" in decision.reason:
                raises += 1
                pairs = list(zip(before.calls, before.callers, strict=False))
                partners = [c.strain for c, who in pairs if isinstance(c, Bid) and who != seat
                            and at.side_of(who) == at.side_of(seat)]
                first_mine = next((i for i, (c, who) in enumerate(pairs) if who == seat
                                   and isinstance(c, Bid) and c.strain == decision.choice.strain), None)
                first_partner = next(i for i, (c, who) in enumerate(pairs) if who != seat
                                     and at.side_of(who) == at.side_of(seat)
                                     and isinstance(c, Bid) and c.strain == decision.choice.strain)
                assert decision.choice.strain in partners
                assert first_mine is None or first_partner < first_mine
        assert game.auction().complete
    assert raises > 10  # the property was exercised


# West Seventh Street: "If a player has exactly one ace but no face cards or joker, they may
# declare 'Ace – no face' ... Their partner must agree or disagree."
WSS = "west-seventh-street"


def test_declares_ace_no_face_with_one_ace_no_face_card_and_no_contract() -> None:
    hand = cards("AS 10S 10H 10C 10D 9S 9H 9C 9D 8S")  # too many middling cards for nullo
    d = choose_call(Seat.E, hand, [], preset(WSS), Seat.N)
    assert d.choice == Declaration("ace-no-face")
    assert d.reason.startswith("East declares ace – no face: one ace and no king, queen, jack or joker")
    assert choose_call(Seat.E, hand, [], preset("american"), Seat.N).choice == Pass()  # not these rules


def test_declaring_ace_no_face_on_a_raise_count_says_the_raise() -> None:
    # West's best count is a raise of partner's hearts: it counts partner's bid, not the middle
    hand = cards("AS 10H 9H 10S 9S 8C 7C 10D 9D 8D")
    d = choose_call(Seat.W, hand, [Bid.parse("7H"), Bid.parse("8S")], preset(WSS), Seat.N)
    assert d.choice == Declaration("ace-no-face")
    assert "partner bid 7♥ counting one from West" in d.reason
    assert "from the middle" not in d.reason


@pytest.mark.parametrize(("held", "answer"), [
    ("4S 5S 6H 7H 8C 9C 4D 5D 6D 7C", "agree"),        # counts to 4: throw it in
    ("Jo JH JD AH KH QH 9H AS 4C 5D", "disagree"),     # counts to 10 in hearts: play on
])
def test_answers_partners_ace_no_face_at_once(held: str, answer: str) -> None:
    d = choose_call(Seat.W, cards(held), [Declaration("ace-no-face")], preset(WSS), Seat.N)
    assert d.choice == Declaration(answer)
    run_auction([Declaration("ace-no-face"), d.choice], preset(WSS), Seat.N)  # the engine takes it


def test_a_practice_game_goes_on_after_the_learner_declares_ace_no_face() -> None:
    # deal 25: South, first to speak, holds one ace and no face card; the computer partner
    # must answer (it used to pass, which the rules refuse, and the game stopped)
    game = Game(WSS, 25, budget=QUICK)
    assert game.to_act == Seat.S
    game.call(Declaration("ace-no-face"))
    decision, _ruling = game.computer()
    assert decision.choice in (Declaration("agree"), Declaration("disagree"))
    while game.to_act is not None and game.phase.value == "auction":
        game.computer()
    assert game.auction().complete


def test_west_seventh_street_computer_auctions_always_end() -> None:
    declared = 0
    for seed in range(300):
        game = Game(WSS, seed, budget=QUICK)
        while game.phase.value == "auction":
            decision, _ruling = game.computer()
            declared += decision.choice == Declaration("ace-no-face")
        assert game.auction().complete
    assert declared > 0  # the property covered the declaration and its answer


def test_misere_discard_puts_away_the_joker_and_lone_middling_cards() -> None:
    held = cards("Jo 4S 5S 9C 4H 5H 6H 4D 5D 6D 7D 9H KS")
    d = choose_discard(Seat.S, held, Bid(BidKind.MISERE), preset("australian"))
    assert Joker() in d.choice and Card.parse("9C") in d.choice
    assert Card.parse("4S") not in d.choice


def test_trump_discard_keeps_trumps_and_makes_a_void() -> None:
    held = cards("Jo JH JD AH 9H 7H AS AC 4D 5C 6S 8S 10S")
    d = choose_discard(Seat.S, held, Bid.parse("8H"), preset("australian"))
    assert set(d.choice) == set(cards("4D 5C 6S"))
    assert not set(d.choice) & set(cards("Jo JH JD AH 9H 7H"))
    assert "voids" in d.reason


def test_trump_discard_counts_a_card_held_twice_once_it_is_put_away() -> None:
    """A home-made pack may hold a card twice: putting one 5♥ away keeps the other, so ten
    trumps are kept, not eleven."""
    held = cards("JH JD Jo AH KH QH 10H 9H 8H 5H 5H 6S 7S")
    d = choose_discard(Seat.S, held, Bid.parse("8H"), preset("australian"))
    assert sorted(map(str, d.choice)) == ["5H", "6S", "7S"]
    assert "keeps its best 10 trumps" in d.reason


def test_no_trump_discard_says_long_suits_not_voids() -> None:
    """In no-trumps a void ruffs nothing: the reason speaks of the long suits kept, and of aces
    with no "side" (there is no trump suit for them to be beside)."""
    held = cards("Jo AH KH QH 9H AS KS QS 4D 5C 6C 8S 10S")
    d = choose_discard(Seat.S, held, Bid.parse("8NT"), preset("australian"))
    assert Card.parse("4D") in d.choice
    assert "voids" not in d.reason and "side aces" not in d.reason
    assert "short clubs and diamonds" in d.reason and "long suits" in d.reason


def test_layouts_respect_shown_voids() -> None:
    ctx = PlayContext.of(Bid.parse("7S"), None)
    hands = (cards("AS KS"), cards("AH KH"), cards("QS QH"), cards("JS 10H"))
    pos = Position(seats=(Seat.N, Seat.E, Seat.S, Seat.W), hands=hands,
                   team=(True, False, True, False), ctx=ctx,
                   shown_void=(frozenset(), frozenset({Suit.SPADES}), frozenset(), frozenset()))
    pool = [c for h in hands[1:] for c in h]
    for sample in layouts(pos, 0, (), pool, random.Random(1), 50):
        assert not any(c.suit is Suit.SPADES for c in sample.hands[1])  # type: ignore[attr-defined]


def test_a_card_choice_depends_only_on_what_the_seat_sees() -> None:
    """Swap the cards of two hidden hands: the seat to play cannot tell, so it plays the same."""
    game = Game("australian", 0, budget=QUICK)
    while game.phase.value != "play":
        game.computer()
    pos = game.position()
    me = pos.to_move
    a, b = [i for i in range(4) if i != me][:2]
    hands = list(pos.hands)
    hands[a], hands[b] = hands[b], hands[a]
    swapped = replace(pos, hands=tuple(hands))
    contract = game.auction().contract
    assert contract is not None
    pack = game.rules.the_pack.cards
    gone = game.hand.discard if pos.seats[me] == contract.declarer else ()
    one = choose_play(pos, pos.seats[me], contract.bid, pack=pack, gone=gone or (), budget=QUICK)
    two = choose_play(swapped, pos.seats[me], contract.bid, pack=pack, gone=gone or (), budget=QUICK)
    assert one == two


@pytest.mark.parametrize("rules", ["avondale", "three-handed"])
def test_a_whole_computer_hand_replays_by_the_rules(rules: str) -> None:
    game = Game(rules, 2, budget=QUICK)
    reasons = []
    while game.to_act is not None:
        decision, _ruling = game.computer()
        reasons.append(decision.reason)
    rep = build(game.hand)
    assert not rep.problems and rep.complete
    assert all(r.endswith(".") and r.split()[0] in {"North", "East", "South", "West"} for r in reasons)


def _run(argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(argv)
    return status, capsys.readouterr().out


def test_tutor_play_scripted_end_to_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """The learner sits South, bids, discards and plays from stdin; the saved hand checks."""
    common = ["play", "--seed", "3", "--samples", "2", "--seat", "S"]  # South plays 7♦
    auto = tmp_path / "auto.yaml"
    status, _ = _run([*common, "--auto", "--save", str(auto)], "", monkeypatch, capsys)
    assert status == 0
    # South's answers, taken from the same seeded hand played by the computer.
    played = load(auto)
    rep = build(played)
    auction = run_auction(played.auction, played.rules, played.dealer)
    calls = [str(c) for c, s in zip(auction.calls, auction.callers, strict=True) if s is Seat.S]
    cards_ = [str(s.play) for s in rep.steps if s.kind is StepKind.CARD and s.seat is Seat.S]
    assert auction.contract is not None and auction.contract.declarer is Seat.S and played.discard
    north_card = str(played.hands[Seat.N][0])
    answers = ["11H", *calls, " ".join(str(c) for c in played.discard), north_card, *cards_]
    saved = tmp_path / "learner.yaml"
    status, out = _run([*common, "--save", str(saved)], "\n".join(answers) + "\n", monkeypatch, capsys)
    assert status == 0
    said = " ".join(out.split())  # the terminal wraps long lines
    assert "Not allowed: cannot bid 11 tricks" in said
    refusal = said.split("Not allowed: trick 1, card 1")[1]  # the engine's reason, card refused
    assert Card.parse(north_card).words() in refusal.split("Your card")[0]
    assert "Review of your decisions, South" in out
    assert max(display_width(line) for line in out.splitlines()) <= 100
    assert load(saved).play == played.play
    assert check(saved)[1] == []
    assert main(["check", "--quiet", str(saved)]) == 0


def test_tutor_play_refuses_a_table_it_cannot_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--rules", "five-handed"]) == 2
    assert "three- and four-handed" in capsys.readouterr().err


def test_tutor_play_asks_for_an_answer_to_partners_ace_no_face(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # deal 488, West Seventh Street: North, first to speak, declares ace – no face, and the
    # prompt asks South for the answer; a pass is refused with the rule, then South disagrees
    # (the input then runs out, which ends the game)
    argv = ["play", "--rules", WSS, "--seed", "488", "--samples", "1", "--seat", "S"]
    _status, out = _run(argv, "pass\ndisagree\n", monkeypatch, capsys)
    said = " ".join(out.split())
    assert "North declares ace – no face" in said
    assert "Partner declared ace – no face: agree (throw the hand in) or disagree" in said
    assert "Not allowed: South must answer North's ace – no face with agree or disagree" in said
    assert "South disagrees: the bidding goes on" in said


def test_grand_nullo_has_both_exchanges_at_the_practice_table(monkeypatch: pytest.MonkeyPatch) -> None:
    # West Seventh Street, deal 6: North bids nullo, and South, the learner, grand nullo over it.
    # "1. The Grand Nullo bidder picks up the middle and discards any 5 cards. 2. The original
    # Nullo bidder picks up those 5 discarded cards and discards 5 more."
    game = Game(WSS, 6, budget=replace(QUICK, bids=0))  # the count's nullo (not simulated)
    while game.to_act != Seat.S:
        game.computer()
    assert [str(c) for c in game.hand.auction] == ["6D", "misere", "8D"]  # nullo, as files write it
    game.call(Bid(BidKind.GRAND_NULLO))
    while game.phase.value == "auction":
        game.computer()
    assert game.phase.value == "discard" and game.to_act == Seat.S and len(game.held(Seat.S)) == 15
    south, _ruling = game.computer()  # the computer's discard, as a learner's would be
    assert "most likely to win a trick" in south.reason  # played to lose, not to ruff
    assert (game.phase.value, game.to_act) == ("discard", Seat.N)
    assert isinstance(south.choice, tuple)
    assert set(south.choice) <= set(game.held(Seat.N)) and len(game.held(Seat.N)) == 15
    # every other seat holds what the replay says it holds (South without its five)
    for seat in (Seat.S, Seat.E, Seat.W):
        assert game.held(seat) == game.replay.states[-1].hands[seat] and len(game.held(seat)) == 10
    north, _ruling = game.computer()
    assert game.hand.partner_discard == north.choice and game.phase.value == "play"
    # in the play, South does not count its five as out of play (North may have kept some of
    # them), and North counts its own five as out
    assert isinstance(north.choice, tuple)
    told: dict[Seat, list[Card]] = {}
    real = choose_play  # what the game module calls (the same function)

    def listen(pos: Position, seat: Seat, *args: object, gone: list[Card], **kwargs: object) -> object:
        told[seat] = list(gone)
        return real(pos, seat, *args, gone=gone, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(game_module, "choose_play", listen)
    while not {Seat.S, Seat.N} <= set(told):
        game.computer()
    assert not set(south.choice) & set(told[Seat.S])
    assert set(north.choice) <= set(told[Seat.N])
    while game.to_act is not None:
        game.computer()
    rep = build(game.hand)
    assert not rep.problems and rep.complete and rep.result is not None
    assert "grand nullo" in rep.result.ruling.text


def test_the_terminal_table_shows_the_hand_sorted_marks_the_kitty_and_never_suggests_the_joker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """At the discard: the thirteen cards in the hand's order (trumps first), the kitty's three
    named, and the example of how to answer made of low side cards, not the joker or a trump."""
    common = ["play", "--seed", "3", "--samples", "2", "--seat", "S"]  # South plays 7♦
    auto = tmp_path / "auto.yaml"
    status, _ = _run([*common, "--auto", "--save", str(auto)], "", monkeypatch, capsys)
    assert status == 0
    played = load(auto)
    auction = run_auction(played.auction, played.rules, played.dealer)
    assert auction.contract is not None and auction.contract.declarer is Seat.S
    calls = [str(c) for c, s in zip(auction.calls, auction.callers, strict=True) if s is Seat.S]
    _status, out = _run(common, "\n".join(calls) + "\n", monkeypatch, capsys)  # stops at the discard
    lines = out.split("Put away")[0].rsplit("Your cards: ", 1)[1].splitlines()
    context = build(played).context
    held = [*played.hands[Seat.S], *played.kitty]
    assert lines[0].split() == [c.pretty() for c in sorted_hand(held, context)]
    assert lines[1].strip() == "from the kitty: " + " ".join(
        c.pretty() for c in sorted_hand(played.kitty, context))
    example = out.split("Put away 3 cards (e.g. ")[1].split(")")[0].split()
    assert context is not None and context.trumps is not None and len(example) == 3
    for code in example:
        card = Card.parse(code)
        assert not isinstance(card, Joker) and effective_suit(card, context) != context.trumps, example
