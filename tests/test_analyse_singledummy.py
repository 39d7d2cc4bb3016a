"""``tutor analyse --seat``: the single-dummy words and JSON keys beside the double-dummy ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tutor.cli import main
from tutor.views.terminal.safe_text import display_width

HANDS = Path(__file__).resolve().parent.parent / "hands"
FIRST_NIGHT = HANDS / "first-night-seven-hearts.yaml"


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["analyse", *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def two_tricks(tmp_path: Path) -> Path:
    """The first-night hand stopped after two tricks (analysed as far as it goes)."""
    data = yaml.safe_load(FIRST_NIGHT.read_text(encoding="utf-8"))
    data["play"] = data["play"][:2]
    data.pop("notes", None)
    path = tmp_path / "two-tricks.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def test_json_adds_expected_make_and_mark_to_the_seats_plays(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = _run(capsys, "--json", "--seat", "W", str(FIRST_NIGHT))
    assert status == 0
    data = json.loads(out)
    for record in data["plays"]:
        if record["seat"] != "W":
            assert not {"expected", "make", "mark"} & set(record)
            continue
        assert {"value", "best", "options"} <= set(record)  # the double-dummy keys stay
        assert set(record["expected"]) == set(record["options"]) == set(record["make"])
        assert record["card"] in record["expected"]
        assert all(0 <= p <= 1 for p in record["make"].values())
        assert record["mark"] in (None, "?", "??")
    assert sum(1 for r in data["plays"] if "expected" in r) == 10


def test_the_words_say_what_the_seat_could_see(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = _run(capsys, "--seat", "W", str(FIRST_NIGHT))
    assert status == 0
    assert "Every card played was a best card." in out  # the double-dummy report is still there
    single = out[out.index("Single-dummy:"):]
    assert max(display_width(x) for x in single.splitlines()) <= 100
    words = single.replace("\n    ", " ")
    lines = [x for x in words.splitlines() if "with what West could see" in x]
    assert len(lines) == 10
    assert lines[0].startswith("  Trick 1, West's 8♥: with what West could see, it set the "
                               "contract in ")
    assert "double-dummy it was worth 9" in lines[0]
    assert "of 10 cards marked single-dummy." in out


def test_every_seat(capsys: pytest.CaptureFixture[str], two_tricks: Path) -> None:
    status, out, _err = _run(capsys, "--json", "--seat", "all", str(two_tricks))
    assert status == 0
    plays = json.loads(out)["plays"]
    assert len(plays) == 8 and all("expected" in r for r in plays)
    # the contractor's first lead: the joker was among the best by expected tricks
    assert plays[0]["mark"] is None and plays[0]["make"]["Jo"] >= 0.9


@pytest.mark.parametrize(
    ("path", "seat", "message"),
    [
        (FIRST_NIGHT, "X", "--seat X: unknown seat 'X'"),
        (HANDS / "misere-partner-sits-out.yaml", "N", "--seat N: North does not play in this hand"),
    ],
)
def test_a_seat_that_is_not_playing_is_refused_by_name(
    capsys: pytest.CaptureFixture[str], path: Path, seat: str, message: str
) -> None:
    status, _out, err = _run(capsys, "--seat", seat, str(path))
    assert status == 1
    assert err.startswith(f"{path}: {message}")


def _flat(out: str) -> str:
    """The words with each wrapped line joined to the line it continues."""
    return out.replace("\n    ", " ")


def test_layouts_and_seed_choose_how_many_layouts_are_dealt_and_how(
    capsys: pytest.CaptureFixture[str], two_tricks: Path
) -> None:
    status, out, _err = _run(capsys, "--seat", "W", "--layouts", "12", "--seed", "5", str(two_tricks))
    assert status == 0
    words = _flat(out)
    assert "at most 12 for each card, dealt by seed 5" in " ".join(out.split())
    assert "[12 sampled layouts, weighted by the auction: " in words  # trick 1: 33 cards unseen
    runs = {}
    for seed in ("5", "5", "6"):
        status, out, _err = _run(capsys, "--json", "--seat", "W", "--layouts", "12", "--seed", seed,
                                 str(two_tricks))
        assert status == 0
        runs.setdefault(seed, []).append([(r["layouts"], r["effective"], r["make"])
                                          for r in json.loads(out)["plays"] if r["seat"] == "W"])
    assert runs["5"][0] == runs["5"][1]  # the same seed, the same layouts
    assert runs["5"][0] != runs["6"][0]
    assert all(n == 12 and 0 < ess <= 12 for n, ess, _make in runs["5"][0])


def test_the_default_is_a_hundred_layouts_and_seed_0(capsys: pytest.CaptureFixture[str],
                                                     two_tricks: Path) -> None:
    status, out, _err = _run(capsys, "--json", "--seat", "W", str(two_tricks))
    default = json.loads(out)["plays"]
    status, out, _err = _run(capsys, "--json", "--seat", "W", "--layouts", "100", "--seed", "0",
                             str(two_tricks))
    assert status == 0 and json.loads(out)["plays"] == default
    assert default[1]["layouts"] == 100


@pytest.mark.parametrize(
    ("value", "message"),
    [("0", "must be at least 1, not 0"), ("-3", "must be at least 1, not -3"),
     ("many", "'many' is not a whole number")],
)
def test_layouts_must_be_a_whole_number_of_at_least_one(capsys: pytest.CaptureFixture[str],
                                                        value: str, message: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["analyse", "--seat", "W", "--layouts", value, str(FIRST_NIGHT)])
    assert exit_.value.code == 2
    assert f"argument --layouts: {message}" in capsys.readouterr().err


def test_a_widened_model_says_so_in_words_and_json(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    # the grand slam's first trick: for South (leading, then third hand) the calls fit few of
    # the twenty layouts, so the weights are flattened
    data = yaml.safe_load((HANDS / "seven-spades-slam.yaml").read_text(encoding="utf-8"))
    data["play"] = data["play"][:1]
    data.pop("notes", None)
    path = tmp_path / "slam.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    status, out, _err = _run(capsys, "--seat", "S", "--layouts", "20", str(path))
    assert status == 0
    line = next(x for x in _flat(out).splitlines() if x.startswith("  Trick 1, South's"))
    assert "[20 sampled layouts, weighted by the auction: 9.6 effective (the calls fit few of " \
           "them, 2.9 effective, so the model was widened: its weights flattened to the power " \
           "0.5)]" in line
    status, out, _err = _run(capsys, "--json", "--seat", "S", "--layouts", "20", str(path))
    south = [r for r in json.loads(out)["plays"] if r["seat"] == "S"]
    assert [(r["layouts"], r["effective"], r["power"]) for r in south] == [(20, 9.6, 0.5)]


def test_where_double_dummy_disagrees_the_words_name_the_card_that_decided_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # North's 7♠ at trick 7 lost 0.9 trick single-dummy against the A♠; double-dummy it was as
    # good, because East, not West, held the K♠ (moved to West, the 7♠ does worse)
    path = HANDS / "defence-joker-gone-left-bower-held.yaml"
    status, out, _err = _run(capsys, "--seat", "N", "--layouts", "16", str(path))
    assert status == 0
    lines = {x.split(",")[0]: x for x in _flat(out).splitlines() if x.startswith("  Trick ")}
    assert "the A♠ in 69% (6.8); double-dummy the 7♠ was as good (6), because East held the K♠ [" \
        in lines["  Trick 7"]
    # where the two agree, no reason is given
    assert all("because" not in x for t, x in lines.items() if t not in ("  Trick 7", "  Trick 9"))
