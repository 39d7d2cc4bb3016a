"""``tutor review`` of every shipped lesson at its asked seat: the time each takes, as a ratio to
a bare ``tutor check`` of the same file in the same run.

For each ``hands/*.yaml`` the seat asked is the lesson decision's (the caller of the call
asked, the contractor at the discard or the joker, the card's player in the play; without a
decision, the contractor). Each file is reviewed in a child process running
``tutor review FILE --seat S --layouts N`` and checked in another running ``tutor check FILE``,
one after the other, the two timed in CPU seconds (user + system of the child: start-up and
imports included, so the ratio says what a user waits for against a command everyone runs).
The review is what issue 27 asked to finish "in reasonable time"; the bare check is the
baseline measured in the same run, so that a busy machine weighs on both. Two-handed hands are
skipped by ``tutor review`` with one line and are timed like the rest.

Prints one line a file (review s, check s, ratio) and the totals. With ``--file`` only that
file (the six-handed misère of issue 27: ``--file hands/six-handed-misere-both-partners-out.yaml
--layouts 4``).

Measured on the shared 2-core machine (load average about 10), branch calls: every lesson at
8 layouts, 181 s of review CPU against 31.6 s of check (ratio 6), of which the six-handed
misère's South 136 s (ratio 112 to its check); the five-handed lessons 5.9 s and 2.3 s.

Branch msolve, 3 December, the code before (commit dbaed93) and after in the same run (load
average 1-2): every lesson at 8 layouts, before 190 s of review CPU against 33.8 s of check
(ratio 6), the six-handed misère's South 142.8 s (ratio 104); after 73 s against 32.4 s (ratio
2), the six-handed misère's South 27.4 s (ratio 24): its opening lead, single-dummy, had
searched a billion positions in a table too small for a misère against three (see
``Solver._fast``). The five-handed lessons 5.3 s and 2.0 s before, 5.8 s and 3.4 s after: their
continuations' misères are now solved (made or set) where before they were counted set.

    python benchmarks/review_lessons.py                  # every lesson, 8 layouts
    python benchmarks/review_lessons.py --layouts 4 --file hands/six-handed-misere-both-partners-out.yaml
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from tutor.engine.auction import run_auction
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.files.handfile import check

ROOT = Path(__file__).resolve().parent.parent


def asked_seat(rep: Replay) -> Seat | None:
    """The seat the lesson's decision asks (None: no seat to review)."""
    hand = rep.hand
    d = hand.decision
    contractor = rep.contract.declarer if rep.contract else None
    if d is None or d.kind in ("discard", "joker"):
        return contractor
    if d.kind == "auction":
        callers = run_auction(hand.auction, hand.rules, hand.dealer).callers
        return callers[d.call] if d.call is not None and d.call < len(callers) else contractor
    place = d.card
    assert place is not None
    per: dict[int, list[Seat]] = {}
    for s in rep.steps:
        if s.kind is StepKind.CARD and s.seat is not None and s.trick is not None:
            per.setdefault(s.trick, []).append(s.seat)
    seats = per.get(place[0], [])
    return seats[place[1] - 1] if place[1] - 1 < len(seats) else contractor


def _cpu(args: list[str]) -> float:
    """CPU seconds (user + system) of one ``python -m tutor.cli``-like child run."""
    before = os.times()
    subprocess.run([sys.executable, "-c", "import sys; from tutor.cli import main; "
                    "sys.exit(main(sys.argv[1:]))", *args], check=False, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, cwd=ROOT)
    after = os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layouts", type=int, default=8)
    parser.add_argument("--file", type=Path, action="append")
    args = parser.parse_args()
    files = args.file or sorted((ROOT / "hands").glob("*.yaml"))
    total_review = total_check = 0.0
    for path in files:
        rep, _problems = check(path)
        seat = asked_seat(rep) if rep is not None else None
        if seat is None:
            print(f"{path.name}: no seat to review")
            continue
        review = _cpu(["review", str(path), "--seat", seat.value, "--layouts", str(args.layouts)])
        checked = _cpu(["check", str(path)])
        total_review += review
        total_check += checked
        print(f"{path.name} --seat {seat.value}: review {review:.1f} s, check {checked:.2f} s, "
              f"ratio {review / checked:.0f}", flush=True)
    print(f"total over {len(files)} files at {args.layouts} layouts: review {total_review:.0f} s of "
          f"CPU, check {total_check:.1f} s, ratio {total_review / max(total_check, 1e-9):.0f}")


if __name__ == "__main__":
    main()
