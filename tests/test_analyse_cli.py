"""``tutor analyse``: every shipped lesson the solver covers, the JSON shape, the discard, the
two-handed refusal and the slow fallback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tutor.solve.solver as solver_module
from tutor.cli import main
from tutor.files.handfile import check
from tutor.solve import Solver, analyse, apply, deal_of

HANDS = Path(__file__).resolve().parent.parent / "hands"
LESSONS = sorted(p for p in HANDS.glob("*.yaml") if p.name != "two-handed-table-cards.yaml")


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    assert main(["analyse", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_lesson_is_analysed_card_by_card(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, str(path))
    assert isinstance(out, dict)
    assert set(out) == {"contract", "side", "par", "plays"}
    assert set(out["contract"]) == {"bid", "declarer"}
    rep, _ = check(path)
    assert rep is not None
    written = [str(p) for t in rep.tricks for p in t.plays]
    assert [p["card"] for p in out["plays"]] == written
    tricks = len(deal_of(rep).start.hands[0])
    assert 0 <= out["par"] <= tricks
    for play in out["plays"]:
        assert set(play) == {"trick", "seat", "card", "value", "best", "options"}
        assert play["value"] == play["options"].get(play["card"], play["options"].get(play["card"][:2]))
        assert play["best"] in (max(play["options"].values()), min(play["options"].values()))
        assert all(0 <= v <= tricks for v in play["options"].values())
    # With best play the value never moves: each best card keeps the value where it was.
    first = out["plays"][0]
    assert first["best"] == out["par"]


def test_the_issue_example(capsys: pytest.CaptureFixture[str]) -> None:
    """8NT by South, the joker led naming clubs: 9 tricks; naming another suit loses one."""
    out = _json(capsys, str(HANDS / "joker-led-in-no-trumps.yaml"))
    assert out["contract"] == {"bid": "8NT", "declarer": "S"}
    assert out["side"] == "NS" and out["par"] == 9
    lead = out["plays"][0]
    assert lead["trick"] == 1 and lead["seat"] == "S" and lead["card"] == "Jo:C"
    assert lead["value"] == lead["best"] == 9
    assert {k: v for k, v in lead["options"].items() if k.startswith("Jo")} == {
        "Jo:S": 8, "Jo:C": 9, "Jo:D": 8, "Jo:H": 8,
    }


def test_open_misere_discard_is_rated(capsys: pytest.CaptureFixture[str]) -> None:
    """The expert review: keeping the queen of clubs and putting away the lone 9 of spades, no
    defence can beat South's open misère."""
    out = _json(capsys, "--kitty", str(HANDS / "open-misere.yaml"))
    kitty = out["kitty"]
    assert kitty["best"] == 0
    values = {tuple(sorted(o["discard"])): o["value"] for o in kitty["options"]}
    assert values[("9S", "Jo", "KD")] == 0
    assert [o["value"] for o in kitty["options"]] == sorted(o["value"] for o in kitty["options"])


def test_text_marks_the_cards_that_cost_tricks(capsys: pytest.CaptureFixture[str]) -> None:
    rep, _ = check(HANDS / "open-misere.yaml")
    assert rep is not None
    an = analyse(rep, solver=Solver())
    costly = [cv for cv in an.plays if cv.cost]
    assert main(["analyse", str(HANDS / "open-misere.yaml")]) == 0
    text = capsys.readouterr().out
    assert "all hands open" in text
    for cv in costly:
        assert f"{cv.seat.word}'s {cv.play.pretty()} cost" in text


TWO = HANDS / "two-handed-table-cards.yaml"


def test_two_handed_is_skipped_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    # out of the solver's scope is not a failure of the file: one line, and status 0
    assert main(["analyse", str(TWO)]) == 0
    assert capsys.readouterr().err == (
        f"{TWO}: skipped: the two-handed game is out of scope for analysis: its face-down table "
        f"cards are known to no one, so there is no all-hands-open answer\n")


def test_the_readmes_own_folder_is_analysed_with_status_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(HANDS)]) == 0
    assert capsys.readouterr().err.splitlines() == [
        f"{TWO}: skipped: the two-handed game is out of scope for analysis: its face-down table "
        f"cards are known to no one, so there is no all-hands-open answer"]


def test_a_skipped_file_still_fails_nothing_else(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "a.yaml").write_text(TWO.read_text("utf-8"), "utf-8")
    (folder / "b.yaml").write_text((HANDS / "open-misere.yaml").read_text("utf-8"), "utf-8")
    (folder / "c.yaml").write_text("title: [unclosed\n", "utf-8")
    assert main(["analyse", "--json", str(folder)]) == 1  # c.yaml is a broken file: that fails
    captured = capsys.readouterr()
    assert [line.split(":")[0] for line in captured.err.splitlines()] == [
        str(folder / "a.yaml"), str(folder / "c.yaml")]
    out = json.loads(captured.out)
    assert isinstance(out, list) and len(out) == 1  # several files: a list, even of one analysis


def test_without_the_core_python_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    rep, _ = check(HANDS / "misere-partner-sits-out.yaml")
    assert rep is not None
    deal = deal_of(rep)
    late = deal.start
    for play in deal.plays[: len(deal.plays) - 3 * len(late.seats)]:
        late = apply(late, play)
    monkeypatch.setattr(solver_module, "FAST", False)
    slow = Solver()
    assert slow.engine == "python"
    assert slow.options(late) == Solver("c").options(late)


EXPORT_HANDS = Path(__file__).resolve().parent / "export_hands"


@pytest.mark.parametrize(
    ("path", "sentence"),
    [
        # a defender holds the contractor's side down; the contractor pushes it up
        (HANDS / "joker-only-when-void.yaml", "North's A♦ cost a trick: the 7♦ kept East–West to 6."),
        (HANDS / "australian-auction.yaml", "East's 9♠ cost a trick: the Q♠ kept North–South to 8."),
        (HANDS / "three-handed-alone-against-two.yaml", "South's K♠ cost a trick: the A♥ gave South 9."),
        (HANDS / "five-handed-called-ace.yaml", "West's A♥ cost 2 tricks: the J♦ gave North and West 10."),
        # only the joker did better: named in words, as the rulings name it
        (HANDS / "joker-loses-power-after-a-discard.yaml",
         "East's 4♥ cost a trick: the joker kept North–South to 9."),
        # misère the other way round: the contractor holds itself down, a defender pushes it up
        (EXPORT_HANDS / "03-open-misere.yaml", "South's 8♥ cost a trick: the 9♦ kept South to 4."),
        (EXPORT_HANDS / "03-open-misere.yaml", "East's 5♠ cost 2 tricks: the A♣ gave South 4."),
    ],
    ids=lambda v: v.stem if isinstance(v, Path) else v.split(":")[0],
)
def test_cost_sentences_say_who_is_kept_to_what(
    path: Path, sentence: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", str(path)]) == 0
    assert f"<- {sentence}\n" in capsys.readouterr().out
