"""The computer players at duplicate: against a player who sees every hand, and against a simple heuristic.

Each seeded deal is bid once (the computer bids and discards for every seat, so the contract is
the same at both tables: bidding fixed per deal), then played at two tables with the
partnerships swapped: the computer partnership holds North–South's cards at one table and
East–West's at the other, against one of two opponents:

(a) ``perfect``: a perfect-information card player. It sees all four hands and plays a
    double-dummy best card (the solver's value with every hand open; ties go to the lowest
    card), the strongest card play there is on a given layout;
(b) ``heuristic``: a simple player written here, not by the code it is measured against:
    second hand low, third hand high, win as cheaply as possible (fourth hand, or ruffing),
    low when partner is winning; on lead the contractor's side draws trumps first (its highest
    trump while the opponents may still hold one), otherwise it leads from its longest side
    suit (its top card when that is the highest left in the suit, else its lowest). In misère
    everyone plays low (the contractor its highest card that still loses the trick).

The figure a deal is the computer partnership's points less the opponents' points, summed over
the two tables (points a deal): the same cards were held both ways, so the luck
of the deal cancels. Printed with its standard error (the deals' spread over the root of
their number). Also: how often each side made the contracts it played, by kind of contract
(suit, no-trumps, misère), with standard errors; and the wall time of every computer card
with more than one legal choice (median, 99th percentile, longest; the learner's budget is a
second a card).

The clock: the machine these runs share is busy, so its wall clock says more about the other
work than about the player. By default the card player's time budget runs on the process's CPU
time (``--clock cpu``: what a card takes on an idle machine, the player being one thread), and
the times reported are CPU times too; ``--clock wall`` uses the wall clock for both.

Run from the project root with the project's venv:

    .venv/bin/python benchmarks/practice_duplicate.py --deals 200 --jobs 2
    .venv/bin/python benchmarks/practice_duplicate.py --deals 4 --seconds 1.0   # a quick look

Two players on the same deals, paired (here the card player's budget of before, 8, 20 and 60
layouts, against today's):

    .venv/bin/python benchmarks/practice_duplicate.py --deals 200 --early 8 --middle 20 --late 60 \
        --out old.jsonl
    .venv/bin/python benchmarks/practice_duplicate.py --deals 200 --out new.jsonl
    .venv/bin/python benchmarks/practice_duplicate.py --report new.jsonl --baseline old.jsonl

The bidding by the count alone (no simulated no-trump or misère calls) against today's:
``--bids 0 --out count.jsonl``, then ``--report new.jsonl --baseline count.jsonl``.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
import types
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from multiprocessing import Pool
from typing import TextIO

from tutor.engine.auction import BidKind
from tutor.engine.cards import Card, Joker, SuitedCard
from tutor.engine.play import Play, PlayContext, effective_suit, led_suit, power
from tutor.engine.seats import Side
from tutor.solve import Position, Solver
from tutor.teach.players import Budget, Game, Phase, cardplay

Policy = Callable[[Game], Play]


def computer(game: Game) -> Play:
    choice = game.decide().choice
    assert isinstance(choice, Play)
    return choice


def _rank(card: Card, ctx: PlayContext) -> tuple[int, int]:
    """Lowest first: side cards before trumps, then by strength in their own suit."""
    suit = effective_suit(card, ctx)
    trump = 1 if (suit is not None and suit == ctx.trumps) or isinstance(card, Joker) else 0
    return trump, power(card, suit, ctx)


def _lowest(plays: Sequence[Play], ctx: PlayContext) -> Play:
    return min(plays, key=lambda p: _rank(p.card, ctx))


def _highest(plays: Sequence[Play], ctx: PlayContext) -> Play:
    return max(plays, key=lambda p: _rank(p.card, ctx))


def perfect(game: Game) -> Play:
    """A double-dummy best card: every hand seen, the solver's value after each legal card."""
    pos = game.position()
    legal = game.legal()
    if len(legal) == 1:
        return legal[0]
    values = Solver().options(pos)
    me = pos.to_move
    more = pos.team[me] != pos.minimise
    sign = 1 if more else -1
    return max(legal, key=lambda p: (sign * values[p], [-x for x in _rank(p.card, pos.ctx)]))


def _winning(pos: Position) -> tuple[int, int]:
    """The index of the seat winning the trick in progress, and its card's power."""
    led = led_suit(pos.trick[:1], pos.ctx)
    best, at = -1, pos.leader
    for k, play in enumerate(pos.trick):
        i = (pos.leader + k) % len(pos.seats)
        p = power(play.card, led, pos.ctx, lost=k in pos.powerless)
        if p > best:
            best, at = p, i
    return at, best


def _outstanding(pos: Position, gone: Sequence[Card], cards: Sequence[Card], me: int) -> list[Card]:
    """The cards of the pack neither in this seat's hand nor played."""
    mine = set(pos.hands[me])
    played = set(gone) | {p.card for p in pos.trick}
    return [c for c in cards if c not in mine and c not in played]


def _is_trump(card: Card, ctx: PlayContext) -> bool:
    return isinstance(card, Joker) or (ctx.trumps is not None and effective_suit(card, ctx) == ctx.trumps)


def _lead(game: Game, pos: Position, legal: Sequence[Play]) -> Play:
    """The contractor's side draws trumps first; otherwise the longest side suit, its top card
    when that is the highest left in the suit, else its lowest."""
    ctx = pos.ctx
    me = pos.to_move
    gone = [p.card for t in game.hand.play for p in t]
    out = _outstanding(pos, gone, game.rules.the_pack.cards, me)
    if pos.team[me] and ctx.trumps is not None:
        trumps = [p for p in legal if _is_trump(p.card, ctx)]
        if trumps and any(_is_trump(c, ctx) for c in out):
            return _highest(trumps, ctx)
    side = [p for p in legal if isinstance(p.card, SuitedCard) and not _is_trump(p.card, ctx)]
    if not side:
        return _highest(legal, ctx)
    suits = {effective_suit(p.card, ctx) for p in side}
    length = {s: sum(1 for c in pos.hands[me] if effective_suit(c, ctx) == s) for s in suits}
    suit = max(length, key=lambda s: (length[s], s.value if s else ""))
    mine = [p for p in side if effective_suit(p.card, ctx) == suit]
    top = max(mine, key=lambda p: power(p.card, suit, ctx))
    strength = power(top.card, suit, ctx)
    higher = [c for c in out if effective_suit(c, ctx) == suit and power(c, suit, ctx) > strength]
    return top if not higher else min(mine, key=lambda p: power(p.card, suit, ctx))


def heuristic(game: Game) -> Play:
    pos = game.position()
    legal = game.legal()
    if len(legal) == 1:
        return legal[0]
    ctx = pos.ctx
    me = pos.to_move
    if pos.minimise:  # misère: everyone low; the contractor its highest card that still loses
        if pos.trick and pos.team[me]:
            led = led_suit(pos.trick[:1], ctx)
            _at, top = _winning(pos)
            losers = [p for p in legal if power(p.card, led, ctx) < top]
            if losers:
                return max(losers, key=lambda p: _rank(p.card, ctx))
        return _lowest(legal, ctx)
    if not pos.trick:
        return _lead(game, pos, legal)
    led = led_suit(pos.trick[:1], ctx)
    at, best = _winning(pos)
    if len(pos.trick) == 1 or pos.team[at] == pos.team[me]:
        return _lowest(legal, ctx)  # second hand low; partner winning: low
    beaters = [p for p in legal if power(p.card, led, ctx) > best]
    if not beaters:
        return _lowest(legal, ctx)
    following = [p for p in beaters if effective_suit(p.card, ctx) == led]
    third = len(pos.trick) == 2 and len(pos.seats) == 4
    if third and following:
        return max(following, key=lambda p: power(p.card, led, ctx))  # third hand high
    return min(beaters, key=lambda p: power(p.card, led, ctx))  # win as cheaply as possible


OPPONENTS: dict[str, Policy] = {"perfect": perfect, "heuristic": heuristic}


def kind_of(game: Game) -> str:
    contract = game.auction().contract
    assert contract is not None
    bid = contract.bid
    if bid.is_misere:
        return "misère"
    if bid.kind is BidKind.TRICKS and bid.strain is not None and bid.strain.suit is None:
        return "no-trumps"
    return "suit"


def bid_deal(seed: int, rules: str, budget: Budget) -> Game | None:
    game = Game(rules, seed, budget=budget)
    while game.phase in (Phase.AUCTION, Phase.DISCARD):
        game.computer()
    return game if game.phase is Phase.PLAY else None


@dataclass
class Table:
    """One table of a deal: the computer's side, both sides' points, whether the contract was
    made and by whom it was played."""

    computer_side: str
    computer: int
    other: int
    computer_contracted: bool
    made: bool


@dataclass
class DealResult:
    seed: int
    kind: str
    tables: dict[str, list[Table]] = field(default_factory=dict)
    walls: list[float] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, line: str) -> DealResult:
        raw = json.loads(line)
        tables = {k: [Table(**t) for t in v] for k, v in raw["tables"].items()}
        return cls(raw["seed"], raw["kind"], tables, raw["walls"])

    def net(self, opponent: str) -> float:
        """The computer partnership's points less the opponents', over the deal's two tables."""
        return sum(t.computer - t.other for t in self.tables[opponent])


def use_clock(clock: str) -> Callable[[], float]:
    """Make the card player's budget run on this clock (``cpu`` or ``wall``) and return it."""
    tick = time.process_time if clock == "cpu" else time.monotonic
    setattr(cardplay, "time", types.SimpleNamespace(monotonic=tick))  # noqa: B010 - the module's clock
    return tick


def one_deal(args: tuple[int, str, Budget, tuple[str, ...], str]) -> DealResult | None:
    seed, rules, budget, against, clock = args
    tick = use_clock(clock)
    start = bid_deal(seed, rules, budget)
    if start is None:
        return None
    contract = start.auction().contract
    assert contract is not None
    out = DealResult(seed, kind_of(start))
    for name in against:
        rows = []
        for side in (Side.NS, Side.EW):
            game = Game(rules, seed, budget=budget, start=start.hand)
            while game.to_act is not None:
                seat = game.to_act
                if seat.side is side:
                    many = len(game.legal()) > 1
                    t0 = tick()
                    play = computer(game)
                    if many:
                        out.walls.append(tick() - t0)
                else:
                    play = OPPONENTS[name](game)
                game.play(play)
            result = game.replay.result
            assert result is not None
            rows.append(Table(side.value, result.score[side], result.score[side.other],
                              contract.declarer.side is side,
                              result.ruling.kind.value in ("contract-made", "misere-made", "slam")))
        out.tables[name] = rows
    return out


def mean_se(xs: Sequence[float]) -> tuple[float, float]:
    if not xs:
        return math.nan, math.nan
    m = statistics.mean(xs)
    se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.nan
    return m, se


def pct(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, math.ceil(q * len(s)) - 1)] if s else math.nan


def run(deals: int, rules: str = "australian", seconds: float | None = 1.0, jobs: int = 1,
        against: tuple[str, ...] = tuple(OPPONENTS), first: int = 0,
        clock: str = "cpu", budget: Budget | None = None, out: str | None = None) -> list[DealResult]:
    """Play the deals; ``out``: also write each deal's result to this file as it is done (a
    JSON line a deal, in seed order), so a run stopped early still has its first deals."""
    budget = budget or Budget(seconds=seconds)
    work = [(seed, rules, budget, against, clock) for seed in range(first, first + deals)]
    results = []
    sink = open(out, "a", encoding="utf-8") if out else None  # noqa: SIM115 - closed below
    try:
        if jobs > 1:
            with Pool(jobs) as pool:
                found = list(_collect(pool.imap(one_deal, work, chunksize=1), sink))
        else:
            found = list(_collect(map(one_deal, work), sink))
        results = found
    finally:
        if sink is not None:
            sink.close()
    return results


def _collect(found: Iterable[DealResult | None], sink: TextIO | None) -> Iterator[DealResult]:
    for r in found:
        if r is None:
            continue
        if sink is not None:
            sink.write(r.to_json() + "\n")
            sink.flush()
        yield r


def report(results: Sequence[DealResult], against: Sequence[str], clock: str = "cpu") -> str:
    lines = [f"{len(results)} deals, each played at two tables with the partnerships swapped"]
    for name in against:
        m, se = mean_se([r.net(name) for r in results])
        lines.append(f"vs {name:9s}: computer partnership {m:+.1f} ± {se:.1f} points a deal "
                     f"(its points less the {name} player's, both tables)")
    for name in against:
        parts = []
        for who, mine in (("computer", True), (name, False)):
            for kind in ("suit", "no-trumps", "misère"):
                made = [float(t.made) for r in results for t in r.tables[name]
                        if r.kind == kind and t.computer_contracted is mine]
                if made:
                    m, se = mean_se(made)
                    parts.append(f"{who} {kind} {m:.0%} ± {se:.0%} of {len(made)}")
        lines.append(f"vs {name:9s}: contracts made: " + "; ".join(parts))
    kinds = {k: sum(1 for r in results if r.kind == k) for k in ("suit", "no-trumps", "misère")}
    lines.append("contracts bid by the computer: " + ", ".join(f"{k} {v}" for k, v in kinds.items()))
    walls = [w for r in results for w in r.walls]
    if walls:
        what = "CPU time" if clock == "cpu" else "wall time"
        lines.append(f"a computer card (more than one legal), {what}: "
                     f"median {statistics.median(walls):.3f}s, "
                     f"99th percentile {pct(walls, 0.99):.3f}s, longest {max(walls):.3f}s "
                     f"({len(walls)} decisions)")
    return "\n".join(lines)


def paired(done: Sequence[DealResult], baseline: str, against: Sequence[str], clock: str) -> str:
    """The report of ``done`` and of the baseline run in the file ``baseline`` on the deals both
    played, and the paired difference a deal (the same cards, the same contracts)."""
    with open(baseline, encoding="utf-8") as f:
        base = {r.seed: r for r in (DealResult.from_json(line) for line in f if line.strip())}
    done = [r for r in done if r.seed in base and all(n in r.tables and n in base[r.seed].tables
                                                      for n in against)]
    lines = [report(done, against, clock), "the same deals, the baseline run:",
             report([base[r.seed] for r in done], against, clock)]
    for name in against:
        m, se = mean_se([r.net(name) - base[r.seed].net(name) for r in done])
        lines.append(f"vs {name:9s}: this run less the baseline {m:+.1f} ± {se:.1f} points a deal "
                     f"(paired, {len(done)} deals)")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--first", type=int, default=0, help="the first deal's seed")
    ap.add_argument("--rules", default="australian")
    ap.add_argument("--seconds", type=float, default=1.0, help="time budget per computer card")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--against", default="perfect,heuristic")
    for knob in ("early", "middle", "late", "bids"):
        ap.add_argument(f"--{knob}", type=int, help=f"the budget's {knob} (default: the player's)")
    ap.add_argument("--out", help="append each deal's result to this file as it is done")
    ap.add_argument("--report", metavar="FILE",
                    help="report on the results in FILE (from --out), play nothing")
    ap.add_argument("--baseline", metavar="FILE",
                    help="with --report: also the paired difference from the results in FILE "
                         "(another player's run, from --out) on the deals both played")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="the clock of the card player's budget and of the times reported")
    args = ap.parse_args()
    against = tuple(a for a in args.against.split(",") if a)
    if args.report:
        with open(args.report, encoding="utf-8") as f:
            done = [DealResult.from_json(line) for line in f if line.strip()]
        if args.baseline:
            print(paired(done, args.baseline, against, args.clock))
            return
        print(report(done, against, args.clock))
        return
    t0 = time.perf_counter()
    knobs = {k: getattr(args, k) for k in ("early", "middle", "late", "bids")
             if getattr(args, k) is not None}
    budget = Budget(seconds=args.seconds, **knobs)
    results = run(args.deals, args.rules, args.seconds, args.jobs, against, args.first, args.clock,
                  budget=budget, out=args.out)
    print(report(results, against, args.clock))
    print(f"({time.perf_counter() - t0:.0f}s wall, {args.jobs} processes, {args.rules}, "
          f"{args.seconds}s budget a computer card)")


if __name__ == "__main__":
    main()
