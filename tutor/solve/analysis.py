"""What every card of a played hand was worth, with all hands open (``tutor analyse``).

For each card played: the tricks the contractor's side takes in the whole hand after it, the
best that the player could have kept it to (or brought it to) at that point, and every legal
alternative. Optionally the contractor's discard is rated too: what each discard would make.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations

from tutor.engine.auction import BidKind
from tutor.engine.cards import Card, Joker
from tutor.engine.play import Play
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.solve.deal import Deal, deal_of
from tutor.solve.position import Position, SolveError
from tutor.solve.solver import Solver

__all__ = ["Analysis", "CardValue", "DiscardValue", "analyse", "wants_more"]


def wants_more(pos: Position, seat_index: int) -> bool:
    """Whether this seat wants the contractor's side to take more tricks."""
    return pos.team[seat_index] != pos.minimise


@dataclass(frozen=True)
class CardValue:
    """One card played, its value, the best value there, and every legal play's value."""

    trick: int
    seat: Seat
    play: Play
    value: int
    best: int
    options: dict[Play, int]
    wants_more: bool

    @property
    def cost(self) -> int:
        """How many tricks this card gave away against the best play (0: it was a best card)."""
        return abs(self.best - self.value)

    def best_plays(self) -> list[Play]:
        return [p for p, v in self.options.items() if v == self.best]

    def to_json(self) -> dict[str, object]:
        return {
            "trick": self.trick,
            "seat": self.seat.value,
            "card": str(self.play),
            "value": self.value,
            "best": self.best,
            "options": {str(p): v for p, v in self.options.items()},
        }


@dataclass(frozen=True)
class DiscardValue:
    """A discard the contractor could have made, and the tricks the side would then take."""

    cards: tuple[Card, ...]
    value: int

    def to_json(self) -> dict[str, object]:
        return {"discard": [str(c) for c in self.cards], "value": self.value}


@dataclass(frozen=True)
class Analysis:
    """A hand analysed double-dummy: par after the discard, and every card played."""

    title: str
    bid: str
    declarer: Seat
    side: str
    side_words: str
    minimise: bool
    par: int
    plays: tuple[CardValue, ...]
    discard: DiscardValue | None = None
    discards: tuple[DiscardValue, ...] = ()

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "contract": {"bid": self.bid, "declarer": self.declarer.value},
            "side": self.side,
            "par": self.par,
            "plays": [p.to_json() for p in self.plays],
        }
        if self.discard is not None:
            out["kitty"] = {
                "discard": self.discard.to_json()["discard"],
                "value": self.discard.value,
                "best": self.discards[0].value if self.discards else self.discard.value,
                "options": [d.to_json() for d in self.discards],
            }
        return out


def _best(values: list[int], more: bool) -> int:
    return max(values) if more else min(values)


def analyse(rep: Replay, *, solver: Solver | None = None, kitty: bool = False) -> Analysis:
    """Analyse a replayed hand as far as it was played; ``kitty`` rates the discard as well."""
    deal = deal_of(rep)
    solver = solver or Solver()
    plays: list[CardValue] = []
    n = len(deal.start.seats)
    par = solver.value(deal.start)
    guess = par
    for k, (pos, play) in enumerate(deal.positions()):
        options = solver.options(pos, guess)
        mover = pos.to_move
        more = wants_more(pos, mover)
        plays.append(
            CardValue(
                trick=k // n + 1,
                seat=pos.seats[mover],
                play=play,
                value=options[_key(options, play)],
                best=_best(list(options.values()), more),
                options=options,
                wants_more=more,
            )
        )
        guess = plays[-1].value
    contract = rep.contract
    assert contract is not None
    discard, discards = (None, ()) if not kitty else _rate_discards(rep, deal, solver)
    return Analysis(
        title=rep.hand.title,
        bid=str(contract.bid),
        declarer=deal.declarer,
        side=deal.side,
        side_words=_side_words(deal),
        minimise=deal.start.minimise,
        par=par,
        plays=tuple(plays),
        discard=discard,
        discards=discards,
    )


def _key(options: dict[Play, int], play: Play) -> Play:
    """The option that is ``play`` (a joker led as the last card may be written named or not)."""
    if play in options:
        return play
    if isinstance(play.card, Joker):
        plain = Play(play.card)
        if plain in options:
            return plain
    raise SolveError(f"{play} is not among the legal plays the solver found: please report it")


def _side_words(deal: Deal) -> str:
    seats = deal.contractors
    if set(seats) == {Seat.N, Seat.S}:
        return "North–South"
    if set(seats) == {Seat.E, Seat.W}:
        return "East–West"
    return " and ".join(s.word for s in seats)


def _rate_discards(rep: Replay, deal: Deal, solver: Solver) -> tuple[DiscardValue, tuple[DiscardValue, ...]]:
    """Every discard the contractor could have made from hand and kitty, best first."""
    hand = rep.hand
    contract = rep.contract
    assert contract is not None
    if hand.discard is None or hand.grand_slam is not None or contract.bid.kind is BidKind.GRAND_NULLO:
        raise SolveError("--kitty rates an ordinary discard from hand and kitty; this hand has none")
    declarer = deal.declarer
    start = deal.start
    i = start.seats.index(declarer)
    pool = list(hand.hands[declarer]) + list(hand.kitty)
    size = len(hand.discard)
    more = wants_more(start, i)
    deal_par = solver.value(start)
    seen: dict[tuple[str, ...], DiscardValue] = {}
    for away in combinations(range(len(pool)), size):
        kept = tuple(c for j, c in enumerate(pool) if j not in away)
        cards = tuple(pool[j] for j in away)
        key = tuple(sorted(str(c) for c in cards))
        if key in seen:
            continue
        pos = replace(start, hands=(*start.hands[:i], kept, *start.hands[i + 1:]))
        seen[key] = DiscardValue(cards, solver.value(pos, deal_par))
    ranked = sorted(seen.values(), key=lambda d: -d.value if more else d.value)
    actual = seen[tuple(sorted(str(c) for c in hand.discard))]
    return actual, tuple(ranked)
