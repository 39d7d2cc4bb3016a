"""`tutor score`: the running sheet, --set to recalculate, --json, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.cli import main

CARDZO = str(Path(__file__).parent.parent / "matches" / "cardzo-worked-example.yaml")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["score", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_sheet_in_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, CARDZO)
    assert code == 0 and err == ""
    lines = out.splitlines()
    row = next(line for line in lines if line.strip().startswith("4  N/S bid 9 no-trumps (420)"))
    assert row.split()[-4:] == ["+420", "0", "630", "−30"]
    assert "Finished after hand 4. Game over: North–South reached 630" in out
    assert "Final standings: 1. North–South 630 — winners; 2. East–West −30" in out
    assert "   2. East–West bid eight hearts but took only 7" in out


def test_set_recalculates_the_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, CARDZO, "--set", "lose_at=-250", "--set", "slam=off", "--brief")
    assert code == 0
    out = " ".join(out.split()) + "\n"  # sentences are wrapped to 100 columns
    assert "Recalculated with Lose at minus: −250 (the file: −500)" in out
    assert "Taking all ten tricks: the contract value (the file: at least 250)" in out
    assert "Finished after hand 2." in out
    assert out.count("Played after the game ended (after hand 2): not scored.") == 2
    assert "Why:" not in out


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("target=275", "tutor score: --set target=275: setting target cannot be 275: expected 300 to 1500 "
                       "in steps of 50"),
        ("defender_trick_value=25", "expected 0 to 20 in steps of 5"),
        ("slam=sometimes", "setting slam cannot be sometimes: expected one of minimum250, none, plus250"),
        ("target", "tutor score: --set target: 'target' is not a setting: write name=value"),
        ("colour=red", "unknown setting 'colour'"),
        ("three_handed=on", "three_handed cannot be on here"),
    ],
)
def test_setting_errors_are_clear(capsys: pytest.CaptureFixture[str], setting: str, message: str) -> None:
    code, out, err = run(capsys, CARDZO, "--set", setting)
    assert code == 2 and out == ""
    assert message in err


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, CARDZO, "--json", "--set", "defenders_score_in_misere=on")
    assert code == 0
    data = json.loads(out)
    running = [(r["totals"]["NS"], r["totals"]["EW"]) for r in data["rows"]]
    assert running == [(180, 20), (210, -280), (310, -30), (730, -30)]
    assert data["rows"][2]["points"] == {"NS": 100, "EW": 250}
    assert data["rows"][0]["contract"] == "N/S bid 7♦ (180)"
    assert data["finished"] is True and data["finished_after"] == 4
    assert data["end"]["winners"] == ["NS"]
    assert data["rules"]["changed"] == {"defenders_score_in_misere": {"file": False, "used": True}}
    assert data["standings"][0] == {"party": "NS", "name": "North–South", "total": 730, "rank": 1,
                                    "winner": True, "loser": False}


def test_match_file_problems_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("rules: australian\nhands:\n  - {bid: 7S, by: NS, tricks: 12}\n")
    code, out, err = run(capsys, str(bad))
    assert code == 1 and out == ""
    assert err.startswith(f"{bad}:3: hand 1's tricks")
    code, _, err = run(capsys, str(tmp_path / "missing.yaml"))
    assert code == 1 and err.startswith(f"{tmp_path / 'missing.yaml'}: no such file")
