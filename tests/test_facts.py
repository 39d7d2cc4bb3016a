"""The count (tutor/engine/facts.py): true of every deal at every step, and shown by every view."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.engine.cards import Card, Joker
from tutor.engine.facts import facts_at
from tutor.engine.play import effective_suit
from tutor.engine.seats import Seat
from tutor.files import handfile
from tutor.views.widgets.replay import ReplayWidget

HANDS = Path(__file__).resolve().parent.parent / "hands"
LESSONS = sorted(HANDS.glob("*.yaml"))


def replay_of(name: str):  # type: ignore[no-untyped-def]
    rp, problems = handfile.check(HANDS / f"{name}.yaml")
    assert rp is not None and not problems
    return rp


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_the_count_adds_up_at_every_step(path: Path) -> None:
    rp, _ = handfile.check(path)
    assert rp is not None
    for i, state in enumerate(rp.states):
        facts = facts_at(rp, i)
        if facts is None:
            assert state.contract is None or rp.context is None
            continue
        ctx = rp.context
        assert ctx is not None
        trumps = [c for c in rp.rules.the_pack.cards
                  if facts.trumps and effective_suit(c, ctx) is facts.trumps]
        assert facts.total == len(trumps)
        assert sum(len(h) for h in facts.held.values()) == len(facts.out)
        for seat, held in facts.held.items():
            mine = [c for c in state.hands.get(seat, ())
                    if facts.trumps and effective_suit(c, ctx) is facts.trumps]
            if not state.piles:
                assert sorted(map(str, held)) == sorted(map(str, mine))
        for suit, pairs in facts.top.items():
            for card, seat in pairs:
                assert effective_suit(card, ctx) is suit
                assert card in state.hands.get(seat, ()) or state.piles


def test_first_night_counts_seven_trumps_for_south_after_the_kitty() -> None:
    rp = replay_of("first-night-seven-hearts")
    facts = facts_at(rp, rp.step_of_trick(1) - 1)
    assert facts is not None
    # "six hearts and the joker make seven trumps" (the discard note)
    assert len(facts.held[Seat.S]) == 7 and facts.held[Seat.S][0] == Joker()
    assert facts.total == 13 and facts.gone == 0 and facts.away == 0
    # The four best trumps are the joker, both bowers and the ace (the left bower included).
    assert [str(c) for c in facts.out[:4]] == ["Jo", "JH", "JD", "AH"]
    # "Two leads have drawn all six trumps the others held" (note 2)
    after = facts_at(rp, rp.step_of_trick(3) - 1)
    assert after is not None
    assert all(not after.held[s] for s in (Seat.N, Seat.E, Seat.W))
    assert after.gone == 8


def test_cli_facts_in_the_terminal_and_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(HANDS / "first-night-seven-hearts.yaml")
    assert main(["replay", "--facts", "--ascii", path]) == 0
    out = capsys.readouterr().out
    assert "# Count before trick 1" in out and "# Count before trick 10" in out
    assert "South 7: Jo JH AH KH QH 9H 4H" in out
    assert main(["replay", path]) == 0
    assert "Count before" not in capsys.readouterr().out
    assert main(["replay", "--facts", "--json", path]) == 0
    data = json.loads(capsys.readouterr().out)
    steps = data["steps"]
    assert steps[0]["facts"] is None  # the deal: nothing to count by yet
    first = next(s for s in steps if s["facts"] is not None)
    assert first["facts"]["trumps"] == "H" and first["facts"]["total"] == 13
    assert main(["replay", "--json", path]) == 0
    assert "facts" not in json.loads(capsys.readouterr().out)["steps"][0]


def test_widget_count_panel_is_closed_until_opened_and_hides_unseen_hands() -> None:
    rp = replay_of("first-night-seven-hearts")
    w = ReplayWidget(rp, step=rp.step_of_trick(1) - 1, show="all")
    assert w.count is False and "tw-count" not in w.text
    w.count_button.value = True  # as the browser sets it
    assert w.count is True and "tw-count-trumps" in w.text
    assert 'data-seat="W"' in w.count_html.value
    w.show = "S"
    panel = w.count_html.value
    assert 'data-seat="S"' in panel and 'data-seat="W"' not in panel
    assert "In hands you cannot see: 6" in panel
    assert "(West)" not in panel  # the best cards left are counted, not placed
    w.count = False
    assert w.count_html.value == ""
    w.step = 0
    w.count = True
    assert "Nothing to count yet" in w.count_html.value


def test_identical_cards_are_counted_twice() -> None:
    from tutor.engine.auction import Bid
    from tutor.engine.facts import count_facts
    from tutor.engine.play import PlayContext

    ctx = PlayContext.of(Bid.parse("7H"))
    ace = Card.parse("AH")
    facts = count_facts({Seat.N: [ace], Seat.S: [ace]}, [], ctx, [ace, ace], seats=(Seat.N, Seat.S))
    assert len(facts.out) == 2 and facts.total == 2
    assert [seat for _c, seat in facts.top[ace.suit]] == [Seat.N, Seat.S]  # type: ignore[attr-defined]
