"""Lessons checked by the solver: ``par:`` and the claims on notes, verified by ``tutor check``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from shipped_lessons import checked

from tutor.engine.cards import Card
from tutor.engine.replay import build
from tutor.files import handfile
from tutor.files.verify import verify
from tutor.solve import analyse

HANDS = Path(__file__).resolve().parent.parent / "hands"
LESSONS = sorted(HANDS.glob("*.yaml"))
OPEN = (HANDS / "open-misere.yaml").read_text("utf-8")


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_lesson_the_solver_covers_states_a_verified_par(path: Path) -> None:
    # The whole check, shared with test_decision: it returns verify's problems and then its
    # own, so none at all means verify found none.
    rep, problems = checked(path)
    assert rep is not None and problems == []
    if rep.rules.players == 2:  # out of the solver's scope: nothing to state
        assert rep.hand.par is None and not rep.hand.claims
    else:
        assert rep.hand.par is not None


def test_a_wrong_par_is_reported_at_its_line() -> None:
    text = OPEN.replace("par: 0", "par: 1")
    _, problems = verify("om.yaml", text)
    assert [str(p) for p in problems] == [
        f"om.yaml:{_line_of(text, 'par: 1')}: par is 1, but with best play by everyone after the "
        f"discard South takes 0"
    ]


def test_a_false_claim_names_the_card_that_did_better() -> None:
    # East's A of clubs on trick 6 would be wrong to call a costly card, and South's 5 of hearts
    # on trick 8 the only card: the 5 of clubs and the 4 of diamonds do as well
    text = OPEN.replace('  "6.2":\n    text:', '  "6.1":\n    text: x\n    best: false\n  "6.2":\n    text:')
    text = text.replace("  outro: >-", '  "8.2": {text: a, only: true}\n  outro: >-')
    _, problems = verify("om.yaml", text)
    messages = {p.line: p.message for p in problems}
    assert set(messages) == {_line_of(text, '"6.1"'), _line_of(text, '"8.2"')}
    assert "claims East's A♣ cost tricks, but it was a best card" in messages[_line_of(text, '"6.1"')]
    assert "was the only best card, but 5♣, 4♦ did as well" in messages[_line_of(text, '"8.2"')]


def test_an_equal_card_doing_as_well_leaves_a_card_the_only_one() -> None:
    # South's Q and 5 of clubs under East's ace on trick 6: every club between them is gone
    # (North's are out of play), so they are one card, and the queen is the only best card
    text = OPEN.replace("    best: true\n  outro", "    only: true\n  outro")
    assert verify("om.yaml", text)[1] == []


def test_a_cost_claim_is_checked_against_the_solver() -> None:
    # with the lone 9 of spades kept, leading the 4 of hearts gives the defence two more tricks
    text = OPEN.replace("discard: [KD, 9S, Jo]", "discard: [KD, QC, Jo]").replace("par: 0", "par: 1")
    text = text.split("play:")[0] + "play:\n  - [4H, 10H, 8H]\nnotes:\n  \"1.1\": {text: a, cost: 1}\n"
    _, problems = verify("om.yaml", text)
    assert len(problems) == 1 and "claims South's 4♥ cost 1, but South's 4♥ cost 2 tricks" in str(problems[0])
    _, problems = verify("om.yaml", text.replace("cost: 1", "cost: 2"))
    assert problems == []


@pytest.mark.parametrize(("note", "message"), [
    ('"1": {text: a, best: true}', "best: is a claim about one card"),
    ('"1.1": {text: a, best: maybe}', "best: must be true or false"),
    ('"1.1": {text: a, cost: -1}', "cost: must be a number of tricks"),
    ('"1.1": {text: a, best: true, cost: 1}', "contradict each other"),
    ('"1.1": {text: a, wrong: 1}', "unknown key 'wrong'"),
    ('"1.1": {best: true}', "has no text"),
])
def test_a_malformed_claim_is_a_file_problem(note: str, message: str) -> None:
    text = OPEN.split("notes:")[0] + f"notes:\n  {note}\n"
    _, problems = handfile.check("om.yaml", text)
    assert len(problems) == 1 and message in problems[0].message
    assert problems[0].line == _line_of(text, note.split(":")[0])


def test_claims_and_par_round_trip_through_dumps() -> None:
    hand = handfile.loads(OPEN)
    assert hand.par == 0 and hand.claims["2.3"].best is True
    assert handfile.loads(handfile.dumps(hand)) == hand


def test_two_handed_files_cannot_state_par() -> None:
    text = (HANDS / "two-handed-table-cards.yaml").read_text("utf-8") + "par: 5\n"
    _, problems = verify("two.yaml", text)
    assert len(problems) == 1 and "two-handed game is out of scope" in problems[0].message
    assert problems[0].line == _line_of(text, "par: 5")


def test_the_open_misere_discard_decides_the_hand() -> None:
    an = analyse(build(handfile.loads(OPEN)), kitty=True)
    assert an.discard is not None and an.discard.value == 0 == an.discards[0].value
    old = {d.cards: d.value for d in an.discards}
    # the lesson's first version put away the queen of clubs and kept the lone 9 of spades
    assert old[tuple(Card.parse(c) for c in ("QC", "KD", "Jo"))] == 1
    assert all(Card.parse("9S") in d.cards for d in an.discards if d.value == 0)


def test_tutor_check_reports_a_refuted_claim(tmp_path: Path) -> None:
    path = tmp_path / "om.yaml"
    path.write_text(OPEN.replace("par: 0", "par: 2"), "utf-8")
    out = subprocess.run([sys.executable, "-m", "tutor", "check", str(path)],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 1
    assert out.stdout.startswith(f"{path}:{_line_of(path.read_text('utf-8'), 'par: 2')}: par is 2")


def test_the_schema_has_par_and_note_claims() -> None:
    from tutor.files.schema import schema

    props = schema()["properties"]
    assert props["par"]["type"] == "integer"
    note = props["notes"]["additionalProperties"]["oneOf"][1]
    assert set(note["properties"]) == {"text", "best", "cost", "only", "make", "best_chance", "kitty"}


# The hand stops inside trick 3 (West's 9♦, East's 7♦; South has not played): the position
# before each of those cards is known, so the solver values them like any other.
PARTIAL = OPEN.split("play:")[0] + "play:\n  - [4H, 10H, 8H]\n  - [10C, 8C, 7C]\n  - [9D, 7D]\n"


@pytest.mark.parametrize(("note", "message"), [
    ('"3.2": {text: a, best: false}',
     "note '3.2': the note claims East's 7♦ cost tricks, but it was a best card"),
    ('"3.1": {text: a, cost: 2}', "note '3.1': the note claims West's 9♦ cost 2, but it was a best card"),
    ('"3.1": {text: a, only: true}', "note '3.1': the note claims West's 9♦ was the only best card, but"),
    ('"3.2": {text: a, best: true}', None),
    ('"3.1": {text: a, cost: 0}', None),
])
def test_a_claim_on_a_card_of_an_unfinished_trick_is_checked(note: str, message: str | None) -> None:
    text = PARTIAL + f"notes:\n  {note}\n"
    _, problems = verify("om.yaml", text)
    if message is None:
        assert problems == []
    else:
        assert [(p.line, p.message[:len(message)]) for p in problems] == [(_line_of(text, note[:5]), message)]


def test_a_decision_on_a_card_of_an_unfinished_trick_is_checked() -> None:
    text = PARTIAL + "decision:\n  at: \"3.2\"\n  question: Which?\n  choices: [7D, QD]\n  answer: 7D\n"
    _, problems = verify("om.yaml", text)
    assert [p.message for p in problems] == [
        "decision: choice 2, East's Q♦, is as good as the answer (South take 0 either way): offer a "
        "card that costs tricks"]


def test_the_analysis_values_every_card_written() -> None:
    an = analyse(build(handfile.loads(PARTIAL)))
    assert [(cv.trick, str(cv.play)) for cv in an.plays[-2:]] == [(3, "9D"), (3, "7D")]
