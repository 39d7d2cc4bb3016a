"""The quiz: questions come from replays, answers and explanations from the engine, by seed."""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine.cards import Card, Joker, Rank, SuitedCard
from tutor.engine.play import IllegalPlay, judge_play
from tutor.engine.replay import Replay
from tutor.engine.rulings import Kind
from tutor.engine.seats import Side
from tutor.files import handfile
from tutor.teach.quiz import (
    BASIC_KINDS,
    Question,
    QuestionKind,
    QuizSession,
    best_card_questions,
    make_quiz,
    matches_topic,
)

EXAMPLE = Path(__file__).parent / "data" / "spec-example.yaml"
# Who won each trick of the spec's example (docs/hand-format.md), by trick number.
EXAMPLE_WINNERS = {1: "S", 2: "E", 3: "N", 4: "E", 5: "E", 6: "E", 7: "N", 8: "S", 9: "S", 10: "S"}


@pytest.fixture(scope="module")
def example() -> Replay:
    result, problems = handfile.check(EXAMPLE)
    assert result is not None and not problems
    return result


def _fingerprint(qs: list) -> list[tuple[str, str, frozenset[str]]]:
    return [(q.kind.value, q.prompt, q.answer) for q in qs]


@pytest.mark.parametrize("seed", [0, 1, 42])
def test_the_same_seed_asks_the_same_questions(seed: int) -> None:
    first = make_quiz(seed=seed, count=6)
    assert len(first) == 6
    assert _fingerprint(first) == _fingerprint(make_quiz(seed=seed, count=6))
    assert {q.kind for q in first} == set(BASIC_KINDS)


def test_different_seeds_ask_different_questions() -> None:
    assert _fingerprint(make_quiz(seed=1, count=6)) != _fingerprint(make_quiz(seed=2, count=6))


def test_who_wins_from_a_hand_file_matches_the_tricks(example: Replay) -> None:
    qs = make_quiz([example], kinds=[QuestionKind.WHO_WINS], count=20, seed=5)
    assert sorted(q.trick.number for q in qs if q.trick) == list(range(1, 11))
    for q in qs:
        assert q.trick is not None
        assert q.answer == {EXAMPLE_WINNERS[q.trick.number]}
        # the trick is shown without giving the answer away
        assert q.trick.winner is None and q.trick.winner_index is None
        assert len(q.trick.plays) == 4
        fb = q.check_text(EXAMPLE_WINNERS[q.trick.number])
        assert fb.correct and fb.reasons == (example.tricks[q.trick.number - 1].ruling.text,)


def test_who_wins_accepts_the_seat_its_word_or_its_card(example: Replay) -> None:
    q = next(q for q in make_quiz([example], kinds=[QuestionKind.WHO_WINS], count=10)
             if q.trick and q.trick.number == 6)
    assert q.parse("e") == q.parse("East") == q.parse("Jo") == q.parse("Jo:S") == {"E"}
    assert q.check_text("North").correct is False
    assert "East" in q.check_text("North").headline
    with pytest.raises(ValueError, match="answer with a seat"):
        q.parse("the big one")


def test_legal_plays_answer_and_reasons_come_from_the_engine(example: Replay) -> None:
    qs = make_quiz([example], kinds=[QuestionKind.LEGAL_PLAYS], count=100, seed=0)
    q = next(q for q in qs if q.prompt.startswith("Trick 1 ") and q.seat and q.seat.value == "S")
    assert q.answer == {"AC"}  # South holds one club, the ace, when clubs are led
    fb = q.check_text("AC 5D")
    assert not fb.correct
    with pytest.raises(IllegalPlay) as err:
        judge_play(q.seat, q.hand, q.trick.plays, q.turn.play_for(Card.parse("5D")), q.turn.ctx)
    assert fb.reasons == (f"Not 5D: {err.value}.",)
    assert q.check_text("ac").correct
    with pytest.raises(ValueError, match="cards from the hand"):
        q.parse("AC ZZ")


@pytest.mark.parametrize("seed", range(12))
def test_the_card_played_at_the_table_is_always_among_the_legal_ones(seed: int) -> None:
    for q in make_quiz(seed=seed, count=6, kinds=[QuestionKind.LEGAL_PLAYS]):
        assert q.turn is not None
        assert str(q.turn.actual.card) in q.answer
        for choice in q.choices:
            assert choice.card is not None
            try:
                q.turn.judge(choice.card)
                legal = True
            except IllegalPlay:
                legal = False
            assert legal == (choice.key in q.answer), choice.key


def test_score_question_takes_letters_or_the_two_numbers(example: Replay) -> None:
    (q,) = make_quiz([example], kinds=[QuestionKind.SCORE], count=3)
    assert example.result is not None
    assert q.answer_text == "North–South +60, East–West −320"
    assert q.check_text("60 -320").correct
    assert q.check_text(next(iter(q.answer))).correct
    wrong = next(c.key for c in q.choices if c.key not in q.answer)
    fb = q.check_text(wrong)
    assert not fb.correct and fb.reasons == (example.result.ruling.text,)
    assert len({c.label for c in q.choices}) == len(q.choices) == 4
    assert not q.check_text("320 -60").correct


def _cards(q: Question) -> tuple[Card, ...]:
    return (*q.hand, *(q.trick.cards if q.trick else ()))


def _has_left_bower(q: Question) -> bool:
    trumps = q.contract.bid.trumps
    # The left bower: the jack of the other suit of the same colour as trumps.
    return trumps is not None and any(
        isinstance(c, SuitedCard) and c.rank is Rank.JACK and c.suit is trumps.sister for c in _cards(q)
    )


@pytest.mark.parametrize(
    ("topic", "holds"),
    [
        ("left-bower", _has_left_bower),
        ("joker", lambda q: any(isinstance(c, Joker) for c in _cards(q))),
        ("misere", lambda q: q.contract.bid.is_misere),
        ("no-trumps", lambda q: q.contract.bid.is_no_trumps and not q.contract.bid.is_misere),
        ("scoring", lambda q: q.kind is QuestionKind.SCORE),
    ],
)
def test_topics_filter_the_questions(topic: str, holds) -> None:
    qs = make_quiz(seed=11, count=4, topics=[topic])
    assert len(qs) == 4
    for q in qs:
        assert holds(q), (topic, q.prompt)


def test_topic_names_are_forgiving() -> None:
    assert matches_topic({"joker-in-no-trumps"}, ["joker"])
    assert matches_topic({"misere"}, ["Misère"])
    assert not matches_topic({"follow-suit"}, ["scoring"])


def test_session_keeps_a_tally_and_counts_the_first_answer() -> None:
    qs = make_quiz(seed=3, count=3)
    s = QuizSession(qs)
    right = next(iter(qs[0].answer)) if not qs[0].multiple else None
    fb = s.answer(qs[0].answer if right is None else [right])
    assert fb.correct and s.tally == "1 of 1 right"
    s.answer(["nonsense"])  # a second try at the same question does not change the tally
    assert s.tally == "1 of 1 right"
    s.next()
    assert not s.answer(["nonsense"]).correct
    assert s.tally == "1 of 2 right"
    s.next()
    s.next()
    with pytest.raises(IndexError):
        s.answer(["x"])


def _tutor(*args: str, stdin: str | None = None) -> str:
    out = subprocess.run([sys.executable, "-m", "tutor", "quiz", *args], input=stdin,
                         capture_output=True, text=True, check=True)
    return out.stdout


def test_cli_scripted_answers_from_a_hand_file() -> None:
    shown = _tutor(str(EXAMPLE), "--kind", "who-wins", "--count", "10", "--seed", "4", "--show-answers")
    order = [int(n) for n in re.findall(r"Trick (\d+) of", shown)]
    assert sorted(order) == list(range(1, 11))
    answers = ";".join(EXAMPLE_WINNERS[n] for n in order)
    out = _tutor(str(EXAMPLE), "--kind", "who-wins", "--count", "10", "--seed", "4", "--answers", answers)
    assert out.count("Right.") == 10
    assert out.rstrip().endswith("Score: 10 of 10 right")


def test_cli_interactive_reads_stdin_and_explains() -> None:
    out = _tutor("--seed", "1", "--count", "2", stdin="what?\nN\n\n")
    assert "cannot read 'what?'" in out  # asked again after an unreadable answer
    assert "Why: " in out and "Tally: " in out
    assert re.search(r"Score: \d of \d right", out)


def test_cli_show_answers_is_reproducible_and_ascii_has_no_symbols() -> None:
    a = _tutor("--seed", "9", "--count", "4", "--show-answers", "--ascii", "--topic", "joker")
    assert a == _tutor("--seed", "9", "--count", "4", "--show-answers", "--ascii", "--topic", "joker")
    assert a.count("Answer: ") == 4
    assert not set("♠♥♣♦") & set(a.replace("Why:", ""))


def test_tricks_won_in_score_prompt(example: Replay) -> None:
    (q,) = make_quiz([example], kinds=[QuestionKind.SCORE])
    won = example.tricks_won()
    assert f"North–South took {won[Side.NS]} tricks, East–West {won[Side.EW]}" in q.prompt


def test_module_doctests() -> None:
    import doctest

    import tutor.teach.quiz

    assert doctest.testmod(tutor.teach.quiz).failed == 0


# what a question says and how its feedback reads ----------------------------------------------


ROOT = Path(__file__).parent.parent


def test_who_wins_prompt_says_who_led_and_which_card(example: Replay) -> None:
    for q in make_quiz([example], count=20, kinds=[QuestionKind.WHO_WINS]):
        assert q.trick is not None
        led = q.trick.plays[0].card.words()
        assert f"{q.trick.leader.word} led {led}; who wins this trick?" in q.prompt


def test_two_cards_by_one_seat_are_answered_by_card() -> None:
    """Two-handed: South's joker and South's 5♥ are different answers, not both "South"."""
    rp, _ = handfile.check(ROOT / "hands" / "two-handed-table-cards.yaml")
    assert rp is not None
    qs = make_quiz([rp], count=20, kinds=[QuestionKind.WHO_WINS])
    assert len(qs) == len(rp.tricks)
    for q in qs:
        assert q.trick is not None and "which card wins this trick?" in q.prompt
        assert sorted(c.key for c in q.choices) == sorted(str(p) for p in q.trick.plays)
    first = next(q for q in qs if q.trick is not None and q.trick.number == 1)
    assert first.answer == {"Jo"}
    assert not first.check(["5H"]).correct and first.check_text("Jo").correct
    with pytest.raises(ValueError, match="one of the cards played"):
        first.parse("S")


def test_legal_feedback_is_short_sorted_and_names_the_telling_card() -> None:
    qs = [q for seed in range(6) for q in make_quiz(seed=seed, count=6, kinds=[QuestionKind.LEGAL_PLAYS])]
    assert qs
    for q in qs:
        assert q.turn is not None
        everything = q.check([c.key for c in q.choices])
        # one reason per rule broken, the rest of the cards named after it, never one line a card
        assert len(everything.reasons) <= 3, everything.reasons
        # the cards are offered (and so listed) in the order the hand is shown: trumps first
        from tutor.engine.order import sorted_hand
        assert [c.card for c in q.choices] == sorted_hand([c.card for c in q.choices if c.card], q.turn.ctx)
        held = [c.card for c in q.choices if c.card is not None]
        telling = [c for c in held if isinstance(c, Joker) or q.turn.ctx.is_right_bower(c)
                   or q.turn.ctx.is_left_bower(c)]
        if telling:
            right = q.check(q.answer)
            assert telling[0].words() in right.reasons[0] or str(telling[0]) in right.reasons[0], (
                right.reasons, telling)
        # the examples of notation are cards not in the hand: they say nothing of the answer
        with pytest.raises(ValueError, match="written as in") as err:
            q.parse("XX")
        examples = card_codes(str(err.value))
        assert len(examples) == 2 and not set(examples) & {c.key for c in q.choices}


def test_a_short_quiz_says_so(example: Replay, capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.teach.quiz import shortfall
    assert shortfall(5, 5) == ""
    assert shortfall(5, 2, "misere") == "Only 2 questions were available on misère, of the 5 asked for."
    assert shortfall(5, 1) == "Only 1 question was available, of the 5 asked for."
    from tutor.cli import main
    assert main(["quiz", str(EXAMPLE), "--kind", "score", "--count", "4", "--show-answers"]) == 0
    assert "Only 1 question was available, of the 4 asked for." in capsys.readouterr().out


HANDS = Path(__file__).resolve().parent.parent / "hands"


def test_terminal_quiz_shows_the_hand_trumps_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """South's seven hearts: East's left bower (J♦) comes first, then the other suits with their
    colours alternating, as the replay widget and the pages show the hand."""
    from tutor.cli import main
    assert main(["quiz", str(HANDS / "left-bower-follows-trumps.yaml"), "--kind", "legal-plays",
                 "--count", "40", "--seed", "1", "--show-answers", "--db", str(tmp_path / "h.db")]) == 0
    holds = [line.strip() for line in capsys.readouterr().out.splitlines() if " holds: " in line]
    assert "East holds: J♦ Q♠ 8♠ 6♠ A♦ 9♦ 5♦ K♣ Q♣ 9♣" in holds
    assert "North holds: 9♥ 6♥ 4♥ J♠ 7♠ 5♠ K♦ 10♦ 8♦ J♣" in holds


def test_best_card_choices_are_in_the_order_the_hand_is_shown() -> None:
    """North's opening lead in North's eight hearts: the joker, the left bower (J♦), the hearts,
    then the spades and the last diamond, as the widget draws the hand above its buttons."""
    from tutor.teach.quiz import best_card_questions
    from tutor.views.widgets import QuizWidget

    rp, _ = handfile.check(HANDS / "australian-auction.yaml")
    assert rp is not None
    (q,) = [q for q in best_card_questions(rp) if q.turn and q.turn.trick == 1]
    order = ["Jo", "JD", "AH", "9H", "8H", "4H", "AS", "KS", "7S", "AD"]
    keys = [c.key for c in q.choices]
    assert keys == [k for k in order if k in keys]  # the legal cards, in the hand's order
    assert [str(c) for c in q.hand_in_order()] == order
    w = QuizWidget(questions=[q])
    assert list(w.choice_buttons) == [c.key for c in q.choices]
    drawn = re.findall(r'data-card="([^"]+)"', w.question_html.value)
    assert drawn[-len(order):] == order  # the hand, after the trick (empty at a lead)


def test_best_card_questions_name_the_rules_in_words() -> None:
    """As every other question does: the preset's title, never its code name."""
    from tutor.teach.quiz import best_card_questions

    rp, _ = handfile.check(HANDS / "australian-auction.yaml")
    assert rp is not None
    questions = best_card_questions(rp)
    assert questions and {q.rules for q in questions} == {"Australian four-handed Five Hundred"}


# nothing to ask, the answer hint, the topic of a lead ---------------------------------------------


def card_codes(text: str) -> list[str]:
    """The cards written in notation in ``text`` (``10S``, ``QH``, ``Jo``), in order."""
    return re.findall(r"(?<![\w])(?:10|[2-9JQKA])[SHDC](?![\w])|(?<![\w])Jo(?![\w])", text)


def quiz_out(*argv: str) -> tuple[int, str, str]:
    """``tutor quiz ARGV`` in this process (no capsys: hypothesis runs it many times a test)."""
    from tutor.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["quiz", *argv])
    return status, out.getvalue(), err.getvalue()


NO_DECISION = HANDS / "eight-hearts-set.yaml"
NOR_HERE = HANDS / "australian-auction.yaml"


@pytest.mark.parametrize(("argv", "message"), [
    (["--kind", "decision"], "tutor quiz: random deals have no decision to ask: only a lesson with a "
                             "`decision:` asks one"),
    ([str(NO_DECISION), "--kind", "decision"], f"tutor quiz: {NO_DECISION} has no decision: only a lesson"),
    ([str(NO_DECISION), str(NOR_HERE), "--kind", "decision"],
     "tutor quiz: none of these 2 hand files has a decision: only a lesson"),
    ([str(NO_DECISION), "--kind", "decision", "--kind", "score", "--topic", "bidding"],
     "tutor quiz: no questions of the kind decision or score on bidding in these hands; the topics are"),
    ([str(NO_DECISION), "--kind", "who-wins", "--topic", "bidding"],
     "tutor quiz: no questions of the kind who-wins on bidding in these hands; the topics are"),
    (["--kind", "decision", "--review", "--db", "DB"], "tutor quiz: random deals have no decision to ask"),
])
def test_nothing_to_ask_is_one_line_saying_why(tmp_path: Path, argv: list[str], message: str) -> None:
    argv = [str(tmp_path / "h.sqlite3") if a == "DB" else a for a in argv]
    status, out, err = quiz_out(*argv, "--seed", "1", "--answers", "a")
    assert (status, out) == (1, "")
    assert err.startswith(message) and err.count("\n") == 1, err


def test_a_quiz_with_nothing_to_ask_makes_no_history(tmp_path: Path) -> None:
    """The history is made with the first answer kept, not by a quiz that could ask nothing."""
    db = tmp_path / "new" / "h.sqlite3"
    status, _out, err = quiz_out(str(NO_DECISION), "--kind", "decision", "--db", str(db), "--answers", "a")
    assert status == 1 and "has no decision" in err
    assert not db.parent.exists()


def test_a_lesson_with_a_decision_asks_it_by_kind() -> None:
    status, out, err = quiz_out(str(HANDS / "count-then-bid.yaml"), "--kind", "decision", "--show-answers",
                                "--seed", "1", "--count", "1")
    assert status == 0 and "decides" in out and "Answer: " in out and err == ""


def _hints(out: str) -> list[list[str]]:
    """The cards each question's answer hint writes, question by question."""
    blocks = out.split("Question ")[1:]
    return [card_codes(next(line for line in b.splitlines() if "Answer with the playable cards" in line))
            for b in blocks]


def _assert_hints_say_nothing(questions: list[Question], out: str) -> None:
    hints = _hints(out)
    assert len(hints) == len(questions) > 0
    for q, shown in zip(questions, hints, strict=True):
        assert shown, "the hint shows how to write a card"
        assert not set(shown) & q.answer, f"{q.prompt}: the hint shows {shown}, part of the answer"
        assert not set(shown) & {str(c) for c in q.hand}, "nor any card of the hand"


def test_the_answer_hint_gives_nothing_away_seed_11() -> None:
    """The case found: 9 of the 36 legal-card questions of seed 11 showed right answers."""
    questions = make_quiz(seed=11, count=60, kinds=[QuestionKind.LEGAL_PLAYS])
    status, out, _err = quiz_out("--seed", "11", "--count", "60", "--kind", "legal-plays", "--show-answers",
                                 "--ascii")
    assert status == 0
    _assert_hints_say_nothing(questions, out)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_no_example_card_is_ever_part_of_a_right_answer(seed: int) -> None:
    questions = make_quiz(seed=seed, count=8, kinds=[QuestionKind.LEGAL_PLAYS])
    status, out, _err = quiz_out("--seed", str(seed), "--count", "8", "--kind", "legal-plays",
                                 "--show-answers", "--ascii")
    assert status == 0
    _assert_hints_say_nothing(questions, out)
    for q in questions:
        with pytest.raises(ValueError) as err:
            q.parse("ZZ")
        assert card_codes(str(err.value)) and not set(card_codes(str(err.value))) & q.answer


@pytest.mark.parametrize("lesson", ["australian-auction", "defence-partners-jack-of-clubs"])
def test_a_best_card_answer_that_cannot_be_read_names_no_best_card(lesson: str) -> None:
    rp, _ = handfile.check(HANDS / f"{lesson}.yaml")
    assert rp is not None
    questions = best_card_questions(rp)
    assert questions
    for q in questions:
        with pytest.raises(ValueError) as err:
            q.parse("ZZ")
        shown = card_codes(str(err.value))
        assert shown and not set(shown) & q.answer, (q.prompt, str(err.value))


@pytest.mark.parametrize(("trick", "opening_lead"), [(1, True), *((n, False) for n in range(2, 11))])
def test_only_the_first_tricks_lead_is_on_the_opening_lead(
    example: Replay, trick: int, opening_lead: bool,
) -> None:
    """Each trick's lead is a ruling of the same kind (``lead``); docs/topics.md's opening-lead
    is the first trick's alone. (Trick 6 is led by the joker: a ruling of its own kind.)"""
    (q,) = [q for q in make_quiz([example], count=20, kinds=[QuestionKind.WHO_WINS])
            if q.trick is not None and q.trick.number == trick]
    assert ("opening-lead" in q.topics) is opening_lead
    led = next(t for t in example.tricks if t.number == trick).rulings[0].kind
    assert led in (Kind.LEAD, Kind.JOKER_LED_NAMES_SUIT)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_a_question_is_on_the_opening_lead_only_at_trick_1(seed: int) -> None:
    for q in make_quiz(seed=seed, count=6, kinds=[QuestionKind.WHO_WINS, QuestionKind.LEGAL_PLAYS]):
        trick = q.turn.trick if q.turn is not None else q.trick.number if q.trick is not None else 0
        if trick != 1:
            assert "opening-lead" not in q.topics, q.prompt
