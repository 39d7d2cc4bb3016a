"""``tutor check`` against a bare parse-and-legality pass over the same random legal deals.

Writes ``--deals`` random deals (the Australian, Avondale and American presets, seeded,
reproducible) as hand files into a temporary folder. Each run then reads every file twice in
this process, deal for deal in turn: once as ``tutor check`` does
(:func:`tutor.teach.lessoncheck.check_lesson`, what ``tutor check`` runs for each file), once
as the *bare pass* (:func:`bare_pass`): the file read with PyYAML's C loader and every card's
legality judged by the engine (:func:`~tutor.engine.play.legal_plays`, the trick's winner by
:func:`~tutor.engine.play.power`), with none of tutor's checking extras: no line bookkeeping,
no problems collected, no spoiler or note checks, no sentences. Which of the two goes first
alternates from deal to deal, and the garbage collector is emptied (untimed) before each, so a
change of load on a shared machine, or one side's garbage, weighs on both.

What it prints is ``tutor check``'s CPU time as a ratio to the bare pass's in the same run:
the median and the spread (lowest to highest) over the runs. Deals a second come second: from
the same loop, and from a whole ``python -m tutor check`` process (start-up and imports
included, what an author waits for) timed once a run, in CPU time. That process runs as an
installed tutor does, with its bytecode cached (in the temporary folder, so that a shell with
``PYTHONDONTWRITEBYTECODE`` set does not have every module compiled again at each start, which
costs about 0.1 s). The target is judged on the median ratio.

    python benchmarks/check_throughput.py            # 1,000 deals, 5 runs
    python benchmarks/check_throughput.py --deals 5000 --runs 3
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from tutor.engine.auction import parse_call, run_auction
from tutor.engine.cards import Card, Joker, Suit
from tutor.engine.kitty import play_context
from tutor.engine.play import Play, effective_suit, joker_lead_suits, joker_powerless, legal_plays, power
from tutor.engine.randomdeal import random_hand
from tutor.engine.rules import preset
from tutor.engine.seats import Seat, table
from tutor.files import handfile
from tutor.teach.lessoncheck import check_lesson

#: ``tutor check`` may take at most this many times the bare pass's CPU time (median of the runs).
TARGET_RATIO = 2.0

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def write_deals(folder: Path, deals: int, seed: int = 0) -> list[Path]:
    paths = []
    for i in range(deals):
        hand = random_hand(seed + i)
        path = folder / f"deal-{i:05d}.yaml"
        handfile.dump(hand, path)
        paths.append(path)
    return paths


class Illegal(Exception):
    """The bare pass found a card the engine does not allow (never, on random legal deals)."""


def bare_pass(path: Path) -> int:
    """The file read with PyYAML's C loader and every card's legality judged by the engine.

    Made for the benchmark's own deals (three to six players, no grand nullo or called partner):
    the auction run for the contract, the kitty taken, then each card held against
    :func:`legal_plays` and each trick won by :func:`power`. Returns the cards judged.
    """
    data = yaml.load(path.read_text("utf-8"), Loader=_LOADER)
    rules = preset(data["rules"])
    at = table(rules.players)
    dealer = Seat.parse(data["dealer"])
    hands = {Seat.parse(s): [Card.parse(c) for c in cards] for s, cards in data["hands"].items()}
    contract = run_auction([parse_call(c) for c in data["auction"]], rules, dealer).contract
    if contract is None:
        raise Illegal(f"{path}: no contract")
    bid, declarer = contract.bid, contract.declarer
    if not bid.is_all_passed:
        hands[declarer] += [Card.parse(c) for c in data["kitty"]]
        for c in data["discard"]:
            hands[declarer].remove(Card.parse(c))
    joker = data.get("joker")
    ctx = play_context(bid, Suit.parse(joker) if joker else None, rules)
    out = at.partners(declarer) if bid.is_misere else ()
    active = [s for s in at.seats if s not in out]
    if rules.first_leader == "contractor":
        leader = declarer
    else:
        leader = at.next(dealer)
        while leader not in active:
            leader = at.next(leader)
    shown_void: dict[Seat, set[Suit]] = {s: set() for s in at.seats}
    led_before: set[Suit] = set()
    judged = 0
    for trick in data.get("play", ()):
        order = [s for s in at.order_from(leader) if s is leader or s in active]
        plays: list[Play] = []
        lost: list[bool] = []
        led: Suit | None = None
        for seat, text in zip(order, trick, strict=False):
            play = Play.parse(text)
            held = hands[seat]
            if play.card not in legal_plays(held, plays, ctx, shown_void=shown_void[seat],
                                            led_before=led_before):
                raise Illegal(f"{path}: {seat} may not play {play}")
            if not plays and play.card.__class__ is Joker and ctx.wildcard and len(held) > 1 and (
                play.names not in joker_lead_suits(held, ctx, shown_void[seat], led_before=led_before)
            ):
                raise Illegal(f"{path}: {seat} may not lead {play}")
            lost.append(joker_powerless(play.card, ctx, shown_void[seat]))
            if plays:
                if led is not None and effective_suit(play.card, ctx) is not led:
                    shown_void[seat].add(led)
            else:
                led = play.names if play.card.__class__ is Joker and ctx.wildcard else (
                    effective_suit(play.card, ctx))
                if led is not None:
                    led_before.add(led)
            plays.append(play)
            held.remove(play.card)
            judged += 1
        powers = [power(p.card, led, ctx, lost=x) for p, x in zip(plays, lost, strict=True)]
        leader = order[powers.index(max(powers))]
    return judged


def tutor_check(path: Path) -> int:
    """What ``tutor check`` does with one file (cmd_check): every problem, as a list."""
    problems = check_lesson(path)[1]
    if problems:
        raise SystemExit(f"tutor check found problems in a random legal deal: {problems[0]}")
    return 0


def _timed(fn: Callable[[Path], int], path: Path) -> int:
    gc.collect()
    start = time.process_time_ns()
    fn(path)
    return time.process_time_ns() - start


def one_run(paths: list[Path]) -> tuple[float, float]:
    """CPU seconds of ``tutor check`` and of the bare pass over every deal, in turn deal for deal."""
    gc.freeze()  # the imports stay out of every collection: emptying the collector costs little
    check_ns = bare_ns = 0
    for i, path in enumerate(paths):
        if i % 2:
            check_ns += _timed(tutor_check, path)
            bare_ns += _timed(bare_pass, path)
        else:
            bare_ns += _timed(bare_pass, path)
            check_ns += _timed(tutor_check, path)
    gc.unfreeze()
    return check_ns / 1e9, bare_ns / 1e9


def whole_process(folder: Path, pycache: Path) -> float:
    """CPU time (user + system) of one whole ``python -m tutor check`` process, its bytecode
    cached in ``pycache``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(
        [sys.executable, "-m", "tutor", "check", "--quiet", str(folder)],
        capture_output=True,
        text=True,
        env=env,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"tutor check found problems in random legal deals:\n{proc.stdout[:2000]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(deals: int = 1000, runs: int = 5, *, processes: bool = True) -> dict[str, float]:
    """The ratio's median, lowest and highest over ``runs``, and deals a second (CPU time)."""
    with tempfile.TemporaryDirectory(prefix="tutor-bench-") as tmp:
        folder = Path(tmp) / "deals"
        folder.mkdir()
        pycache = Path(tmp) / "pycache"
        paths = write_deals(folder, deals)
        for path in paths[:20]:  # warm both: first reads fill caches either would fill once
            tutor_check(path)
            bare_pass(path)
        if processes:
            whole_process(folder, pycache)  # untimed: compiles and caches the bytecode
        results = []
        cpus = []
        for _ in range(runs):
            results.append(one_run(paths))
            if processes:
                cpus.append(whole_process(folder, pycache))
    ratios = [check / bare for check, bare in results]
    check_median = statistics.median(check for check, _ in results)
    bare_median = statistics.median(bare for _, bare in results)
    return {
        "deals": deals,
        "runs": runs,
        "ratio": statistics.median(ratios),
        "ratio_low": min(ratios),
        "ratio_high": max(ratios),
        "check_per_s": deals / check_median,
        "bare_per_s": deals / bare_median,
        "process_per_s": deals / statistics.median(cpus) if cpus else 0.0,
    }


def report(r: dict[str, float]) -> str:
    text = (
        f"tutor check: {r['ratio']:.2f}x the CPU time of a bare parse-and-legality pass "
        f"(median of {r['runs']:.0f} runs over {r['deals']:.0f} deals, "
        f"{r['ratio_low']:.2f}x-{r['ratio_high']:.2f}x; target at most {TARGET_RATIO:.1f}x)\n"
        f"  deals/s on one core (CPU time): tutor check {r['check_per_s']:,.0f}, "
        f"bare pass {r['bare_per_s']:,.0f}"
    )
    if r["process_per_s"]:
        text += f"; whole tutor check process (start-up included) {r['process_per_s']:,.0f}"
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-process", action="store_true",
                        help="leave out the whole-process timing (the ratio only)")
    args = parser.parse_args(argv)
    r = measure(args.deals, args.runs, processes=not args.no_process)
    print(report(r))
    return 0 if r["ratio"] <= TARGET_RATIO else 1


if __name__ == "__main__":
    raise SystemExit(main())
