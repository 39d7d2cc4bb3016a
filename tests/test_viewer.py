"""The hand viewer's data (tutor.views.site.viewer): the replay's states, as the page's JSON block."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.engine.replay import StepKind
from tutor.files.handfile import check
from tutor.teach.asking import asked_in, choice_orders
from tutor.views.shared.render import Pictures, environment
from tutor.views.site.viewer import expanded, viewer_data, viewer_json

LESSONS = sorted((Path(__file__).parent.parent / "hands").glob("*.yaml"))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_step_of_every_lesson_is_in_the_data(path: Path) -> None:
    rp, problems = check(path)
    assert rp is not None and not problems
    data = viewer_data(rp, Pictures(environment()))
    asked, orders = asked_in(rp), choice_orders(rp)
    steps = expanded(data["steps"])
    assert len(steps) == len(rp.steps)
    for i, (view, step, state) in enumerate(zip(steps, rp.steps, rp.states, strict=True)):
        assert view["text"] == step.ruling.text
        for seat in rp.table.seats:
            assert sorted(view["hands"][seat.value]) == sorted(str(c) for c in state.hands.get(seat, ())), i
            assert sorted(view["played"][seat.value]) == sorted(str(c) for c in state.played.get(seat, ())), i
        # the question is asked only where the engine closes a complete trick, and only there,
        # and only of the tricks the page asks (tutor.teach.asking), its choices in the page's order
        trick = state.current_trick
        asks = step.kind is StepKind.TRICK and trick is not None and trick.complete and trick.number in asked
        assert ("ask" in view) == asks, i
        if asks:
            assert trick is not None and view["ask_order"] == list(orders[trick.number])
    assert set(data["faces"]) >= {c for v in steps for cards in v["hands"].values() for c in cards}
    tricks = [j["trick"] for j in data["jumps"] if "trick" in j]
    assert tricks == list(range(1, len(tricks) + 1))
    assert json.loads(str(viewer_json(data)))["steps"] == json.loads(json.dumps(data["steps"]))
    # most steps carry one changed hand, not the whole table
    assert sum(len(v["hands"]) for v in data["steps"]) < 2 * len(steps)


def test_the_json_block_cannot_close_its_script_element() -> None:
    data = {"title": "</script><script>alert(1)</script> <!-- & -->", "faces": {}}
    text = str(viewer_json(data))
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"title": data["title"]}
