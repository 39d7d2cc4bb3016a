"""The shipped lessons: every hand in hands/ replays cleanly and teaches what its notes say.

Each lesson gets the general checks (loads, checks clean, plays to the end, has a title, an
intro, an outro and tags from docs/topics.md), and then the facts its teaching point rests
on, asserted against the engine's own rulings, so a lesson can never drift into teaching a
rule the engine does not apply.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.engine.auction import contract_value
from tutor.engine.cards import Card, Joker, Suit
from tutor.engine.play import IllegalPlay, Play, judge_play, legal_plays, power
from tutor.engine.replay import Replay, StepKind
from tutor.engine.rulings import Kind
from tutor.engine.seats import Seat, Side
from tutor.files import handfile
from tutor.views.terminal.replay import format_replay

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "hands"
LESSONS = sorted(HANDS.glob("*.yaml"))
#: Lessons that deliberately stop before the last trick (none yet).
PARTIAL: set[str] = set()


def _topics() -> dict[str, set[str]]:
    """The topic table of docs/topics.md: topic -> the lessons it names."""
    table: dict[str, set[str]] = {}
    for line in (ROOT / "docs" / "topics.md").read_text("utf-8").splitlines():
        m = re.match(r"^\| `([a-z-]+)` \| [^|]+ \| ([^|]*) \|$", line)
        if m:
            table[m.group(1)] = {s.strip() for s in m.group(2).split(",") if s.strip()}
    return table


TOPICS = _topics()
LESSON_TOPICS = {
    "follow-suit", "left-bower", "right-bower", "joker-in-trumps", "joker-in-no-trumps",
    "joker-nomination", "misere", "open-misere", "no-trumps", "bidding", "kitty", "scoring",
    "slam", "set-contract", "opening-lead", "drawing-trumps",
}


def replay_of(name: str) -> Replay:
    rp, problems = handfile.check(HANDS / f"{name}.yaml")
    assert problems == [], problems
    assert rp is not None
    return rp


def step_at(rp: Replay, key: str) -> tuple[int, Seat, Play, Kind]:
    """The card a note is on ("3.2"): its step index, seat, play and ruling kind."""
    for i, step in enumerate(rp.steps):
        if step.kind is StepKind.CARD and step.note_key == key:
            assert step.seat is not None and step.play is not None
            return i, step.seat, step.play, step.ruling.kind
    raise AssertionError(f"no card {key}")


def before(rp: Replay, index: int) -> tuple[tuple[Card, ...], list[Play]]:
    """What the seat to play at step ``index`` held, and the trick so far, just before it."""
    step = rp.steps[index]
    assert step.seat is not None and step.trick is not None
    state = rp.states[index - 1]
    hand = state.hands[step.seat]
    trick = state.current_trick
    plays = list(trick.plays) if trick and trick.number == step.trick and not trick.complete else []
    return hand, plays


def test_there_are_at_least_ten_lessons() -> None:
    assert len(LESSONS) >= 10


def test_the_topic_table_lists_the_lesson_topics() -> None:
    assert set(TOPICS) >= LESSON_TOPICS


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lesson_checks_clean_and_replays_to_the_end(path: Path) -> None:
    rp, problems = handfile.check(path)
    assert problems == []
    assert rp is not None
    if path.stem not in PARTIAL:
        assert rp.complete and rp.result is not None
        assert len(rp.tricks) == 10


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lesson_has_title_intro_outro_and_known_tags(path: Path) -> None:
    hand = handfile.load(path)
    assert hand.title.strip()
    assert hand.notes.get("intro", "").strip()
    assert hand.notes.get("outro", "").strip()
    assert hand.summary and hand.summary.strip()
    assert hand.tags, "a lesson names its teaching point in tags"
    unknown = set(hand.tags) - set(TOPICS)
    assert not unknown, f"tags not in docs/topics.md: {unknown}"
    for tag in hand.tags:
        assert path.stem in TOPICS[tag], f"docs/topics.md does not list {path.stem} under {tag}"
    # at least one note sits on a card or trick: the note is where the decision is
    assert any(k[0].isdigit() for k in hand.notes)
    # the intro asks, or the lesson's decision does; it does not tell
    assert "?" in hand.notes["intro"] or (hand.decision is not None and "?" in hand.decision.question)


@pytest.mark.parametrize("tag", sorted(TOPICS), ids=str)
def test_topic_table_names_only_lessons_that_carry_the_tag(tag: str) -> None:
    for name in TOPICS[tag]:
        path = HANDS / f"{name}.yaml"
        assert path.exists(), f"docs/topics.md names a lesson that does not exist: {name}"
        assert tag in handfile.load(path).tags


# what each lesson teaches -------------------------------------------------------------------


def test_first_night_is_the_cardpractice_hand_and_makes_seven_hearts() -> None:
    rp = replay_of("first-night-seven-hearts")
    hand = rp.hand
    assert hand.rules_spec.preset == "avondale"
    assert hand.dealer is Seat.E
    page = {Card.parse(c) for c in ["Jo", "JH", "AH", "KH", "9H", "AC", "KC", "10S", "8S", "6D"]}
    assert set(hand.hands[Seat.S]) == page
    assert {Card.parse("QH"), Card.parse("4H")} <= set(hand.kitty)
    assert set(hand.discard or ()) >= {Card.parse("10S"), Card.parse("8S")}
    assert [str(c) for c in hand.auction] == ["7H", "pass", "pass", "pass"]
    assert rp.contract is not None
    assert str(rp.contract.bid) == "7H" and rp.contract.declarer is Seat.S
    # the rules, not the page's slip, decide the first leader: left of East is South
    assert rp.tricks[0].leader is Seat.S
    assert "West sits on South's left" in " ".join(hand.notes["1.1"].split())
    # drawing trumps with the joker and the right bower
    assert [str(t.plays[0]) for t in rp.tricks[:2]] == ["Jo", "JH"]
    assert rp.result is not None and rp.result.made
    assert rp.tricks_won()[Side.NS] >= 7
    assert rp.result.score[Side.NS] == 200


def test_the_left_bower_must_follow_a_trump_lead() -> None:
    rp = replay_of("left-bower-follows-trumps")
    i, seat, play, kind = step_at(rp, "1.4")
    assert (seat, str(play), kind) == (Seat.E, "JD", Kind.LEFT_BOWER_IS_TRUMP)
    hand, plays = before(rp, i)
    ctx = rp.context
    assert ctx is not None and ctx.trumps is Suit.HEARTS
    # no card with a heart printed on it, yet only the jack of diamonds may be played
    assert not any(getattr(c, "suit", None) is Suit.HEARTS for c in hand)
    assert legal_plays(hand, plays, ctx) == [Card.parse("JD")]
    with pytest.raises(IllegalPlay) as err:
        judge_play(seat, hand, plays, Play(Card.parse("9C")), ctx)
    assert err.value.rule is Kind.LEFT_BOWER_IS_TRUMP


def test_the_left_bower_may_trump_its_printed_suit_when_void() -> None:
    rp = replay_of("left-bower-void-in-diamonds")
    i, seat, play, kind = step_at(rp, "3.4")
    assert (seat, str(play), kind) == (Seat.E, "JD", Kind.LEFT_BOWER_IS_TRUMP)
    assert rp.tricks[2].led is Suit.DIAMONDS
    hand, plays = before(rp, i)
    assert rp.context is not None
    # void in diamonds (the jack is a heart): any card may be played
    assert sorted(map(str, legal_plays(hand, plays, rp.context))) == sorted(map(str, hand))
    trick = rp.tricks[2]
    assert trick.winner is Seat.E and trick.ruling is not None
    assert trick.ruling.kind is Kind.TRUMPED


def test_the_joker_led_in_trumps_draws_both_bowers() -> None:
    rp = replay_of("joker-leads-trumps")
    first = rp.tricks[0]
    assert [str(p) for p in first.plays] == ["Jo", "JS", "5S", "JC"]
    assert [r.kind for r in first.rulings] == [
        Kind.JOKER_IS_TRUMP, Kind.FOLLOW_SUIT, Kind.FOLLOW_SUIT, Kind.LEFT_BOWER_IS_TRUMP,
    ]
    assert first.winner is Seat.N
    i, _seat, _play, _ = step_at(rp, "1.4")
    hand, plays = before(rp, i)
    assert rp.context is not None
    assert legal_plays(hand, plays, rp.context) == [Card.parse("JC")]
    assert rp.result is not None and rp.result.made


def test_the_joker_led_in_no_trumps_names_a_suit() -> None:
    rp = replay_of("joker-led-in-no-trumps")
    assert rp.context is not None and rp.context.wildcard
    lead = rp.tricks[0].plays[0]
    assert isinstance(lead.card, Joker) and lead.names is Suit.CLUBS
    assert rp.tricks[0].rulings[0].kind is Kind.JOKER_LED_NAMES_SUIT
    assert rp.tricks[0].led is Suit.CLUBS
    assert rp.tricks[0].ruling is not None and rp.tricks[0].ruling.kind is Kind.JOKER_WINS
    # North, void in clubs, may play anything
    assert rp.tricks[0].rulings[2].kind is Kind.VOID_ANY_CARD
    assert rp.result is not None and rp.result.made


def test_the_joker_in_no_trumps_waits_until_void() -> None:
    rp = replay_of("joker-only-when-void")
    assert rp.context is not None and rp.context.wildcard
    i, seat, play, _ = step_at(rp, "1.2")
    hand, plays = before(rp, i)
    assert Joker() in hand
    assert Joker() not in legal_plays(hand, plays, rp.context)
    with pytest.raises(IllegalPlay) as err:
        judge_play(seat, hand, plays, Play(Joker()), rp.context)
    assert err.value.rule is Kind.JOKER_ONLY_WHEN_VOID
    _, seat, play, kind = step_at(rp, "2.2")
    assert (seat, play.card, kind) == (Seat.N, Joker(), Kind.JOKER_ONLY_WHEN_VOID)
    assert rp.tricks[1].winner is Seat.N
    assert rp.tricks[1].ruling is not None and rp.tricks[1].ruling.kind is Kind.JOKER_WINS


def test_misere_is_played_alone_in_three_card_tricks() -> None:
    rp = replay_of("misere-partner-sits-out")
    assert rp.contract is not None and rp.contract.bid.is_misere
    out = rp.contract.declarer.partner
    assert any(s.kind is StepKind.SIT_OUT and s.seat is out for s in rp.steps)
    assert all(len(t.plays) == 3 and out not in t.seats[: len(t.plays)] for t in rp.tricks)
    assert Joker() in (rp.hand.discard or ())
    assert rp.result is not None and rp.result.ruling.kind is Kind.MISERE_MADE
    assert rp.result.score == {Side.NS: 250, Side.EW: 0}


def test_the_set_contract_loses_its_value_and_the_defenders_score() -> None:
    rp = replay_of("eight-hearts-set")
    assert rp.contract is not None and str(rp.contract.bid) == "8H"
    assert rp.result is not None and not rp.result.made
    assert rp.result.ruling.kind is Kind.CONTRACT_SET
    assert rp.tricks_won() == {Side.EW: 7, Side.NS: 3}
    assert rp.result.score == {Side.EW: -300, Side.NS: 30}


def test_the_slam_on_seven_spades_scores_250() -> None:
    rp = replay_of("seven-spades-slam")
    assert rp.contract is not None and str(rp.contract.bid) == "7S"
    assert contract_value(rp.contract.bid, rp.rules) == 140
    assert rp.tricks_won()[rp.contract.declarer.side] == 10
    assert rp.result is not None and rp.result.ruling.kind is Kind.SLAM
    assert rp.result.score[Side.NS] == 250


def test_a_nominated_joker_is_only_the_highest_heart() -> None:
    rp = replay_of("joker-nominated-in-no-trumps")
    assert rp.hand.joker is Suit.HEARTS
    assert any(s.kind is StepKind.NOMINATE for s in rp.steps)
    ctx = rp.context
    assert ctx is not None and ctx.joker_suit is Suit.HEARTS and not ctx.wildcard
    # the decision: East is void in clubs and holds the joker, which could not win the trick
    i, seat, _play, kind = step_at(rp, "2.2")
    hand, plays = before(rp, i)
    assert seat is Seat.E and Joker() in hand and kind is Kind.VOID_ANY_CARD
    assert Joker() in legal_plays(hand, plays, ctx)
    # the joker as a heart has no power in a club trick
    assert power(Joker(), Suit.CLUBS, ctx) == 0
    assert rp.tricks[1].winner is Seat.N
    # led, it is a heart and wins as the highest heart
    fourth = rp.tricks[3]
    assert fourth.plays[0].card == Joker() and fourth.led is Suit.HEARTS
    assert fourth.rulings[0].kind is Kind.JOKER_NOMINATED_SUIT and fourth.winner is Seat.E
    assert rp.result is not None and rp.result.made and rp.result.score[Side.EW] == 320


def test_open_misere_is_shown_and_made_after_the_right_discard() -> None:
    rp = replay_of("open-misere")
    assert rp.contract is not None and str(rp.contract.bid) == "open-misere"
    shown = [i for i, s in enumerate(rp.steps) if s.kind is StepKind.SHOW]
    assert len(shown) == 1 and rp.states[shown[0]].shown == {Seat.S}
    # shown after the first trick, before the second
    assert rp.steps[shown[0] - 1].kind is StepKind.TRICK and rp.steps[shown[0] - 1].trick == 1
    assert all(len(t.plays) == 3 for t in rp.tricks)
    # the lone 9 of spades went into the discard; the queen of clubs falls under the ace
    assert rp.hand.discard is not None and Card.parse("9S") in rp.hand.discard
    assert rp.tricks[5].plays[0].card == Card.parse("AC") and rp.tricks[5].winner is Seat.E
    assert all(t.winner is not Seat.S for t in rp.tricks)
    assert rp.result is not None and rp.result.made
    assert rp.result.score == {Side.NS: 500, Side.EW: 0}


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lesson_reads_in_the_terminal_with_every_note(path: Path) -> None:
    rp, _ = handfile.check(path)
    assert rp is not None
    text = format_replay(rp)
    # one "→" line a trick: a wrapped winner's sentence does not repeat the arrow
    assert sum(line.startswith("  → ") for line in text.splitlines()) == len(rp.tricks)
    flat = " ".join(text.replace("»", " ").split())
    for note in rp.hand.notes.values():
        assert " ".join(note.split()) in flat


def test_open_misere_shows_the_hand_in_the_terminal() -> None:
    text = format_replay(replay_of("open-misere"), symbols=False)
    assert "lays their hand face up" in text
    assert "H 6 5  C Q 7 6 5  D 6 5 4" in text


def test_the_australian_auction_goes_round_and_a_pass_is_final() -> None:
    rp = replay_of("australian-auction")
    auction = rp.auction
    assert auction is not None and rp.rules.auction == "australian"
    callers = list(auction.callers)
    assert callers == [Seat.E, Seat.S, Seat.W, Seat.N, Seat.E, Seat.S, Seat.N, Seat.E]
    # once a player passes they never call again
    for i, (seat, call) in enumerate(zip(callers, auction.calls, strict=True)):
        if str(call) == "pass":
            assert seat not in callers[i + 1:]
    # players who have not passed bid more than once; all but one pass
    assert callers.count(Seat.N) == 2 and callers.count(Seat.E) == 3
    assert rp.contract is not None and rp.contract.declarer is Seat.N
    assert str(rp.contract.bid) == "8H"
    assert rp.result is not None and rp.result.made
