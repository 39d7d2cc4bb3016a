"""One scoring path: a score sheet scores each hand with score_hand and ends the game with
game_end, so every setting that changes a hand's score or the end of the game changes the sheet
as the rules say (docs/rules.md), or the sheet refuses it and says why."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tutor.cli import main
from tutor.engine.auction import Bid, Contract
from tutor.engine.hand import RulesSpec
from tutor.engine.rules import RulesError, preset
from tutor.engine.rulings import Kind
from tutor.engine.scoring import TrickOrderNeeded, game_end, score_hand
from tutor.engine.seats import Seat, Side, table
from tutor.files import match
from tutor.files.match import Match, MatchFileError, MatchHand, Party
from tutor.views.sheet.model import ScoreSheet, score_match

# A partnership game that never ends (play to 1500), one hand for each kind of score.
PAIRS = """\
title: pairs
partnerships: {NS: North–South, EW: East–West}
rules: {preset: australian, target: 1500, lose_at: -1500}
hands:
  - {bid: 8H, by: NS, tricks: 8}             # made: 300, the defenders 2 tricks
  - {bid: 9H, by: EW, tricks: 7}             # set: −400, the defenders 3 tricks
  - {bid: 7NT, by: NS, tricks: 10}           # a slam on a 220 contract
  - {bid: misere, by: EW, tricks: 1}         # a lost misère; North–South took 9
  - {bid: open-misere, by: NS, tricks: 0}    # a made open misère; East–West took 10
"""
BASE = [(300, 20), (30, -400), (250, 0), (0, -250), (500, 0)]

# setting → the hands it changes (hand number → (NS, EW) points); the rest stay as BASE.
PAIR_CASES: list[tuple[dict[str, Any], dict[int, tuple[int, int]]]] = [
    ({}, {}),
    ({"slam": "none"}, {3: (220, 0)}),
    ({"slam": "plus250"}, {3: (470, 0)}),
    ({"misere_value": 300}, {4: (0, -300), 5: (600, 0)}),
    ({"open_misere_520": True}, {5: (520, 0)}),
    ({"defender_trick_value": 20}, {1: (300, 40), 2: (60, -400)}),
    ({"defender_trick_value": 0}, {1: (300, 0), 2: (0, -400)}),
    ({"defenders_score_in_misere": True}, {4: (90, -250), 5: (500, 100)}),
    ({"defenders_score_in_misere": True, "misere_defenders_count": "contractor-tricks"},
     {4: (10, -250)}),
    # "Some remove trick points entirely when the contractor wins."
    ({"defenders_score": "when-set"}, {1: (300, 0)}),
    # "Some play that only the winning team scores": a set contractor loses nothing.
    ({"defenders_score": "winner-only"}, {1: (300, 0), 2: (30, 0), 4: (0, 0)}),
]


def pair_points(sheet: ScoreSheet) -> list[tuple[int, int]]:
    assert all(r.points is not None for r in sheet.rows)
    return [(r.points["NS"], r.points["EW"]) for r in sheet.rows if r.points is not None]


def expected(changes: dict[int, tuple[int, int]]) -> list[tuple[int, int]]:
    return [changes.get(i + 1, p) for i, p in enumerate(BASE)]


@pytest.mark.parametrize(("settings", "changes"), PAIR_CASES, ids=lambda v: str(v))
def test_each_setting_changes_the_partnership_sheet_as_the_rules_say(
    settings: dict[str, Any], changes: dict[int, tuple[int, int]]
) -> None:
    sheet = score_match(match.loads(PAIRS, "pairs.yaml"), settings)
    assert pair_points(sheet) == expected(changes)
    assert sheet.end is None


# The 490/460 cap (docs/rules.md, 26): trick points may not take a side's running total above the
# cap. East–West reach 460 with contracts, then defend and take 5 tricks (50).
CAPPED = """\
title: capped
partnerships: {NS: North–South, EW: East–West}
rules: {preset: %s}
hands:
  - {bid: 9NT, by: EW, tricks: 9}    # EW 420, NS 10
  - {bid: 6S, by: EW, tricks: 6}     # EW 460, NS 50
  - {bid: 8H, by: NS, tricks: 5}     # NS −250; EW defend 5 tricks
  - {bid: 6C, by: EW, tricks: 6}     # a made contract takes EW past 500
"""


@pytest.mark.parametrize(
    ("cap", "third", "ew_totals"),
    [
        (False, (-300, 50), [420, 460, 510, 570]),
        (490, (-300, 30), [420, 460, 490, 550]),   # 460 + 30 = 490, the cap
        (460, (-300, 0), [420, 460, 460, 520]),    # already at the cap: the tricks score nothing
    ],
)
def test_defenders_cap_binds_on_the_running_total(
    cap: object, third: tuple[int, int], ew_totals: list[int]
) -> None:
    sheet = score_match(match.loads(CAPPED % "australian", "capped.yaml"), {"defenders_cap": cap})
    assert pair_points(sheet)[2] == third
    assert [r.totals["EW"] for r in sheet.rows if r.totals is not None] == ew_totals
    assert sheet.finished_after == 4  # only the made contract wins (Australian)
    if cap is not False:
        ruling = sheet.rows[2].ruling
        assert ruling is not None and f"cannot take a side past {cap}" in ruling.text


def test_the_cap_stops_american_defenders_going_out_on_defence() -> None:
    capped = match.loads(CAPPED % "american", "capped.yaml")
    free = score_match(capped)
    assert free.finished_after == 3 and free.end is not None and free.end.winners == ("EW",)
    assert "on trick points" in free.end.ruling.text
    held = score_match(capped, {"defenders_cap": 490})
    assert held.finished_after == 4 and held.end is not None and held.end.winners == ("EW",)
    assert "on a made contract" in held.end.ruling.text


THREE = """\
title: three
players: [Ann, Bob, Cat]
rules: {preset: australian, target: 1500, lose_at: -1500}
hands:
  - {bid: 8H, by: Ann, tricks: {Ann: 7, Bob: 2, Cat: 1}}
  - {bid: 7D, by: Cat, tricks: {Ann: 1, Bob: 1, Cat: 8}}
  - {bid: misere, by: Bob, tricks: {Ann: 5, Bob: 0, Cat: 5}}
"""
THREE_BASE = [(-300, 20, 10), (10, 10, 180), (0, 250, 0)]
THREE_CASES: list[tuple[dict[str, Any], dict[int, tuple[int, int, int]]]] = [
    ({}, {}),
    ({"defender_trick_value": 20}, {1: (-300, 40, 20), 2: (20, 20, 180)}),
    ({"defenders_score_in_misere": True}, {3: (50, 250, 50)}),
    ({"defenders_score": "when-set"}, {2: (0, 0, 180)}),
    ({"defenders_score": "winner-only"}, {1: (0, 20, 10), 2: (0, 0, 180)}),
    ({"misere_value": 150}, {3: (0, 150, 0)}),
]


@pytest.mark.parametrize(("settings", "changes"), THREE_CASES, ids=lambda v: str(v))
def test_each_setting_changes_the_three_handed_sheet(
    settings: dict[str, Any], changes: dict[int, tuple[int, int, int]]
) -> None:
    sheet = score_match(match.loads(THREE, "three.yaml"), settings)
    got = [(r.points["Ann"], r.points["Bob"], r.points["Cat"]) for r in sheet.rows if r.points]
    assert got == [changes.get(i + 1, p) for i, p in enumerate(THREE_BASE)]


# The sheet and score_hand agree, hand by hand, for every case above (the sheet is only a
# mapping of parties to sides, the totals before each hand, and the names).
def replayed(m: Match, settings: dict[str, Any]) -> list[dict[str, int]]:
    rules = m.rules.with_settings(settings)
    players = 3 if m.three_handed else 4
    rules = rules.with_settings({"players": players}) if rules.players != players else rules
    sides = dict(zip([p.key for p in m.parties], table(players).sides, strict=True)) \
        if m.three_handed else {p.key: Side.parse(p.key) for p in m.parties}
    totals = {s: 0 for s in sides.values()}
    out = []
    for hand in m.hands:
        assert hand.bid is not None and hand.contractor is not None
        won = {sides[k]: n for k, n in hand.tricks.items()}
        scored = score_hand(Contract(hand.bid, sides[hand.contractor].seats[0]), won, rules,
                            totals=totals)
        totals = {s: totals[s] + scored.score[s] for s in totals}
        out.append({k: scored.score[s] for k, s in sides.items()})
        if game_end(totals, scored, rules) is not None:
            break
    return out


@pytest.mark.parametrize(
    ("text", "settings"),
    [(PAIRS, s) for s, _ in PAIR_CASES] + [(THREE, s) for s, _ in THREE_CASES]
    + [(CAPPED % "australian", {"defenders_cap": c}) for c in (False, 490, 460)]
    + [(CAPPED % "american", {"defenders_cap": c}) for c in (False, 490, 460)]
    + [(CAPPED % "australian", {"defenders_score": "winner-only", "defenders_cap": 460})],
)
def test_the_sheet_and_score_hand_agree(text: str, settings: dict[str, Any]) -> None:
    m = match.loads(text, "m.yaml")
    sheet = score_match(m, settings)
    assert [dict(r.points) for r in sheet.rows if r.points is not None] == replayed(m, settings)


# The end of the game under other settings ---------------------------------------------------

def test_target_lose_at_and_win_on_defence_change_the_end() -> None:
    m = match.loads(CAPPED % "australian", "capped.yaml")
    assert score_match(m).finished_after == 4
    assert score_match(m, {"target": 400}).finished_after == 1
    assert score_match(m, {"lose_at": -250}).finished_after == 3  # North–South out the back door
    back = score_match(m, {"lose_at": -250})
    assert back.end is not None and back.end.losers == ("NS",) and back.end.winners == ("EW",)
    assert score_match(m, {"win_on_defence": True}).finished_after == 3


def test_three_handed_first_opponent_to_reach_is_game_end_with_an_order() -> None:
    rules = preset("three-handed", {"win_on_defence": True})
    e, s, w = table(3).sides
    names = {e: "Ann", s: "Bob", w: "Cat"}
    hand = score_hand(Contract(Bid.parse("8S"), e.seats[0]), {e: 5, s: 3, w: 2}, rules, names=names)
    totals = {e: -300, s: 480 + 30, w: 490 + 20}
    with pytest.raises(TrickOrderNeeded, match="order of the tricks"):
        game_end(totals, hand, rules, names=names)
    # Bob needs two tricks (his second is trick 7); Cat one (trick 4): Cat is first.
    order = [e, s, e, w, e, w, s, e, s, e]
    end = game_end(totals, hand, rules, names=names, order=order)
    assert end is not None and end.winners == (w,)
    assert "Bob got there later" in end.ruling.text and end.ruling.kind is Kind.GAME_WON


def test_three_handed_back_door_names_no_winner() -> None:
    rules = preset("three-handed")
    e, s, w = table(3).sides
    hand = score_hand(Contract(Bid.parse("10NT"), e.seats[0]), {e: 9, s: 1, w: 0}, rules,
                      names={e: "Ann", s: "Bob", w: "Cat"})
    end = game_end({e: -620, s: 10, w: 0}, hand, rules, names={e: "Ann", s: "Bob", w: "Cat"})
    assert end is not None and end.winners == () and end.losers == (e,)
    assert end.ruling.kind is Kind.GAME_LOST and "ranked by their totals" in end.ruling.text


# All pass: played at no-trumps, or refused without the tricks ---------------------------------

ALL_PASS = """\
title: passes
partnerships: {NS: North–South, EW: East–West}
rules: {preset: american, all_pass: no-trumps}
hands:
  - {bid: pass, tricks: {NS: 4, EW: 6}}
  - {bid: 7S, by: NS, tricks: 7}
"""


def test_all_pass_no_trumps_scores_each_sides_tricks() -> None:
    sheet = score_match(match.loads(ALL_PASS, "p.yaml"))
    assert pair_points(sheet) == [(40, 60), (140, 30)]
    assert sheet.rows[0].result_text() == "played at no-trumps: NS took 4, EW took 6"
    redeal = score_match(match.loads(ALL_PASS, "p.yaml"), {"all_pass": "redeal"})
    assert pair_points(redeal) == [(0, 0), (140, 30)]
    assert redeal.rows[0].result_text() == "thrown in"


def test_all_pass_no_trumps_refuses_a_thrown_in_entry() -> None:
    m = match.loads(PAIRS.replace("  - {bid: 7NT, by: NS, tricks: 10}", "  - {bid: pass}"), "m.yaml")
    assert score_match(m).rows[2].result_text() == "thrown in"
    with pytest.raises(MatchFileError, match=r"m.yaml:7: hand 3: everyone passed, and under setting "
                                             r"all_pass no-trumps .*does not say who took how many"):
        score_match(m, {"all_pass": "no-trumps"})


# Settings that need the play of the cards, or forbid a bid, are refused with the reason ----------

@pytest.mark.parametrize(
    ("text", "settings", "message"),
    [
        (PAIRS, {"lowest_bid": 7}, None),  # every bid is seven or more: nothing to refuse
        (PAIRS.replace("7NT", "6NT"), {"lowest_bid": 7}, r"hand 3: six no-trumps is below the lowest bid"),
        (PAIRS, {"open_misere": False}, r"hand 5: open misère may not be bid .*open_misere off"),
        (PAIRS, {"misere": False}, r"hand 4: misère may not be bid"),
        (PAIRS.replace("australian", "american").replace("open-misere", "6S"),
         {"misere_needs_joker_nominated": True},
         r"hand 4: setting misere_needs_joker_nominated on .*only the play of the cards"),
        (PAIRS.replace("australian", "west-seventh-street").replace("open-misere", "grand-nullo"),
         {"grand_nullo": False}, r"hand 5: grand nullo may not be bid .*grand_nullo off"),
    ],
)
def test_refusals_say_why(text: str, settings: dict[str, Any], message: str | None) -> None:
    m = match.loads(text, "m.yaml")
    if message is None:
        score_match(m, settings)
        return
    with pytest.raises(MatchFileError, match=message):
        score_match(m, settings)


def test_the_table_cannot_change() -> None:
    with pytest.raises(RulesError, match="setting players cannot be 3 here"):
        score_match(match.loads(PAIRS, "m.yaml"), {"players": 3})


def test_grand_nullo_made_and_lost_on_the_sheet() -> None:
    text = PAIRS.replace("australian", "west-seventh-street").replace("open-misere", "grand-nullo")
    sheet = score_match(match.loads(text, "m.yaml"))
    assert pair_points(sheet)[4] == (510, 0)  # grand nullo made; the defenders count the bidders' tricks


# A grand slam is declared after the kitty, so only a replayed hand has one: the sheet scores
# the hand file's own contract.
def _grand_slam_match(taken: int) -> Match:
    contract = Contract(Bid.parse("8S"), Seat.N, grand_slam=True)
    hand = MatchHand(1, 3, contract.bid, "NS", "North", {"NS": taken, "EW": 10 - taken}, None,
                     replay=SimpleNamespace(contract=contract))  # type: ignore[arg-type]
    parties = (Party("NS", "North–South", "N/S"), Party("EW", "East–West", "E/W"))
    return Match("slam", "slam.yaml", parties, RulesSpec("west-seventh-street", {}), (hand,))


def test_a_grand_slam_hand_scores_as_declared() -> None:
    made = score_match(_grand_slam_match(10))
    assert pair_points(made) == [(500, 0)] and made.finished_after == 1
    lost = score_match(_grand_slam_match(9))
    assert pair_points(lost) == [(-500, 10)]
    with pytest.raises(MatchFileError, match=r"slam.yaml:3: hand 1: the contractor declared a grand slam"):
        score_match(_grand_slam_match(10), {"grand_slam": False})


# `tutor score --set` ----------------------------------------------------------------------------

def cli_points(capsys: pytest.CaptureFixture[str], path: Path, *sets: str) -> list[tuple[int, int]]:
    args = ["score", str(path), "--json"]
    for s in sets:
        args += ["--set", s]
    assert main(args) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    return [(r["points"]["NS"], r["points"]["EW"]) for r in rows]


def _cli_value(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


@pytest.mark.parametrize(("settings", "changes"), PAIR_CASES, ids=lambda v: str(v))
def test_tutor_score_set_changes_the_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
    settings: dict[str, Any], changes: dict[int, tuple[int, int]],
) -> None:
    path = tmp_path / "pairs.yaml"
    path.write_text(PAIRS)
    sets = [f"{k}={_cli_value(v)}" for k, v in settings.items()]
    assert cli_points(capsys, path, *sets) == expected(changes)


@pytest.mark.parametrize(("cap", "third"), [("off", (-300, 50)), ("490", (-300, 30)), ("460", (-300, 0))])
def test_tutor_score_set_defenders_cap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cap: str, third: tuple[int, int]
) -> None:
    path = tmp_path / "capped.yaml"
    path.write_text(CAPPED % "australian")
    assert cli_points(capsys, path, f"defenders_cap={cap}")[2] == third


def test_tutor_score_refuses_all_pass_without_tricks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.yaml"
    path.write_text(PAIRS.replace("  - {bid: 7NT, by: NS, tricks: 10}", "  - {bid: pass}"))
    assert main(["score", str(path), "--set", "all_pass=no-trumps"]) != 0
    err = capsys.readouterr().err
    assert "hand 3: everyone passed" in err and "cannot be scored" in err


def test_the_sheet_lists_a_later_setting_only_when_it_is_in_force() -> None:
    m = match.loads(CAPPED % "australian", "capped.yaml")
    labels = dict(score_match(m).settings())
    assert "Trick points cannot take a side past" not in labels and "Grand slam" not in labels
    changed = score_match(m, {"defenders_cap": 460, "defenders_score": "when-set"})
    shown = dict(changed.settings())
    assert shown["Trick points cannot take a side past"] == "460"
    assert shown["Defenders score tricks"] == "only on a set contract"
    assert changed.changed == {"defenders_cap": (False, 460), "defenders_score": ("always", "when-set")}
