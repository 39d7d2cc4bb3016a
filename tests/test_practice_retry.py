"""After a practice hand: the log names each move once, the whole deal is shown, the learner can
retry from any decision of theirs, and see what happens after a card (the line that punishes
it and the line after the better card). Small seeded games, two layouts a computer card."""

from __future__ import annotations

import functools
import io
from dataclasses import replace
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.engine.play import Play
from tutor.engine.replay import Replay, build
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.files.handfile import load
from tutor.solve import analyse
from tutor.teach.handreview.table import BY_THE_REVIEW, TABLE_LAYOUTS, summary_lines, table_review
from tutor.teach.handreview.value import Review
from tutor.teach.players import Budget, Game
from tutor.teach.players.aftermath import what_happens
from tutor.teach.players.retry import RetryError, decisions, find_decision, retry
from tutor.teach.players.seen import log_text, why_shown
from tutor.views.terminal.practice import play_in_terminal
from tutor.views.terminal.practice_end import end_of_hand

#: Two layouts a card; the count bids (the hands here are deal 1 as the count bids it, 6♥ by South).
QUICK = Budget(None, 2, 2, 2, bids=0)
HANDS = Path(__file__).parent.parent / "hands"


@functools.cache
def played(seed: int = 1) -> tuple[Replay, list[str]]:
    """A hand the computer plays at every seat, with the reasons it gave."""
    game = Game("australian", seed, budget=QUICK)
    reasons = []
    while game.to_act is not None:
        decision, _ = game.computer()
        reasons.append(decision.reason)
    return game.replay, reasons


def test_the_log_names_each_call_and_card_once_with_the_reason_under_it() -> None:
    out = io.StringIO()
    game = Game("australian", 1, budget=QUICK)
    play_in_terminal(game, Seat.S, io.StringIO(""), out, auto=True)
    said = " ".join(out.getvalue().split("The whole deal")[0].split())  # the log, during the hand
    rep, reasons = played(1)
    for reason, step in zip(reasons, [s for s in rep.steps if s.kind in (StepKind.CALL, StepKind.CARD)],
                            strict=False):
        head = reason.split(": ", 1)[0]  # "South plays K♠", "West passes"
        assert f"{head}:" not in said  # the move is named by the engine's ruling only
        assert said.count(" ".join(step.ruling.text.split())) >= 1
    for step in rep.steps:
        if step.kind is StepKind.CARD:  # each card's own ruling once
            assert said.count(" ".join(step.ruling.text.split())) == 1, step.ruling.text


def _flat(text: str) -> str:
    return " ".join(text.split())  # the terminal wraps long lines


def test_the_end_of_a_hand_shows_the_whole_deal_the_review_and_what_happens_after_the_costliest_card(
) -> None:
    out = io.StringIO()
    play_in_terminal(Game("australian", 1, budget=QUICK), Seat.S, io.StringIO(""), out, auto=True)
    text = out.getvalue()
    deal = text.split("The whole deal, as dealt:")[1].split("Review of your decisions")[0]
    rep, _ = played(1)
    for seat, cards in rep.hand.hands.items():
        line = next(x for x in deal.splitlines() if x.strip().startswith(seat.word + ":"))
        assert sorted(line.split(":", 1)[1].split()) == sorted(c.pretty() for c in cards)
    assert "Kitty: " in deal
    review = table_review(rep, Seat.S, seed=1)  # the table reviews by its game's seed
    assert isinstance(review, Review) and [v.place for v in review.costliest()] == ["3.3", "4.2", "1.1"]
    for line in summary_lines(review):  # the review's summary, the costliest decisions in words
        assert _flat(line) in _flat(text)
    assert "Trick 3: South's 9♣ ??: with what South could see" in _flat(text)
    assert f"each over at most {TABLE_LAYOUTS} layouts" in _flat(text)
    assert "all hands open (par" not in text and "cost 1 trick" not in text  # the old analysis
    assert "What happens after your 9♣ in trick 3" in text  # the costliest marked card
    assert f"And after A♥ instead ({BY_THE_REVIEW}):" in text
    assert "trick 3: North 6♠, East Q♥, [South 9♣], West J♠: East wins" in text


def test_show_after_the_hand_compares_with_the_reviews_better_card() -> None:
    rep, _ = played(1)
    game = Game("australian", 1, budget=QUICK, start=rep.hand)  # the hand over: straight to the end
    out = io.StringIO()
    play_in_terminal(game, Seat.S, io.StringIO("show 1\n"), out)
    shown = out.getvalue().split("Retry from: show 1")[1]
    # 7♣ was a double-dummy best card (no other line before the review), but with what South
    # could see the joker was better (the review marks the 7♣ ?)
    assert "What happens after your 7♣ in trick 1" in shown
    assert f"And after Jo instead ({BY_THE_REVIEW}):" in shown
    assert "trick 1: [South Jo]," in shown


@pytest.mark.parametrize("other", ["A♥", "Jo", "8♥"])
def test_the_better_line_follows_the_reviews_better_card(other: str) -> None:
    rep, _ = played(1)
    review = table_review(rep, Seat.S, seed=1)  # the table reviews by its game's seed
    assert isinstance(review, Review)
    worst = review.costliest()[0]
    assert worst.place == "3.3" and worst.mark == "??"
    best = next(o for o in worst.options if o.words == other)
    doctored = replace(review, plays=tuple(replace(v, best=best) if v is worst else v
                                           for v in review.plays))
    text = "\n".join(end_of_hand(rep, Seat.S, review=doctored))
    assert f"And after {other} instead ({BY_THE_REVIEW}):" in text
    better = text.split("And after")[1]
    assert f"[South {other}]" in better.splitlines()[1]


def _cards_before(rep: Replay, step: int) -> list[Play]:
    return [s.play for s in rep.steps[:step] if s.kind is StepKind.CARD and s.play is not None]


@pytest.mark.parametrize(("seat", "at"), [
    (Seat.W, "call1"), (Seat.S, "discard"), (Seat.S, "1"), (Seat.W, "4"), (Seat.W, "4.3"),
    (Seat.N, "10"),
])
def test_retry_gives_the_game_at_that_decision_with_the_seat_to_move(seat: Seat, at: str) -> None:
    rep, _ = played(1)
    d = find_decision(rep, seat, at)
    game = retry(rep, seat, at, budget=QUICK)
    assert game.to_act == seat
    hand = game.hand
    assert hand.hands == rep.hand.hands and hand.kitty == rep.hand.kitty
    calls = sum(1 for s in rep.steps[:d.step] if s.kind is StepKind.CALL)
    assert hand.auction == rep.hand.auction[:calls]
    assert [p for t in hand.play for p in t] == _cards_before(rep, d.step)
    assert hand.discard == (rep.hand.discard if d.kind is StepKind.CARD else None)
    if d.kind is StepKind.CARD:
        assert game.position().seats[game.position().to_move] == seat
        assert set(game.held(seat)) == set(rep.states[d.step - 1].hands[seat])


@pytest.mark.parametrize(("seat", "at", "said"), [
    (Seat.S, "4.1", "card 1 of trick 4 is East's, not South's"),
    (Seat.W, "discard", "West made no decision 'discard'"),
    (Seat.S, "11", "South made no decision '11'"),
])
def test_a_retry_point_not_the_seats_is_refused_saying_why(seat: Seat, at: str, said: str) -> None:
    rep, _ = played(1)
    with pytest.raises(RetryError, match=said):
        retry(rep, seat, at, budget=QUICK)


def test_what_happens_after_a_card_and_after_the_better_one() -> None:
    rep, _ = played(1)
    an = analyse(rep)
    k = next(k for k, p in enumerate(an.plays) if p.cost)
    what = what_happens(rep, k)
    assert what.played.card == an.plays[k].play and what.played.tricks == an.plays[k].value
    assert what.better is not None and what.better.tricks == an.plays[k].best
    assert what.better.card in an.plays[k].best_plays()
    for line in (what.played, what.better):
        after = build(line.hand)
        assert after.complete and not after.problems
        assert after.steps[line.start].play == line.card
    other = next(p for p in an.plays[k].options if p != an.plays[k].play)
    named = what_happens(rep, k, better=other)
    assert named.better is not None and named.better.card == other
    assert named.better.tricks == an.plays[k].options[other]


def test_after_the_hand_the_learner_retries_from_a_trick_and_is_asked_for_that_card() -> None:
    rep, _ = played(1)
    game = Game("australian", 1, budget=QUICK, start=rep.hand)  # the hand over: straight to the end
    out = io.StringIO()
    status = play_in_terminal(game, Seat.S, io.StringIO("show 2\n4\n"), out)
    text = out.getvalue()
    assert "What happens after your K♠ in trick 2" in text  # a best card: its line only
    assert "And after" not in text.split("What happens after your K♠")[1]
    assert "(retried from trick 4)" in text
    assert "Your cards: Jo A♥ 9♥ 8♥ 7♥ 6♥ A♣" in text and status == 1  # the input ran out there


def test_tutor_play_from_a_hand_file_at_a_trick(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status = main(["play", "--from", str(HANDS / "eight-hearts-set.yaml"), "--seat", "S",
                   "--at", "7", "--samples", "2"])
    out = capsys.readouterr().out
    assert status == 1 and "(retried from trick 7)" in out and "Your card (" in out
    assert main(["play", "--from", str(HANDS / "eight-hearts-set.yaml"), "--seat", "S",
                 "--at", "discard"]) == 2
    assert "South made no decision 'discard'" in capsys.readouterr().err


@pytest.mark.parametrize(("kind", "learner", "said"), [
    (StepKind.KITTY, Seat.W, "South takes the kitty without showing it."),
    (StepKind.DISCARD, Seat.W, "South puts three cards away face down."),
    (StepKind.KITTY, Seat.S, "South takes the kitty (the king and 9 of spades and the 9 of hearts)"),
    (StepKind.DISCARD, Seat.S, "South puts away the 10 and 6 of diamonds and the 9 of spades"),
])
def test_the_log_keeps_the_kitty_and_another_seats_discard_face_down(
    kind: StepKind, learner: Seat, said: str
) -> None:
    rep, _ = played(1)
    step = next(s for s in rep.steps if s.kind is kind)
    assert log_text(step, learner).startswith(said)
    assert why_shown(step, learner) == (kind is StepKind.KITTY or learner is Seat.S)


def test_a_defender_at_the_terminal_never_reads_the_kitty_or_the_discard() -> None:
    out = io.StringIO()
    play_in_terminal(Game("australian", 1, budget=QUICK), Seat.W, io.StringIO("pass\n"), out)
    said = " ".join(out.getvalue().split())
    rep, _ = played(1)
    before = said.split("Your card (")[0]  # all West has read when asked for its first card
    for card in (*rep.hand.kitty, *(rep.hand.discard or ())):  # none of them West's
        assert card.words() not in before and card.pretty() not in before
    assert "South puts three cards away face down." in said


@pytest.mark.parametrize("lesson", ["eight-hearts-set.yaml", "west-seventh-street-grand-nullo.yaml",
                                    "misere-partner-sits-out.yaml"])
def test_every_decision_of_every_seat_in_a_lesson_can_be_retried(lesson: str) -> None:
    rep = build(load(HANDS / lesson))
    for seat in rep.table.seats:
        for d in decisions(rep, seat):
            game = retry(rep, seat, d, budget=QUICK)
            assert game.to_act == seat, (seat, d.at)
            assert len(game.replay.steps) >= d.step  # the hand as it stood (the deal and after)
            if d.kind is StepKind.DISCARD:  # grand nullo: partner's exchange waits for partner
                assert (game.hand.discard is None) == (d.step == min(
                    i for i, s in enumerate(rep.steps) if s.kind is StepKind.DISCARD))


def test_the_terminal_retries_from_the_joker_nomination_and_asks_for_it_again() -> None:
    hand = load(HANDS / "misere-nominate-the-joker.yaml")
    start = replace(hand, notes={}, claims={}, decision=None, par=None, summary=None)
    out = io.StringIO()
    play_in_terminal(Game("australian", 0, budget=QUICK, start=start), Seat.S,
                     io.StringIO("joker\nC\n"), out)
    text = out.getvalue()
    assert "discard, joker for your nomination of its suit, or call1" in _flat(text)
    retried = text.split("Retry from: joker")[1]
    assert "Nominate the joker's suit" in retried
    assert "South nominates the joker as a club" in retried
