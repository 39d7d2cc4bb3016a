"""Time one replay-widget step, server side: from the click to the updated state and HTML.

Steps through whole hands with the Next button (all four hands shown, and one seat shown while
playing along, picking the card played at the table), and reports the median and the slowest
step. Target: under 50 ms a step, judged on the 99th percentile (a lone slow step is the
garbage collector or the machine, and is printed too).

    python benchmarks/widget_step.py [--deals 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from tutor.engine.randomdeal import random_hand
from tutor.engine.replay import Replay, build
from tutor.files import handfile
from tutor.views.widgets import ReplayWidget

TARGET_MS = 50.0
EXAMPLE = Path(__file__).parent.parent / "tests" / "data" / "spec-example.yaml"


def walk(rp: Replay, *, play_as: str = "") -> list[float]:
    """Seconds for each step of one hand, clicking as a learner would."""
    w = ReplayWidget(rp, play_as=play_as)
    times: list[float] = []
    while w.step < len(rp.steps) - 1:
        turn = w.awaiting
        start = time.perf_counter()
        if turn is None:
            w.next_button.click()
        else:
            w.pick_buttons[str(turn.actual.card)].click()
        times.append(time.perf_counter() - start)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20, help="random deals besides the spec example")
    args = parser.parse_args(argv)
    example, _ = handfile.check(EXAMPLE)
    assert example is not None
    replays = [example] + [build(random_hand(seed)) for seed in range(args.deals)]
    watched: list[float] = []
    along: list[float] = []
    for rp in replays:
        walk(rp)  # warm caches (templates compiled once per process)
        watched += walk(rp)
        seat = rp.contract.declarer.value if rp.contract else ""
        along += walk(rp, play_as=seat)
    worst = 0.0
    for name, times in (("watching, all hands shown", watched), ("playing along as declarer", along)):
        ms = sorted(t * 1000 for t in times)
        p99 = ms[int(len(ms) * 0.99)]
        worst = max(worst, p99)
        print(f"{name:<26} {len(ms):5d} steps  median {statistics.median(ms):5.2f} ms  "
              f"mean {statistics.fmean(ms):5.2f} ms  99th percentile {p99:5.2f} ms  slowest {ms[-1]:5.2f} ms")
    verdict = "within" if worst < TARGET_MS else "OVER"
    print(f"99th percentile step {worst:.2f} ms: {verdict} the {TARGET_MS:.0f} ms target")
    return 0 if worst < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
