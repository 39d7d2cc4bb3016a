"""Open-hands puzzles mined from a played hand: positions where one card alone keeps the result.

At every position of a replayed hand each legal card is solved double-dummy (all hands open).
Equal cards count as one (:func:`tutor.engine.equals.equal_runs`), and a led joker is one card
whatever suit it names (its best naming counts). A position is kept when:

- the contract's result is still open (some card keeps it made, some lets it be set) and
  exactly one card keeps the result the seat to move plays for (made for the contractor's
  side, set for the defence), every other card changing it; or
- in a contract of tricks whose result is already decided, exactly one card keeps the best
  trick count (a trick still scores then: the defenders' trick points, the contractor's slam),
  every other card giving one away.

Dropped, and counted in :class:`Counts`: positions with one legal card (``forced``), those
where every card comes to the same (``level``), those where more than one card does as well as
the best (``several``), misère positions whose result is decided (``decided``), a position
already mined up to equal cards (``duplicate``), and puzzles beyond the cap for one deal
(``capped``); a run that asks for one theme drops the puzzles without it (``other_theme``).

With ``at_the_table``, each ``contract`` puzzle is also valued with only what its seat could
see (:mod:`~tutor.teach.puzzles.table`); one whose answer is the best card there by the margin
is an at-the-table puzzle (``view``). Every puzzle carries its themes
(:mod:`~tutor.teach.puzzles.themes`). Under the cap the at-the-table puzzles are kept first,
then those with a theme of technique (more than the side, the contract and the preset: a
ruff, a duck, a throw-in...), then the rest, the earliest first within each.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from tutor.engine.auction import BidKind, Contract
from tutor.engine.cards import Card
from tutor.engine.equals import equal_runs
from tutor.engine.hand import Hand
from tutor.engine.play import Play, effective_suit, power
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.solve import Position, Solver, apply, deal_of
from tutor.solve.analysis import wants_more
from tutor.solve.line import best_line
from tutor.teach.puzzles.table import TableChances, table_chances
from tutor.teach.puzzles.themes import Solution, themes

__all__ = ["DEFAULT_CAP", "Counts", "Puzzle", "Refutation", "contract_words", "mine_hand", "position_key"]

#: At most this many puzzles from one deal, the earliest in the play.
DEFAULT_CAP = 3


@dataclass(frozen=True)
class Refutation:
    """A wrong card, what the contractor's side then takes, and the best play after it (the
    wrong card first, to the end of the hand)."""

    play: Play
    value: int
    line: tuple[Play, ...]


@dataclass(frozen=True)
class Puzzle:
    """One position of a hand where a single card keeps the result.

    ``index`` counts the plays before the position (the answer is play ``index + 1`` of the
    hand); ``kind`` is ``"contract"`` (the answer alone keeps the contract made, or set) or
    ``"score"`` (the result is decided; the answer alone keeps the best trick count)."""

    hand: Hand
    index: int
    trick: int
    card: int
    seat: Seat
    kind: str
    contractor: bool
    answer: Play
    equal: tuple[Card, ...]
    value: int
    need: int
    minimise: bool
    #: The contract in words: ``8♠ by South``.
    contract: str
    wrong: tuple[Refutation, ...]
    position: Position = field(compare=False, repr=False)
    #: ``"open-hands"``, or ``"at-the-table"`` with the seat's chances in ``chances``.
    view: str = "open-hands"
    chances: TableChances | None = None
    #: The tags :func:`~tutor.teach.puzzles.themes.themes` reads from the position and solution.
    themes: tuple[str, ...] = ()
    #: The best play after the answer, to the end of the hand.
    line: tuple[Play, ...] = ()
    #: The seat is the contractor who took the kitty (and so knows its discard).
    took_kitty: bool = False

    @property
    def key(self) -> str:
        """The answer's place as a note key: ``"trick.card"``."""
        return f"{self.trick}.{self.card}"


@dataclass
class Counts:
    """How many positions were looked at and why each that was not kept was dropped."""

    positions: int = 0
    forced: int = 0
    level: int = 0
    several: int = 0
    decided: int = 0
    duplicate: int = 0
    capped: int = 0
    #: Puzzles without the theme a run asked for (``theme``), dropped before the cap.
    other_theme: int = 0
    kept: int = 0
    #: Not a filter of the sum above: ``contract`` puzzles valued with the seat's view, and
    #: those kept as at-the-table puzzles (their answer the best there by the margin).
    tried: int = 0
    at_the_table: int = 0

    def add(self, other: Counts) -> None:
        for name in vars(self):
            setattr(self, name, getattr(self, name) + getattr(other, name))


def _need(rep: Replay) -> int | None:
    """The contractor's side's tricks that make the contract (misère: at most 0), or None where
    there is no contract result to play for (everyone passed)."""
    contract = rep.contract
    if contract is None or contract.bid.is_all_passed:
        return None
    if contract.bid.kind is BidKind.TRICKS:
        return contract.bid.tricks
    return 0


def contract_words(contract: Contract) -> str:
    """The contract as a puzzle names it: ``8♠ by South``, ``misère by West`` (``nullo`` where
    the table calls it that: setting misere_word)."""
    bid = contract.bid
    said = bid.pretty() if bid.kind is BidKind.TRICKS else bid.words()
    return f"{said} by {contract.declarer.word}"


def _made(value: int, need: int, minimise: bool) -> bool:
    return value == 0 if minimise else value >= need


def _others(pos: Position) -> list[Card]:
    me = pos.to_move
    out = [c for i, h in enumerate(pos.hands) if i != me for c in h]
    out.extend(p.card for p in pos.trick)
    return out


def groups(pos: Position, options: dict[Play, int]) -> dict[Card, list[Play]]:
    """The legal plays grouped as one card each: equal cards together, a joker's namings
    together; keyed by the highest card of the group."""
    runs = equal_runs(pos.hands[pos.to_move], _others(pos), pos.ctx)
    out: dict[Card, list[Play]] = {}
    for play in options:
        out.setdefault(runs.get(play.card, play.card), []).append(play)
    return out


def position_key(pos: Position) -> Hashable:
    """The position up to equal cards: each card named by its suit this hand and its place
    among the cards of that suit still in play, so positions differing only in which low
    cards have gone are the same."""
    cards = [c for h in pos.hands for c in h] + [p.card for p in pos.trick]
    places: dict[Card, tuple[str, int]] = {}
    by_suit: dict[str, list[Card]] = {}
    for card in set(cards):
        suit = effective_suit(card, pos.ctx)
        by_suit.setdefault(str(suit) if suit is not None else str(card), []).append(card)
    for name, held in by_suit.items():
        ranked = sorted(held, key=lambda c: (-power(c, effective_suit(c, pos.ctx), pos.ctx), str(c)))
        for place, card in enumerate(ranked):
            places[card] = (name, place)
    return (
        pos.seats, pos.team, pos.to_move, pos.won, pos.ctx,
        tuple(tuple(sorted(places[c] for c in h)) for h in pos.hands),
        tuple((places[p.card], p.names) for p in pos.trick),
        pos.shown_void, pos.led,
    )


def _pick(plays: list[Play], options: dict[Play, int], more: bool) -> Play:
    """A group's play: its best for the seat to move (the first such in the solver's order)."""
    return max(plays, key=lambda p: options[p] if more else -options[p])


@dataclass
class _Candidate:
    index: int
    pos: Position
    kind: str
    top: Card
    picks: dict[Card, Play]
    values: dict[Card, int]
    grouped: dict[Card, list[Play]]
    key: Hashable
    chances: TableChances | None = None
    line: tuple[Play, ...] = ()
    themes: tuple[str, ...] = ()


#: Themes every puzzle of a side and contract has: not a reason to prefer one under the cap.
PLAIN_THEMES = frozenset({"misere", "no-trumps", "misere-defence", "no-trumps-defence", "suit-defence",
                          "declarer-play"})


def _rank(c: _Candidate) -> tuple[int, int]:
    """Under the cap: at-the-table puzzles first, then those with a theme of technique (more
    than side, contract and preset), then the rest; the earliest first within each."""
    technique = bool(set(c.themes[:-1]) - PLAIN_THEMES)
    return (0 if c.chances is not None else 1 if technique else 2, c.index)


def mine_hand(rep: Replay, *, solver: Solver | None = None, cap: int = DEFAULT_CAP,
              seen: set[Hashable] | None = None, at_the_table: bool = False,
              theme: str | None = None) -> tuple[list[Puzzle], Counts]:
    """The puzzles of one replayed hand, as far as it was played, and the counts of what was
    dropped. ``seen`` holds the positions already mined (up to equal cards) and is added to;
    a hand with no contract result to play for gives none. ``at_the_table``: value each
    ``contract`` puzzle with its seat's view too (see the module's words). ``theme``: keep only
    the puzzles with this theme (the others counted in ``other_theme``), before the cap."""
    counts = Counts()
    deal = deal_of(rep)
    need = _need(rep)
    if need is None:
        return [], counts
    assert rep.contract is not None
    words = contract_words(rep.contract)
    solver = solver or Solver()
    seen = set() if seen is None else seen
    n = len(deal.start.seats)
    guess = solver.value(deal.start)
    candidates: list[_Candidate] = []
    here: set[Hashable] = set()
    for index, (pos, _) in enumerate(deal.positions()):
        counts.positions += 1
        options = solver.options(pos, guess)
        me = pos.to_move
        more = wants_more(pos, me)
        best = max(options.values()) if more else min(options.values())
        guess = best
        grouped = groups(pos, options)
        if len(grouped) == 1:
            counts.forced += 1
            continue
        picks = {top: _pick(plays, options, more) for top, plays in grouped.items()}
        values = {top: options[play] for top, play in picks.items()}
        contractor = pos.team[me]
        wanted = [top for top, v in values.items() if _made(v, need, pos.minimise) == contractor]
        if 0 < len(wanted) < len(values):
            kind, winners = "contract", wanted
        elif pos.minimise:
            counts.decided += 1
            continue
        else:
            kind, winners = "score", [top for top, v in values.items() if v == best]
            if len(winners) == len(values):
                counts.level += 1
                continue
        if len(winners) > 1:
            counts.several += 1
            continue
        key = position_key(pos)
        if key in seen or key in here:
            counts.duplicate += 1
            continue
        here.add(key)
        candidates.append(_Candidate(index, pos, kind, winners[0], picks, values, grouped, key))
    for c in candidates:
        c.line = best_line(apply(c.pos, c.picks[c.top]), solver, c.values[c.top])
        wrong = tuple(play for t, play in c.picks.items() if t != c.top)
        c.themes = themes(c.pos, Solution(c.picks[c.top], c.line, wrong, c.index), rep.rules.name)
    if theme is not None:
        counts.other_theme += sum(theme not in c.themes for c in candidates)
        candidates = [c for c in candidates if theme in c.themes]
    table = 0
    if at_the_table:
        for c in candidates:
            if c.kind == "contract" and table < cap:
                counts.tried += 1
                c.chances = table_chances(rep, c.index, c.picks[c.top])
                table += c.chances is not None
    chosen = sorted(candidates, key=_rank)[:cap]
    chosen.sort(key=lambda c: c.index)
    counts.capped += len(candidates) - len(chosen)
    found = [_puzzle(rep, c, solver, n=n, need=need, words=words) for c in chosen]
    seen.update(c.key for c in chosen)
    counts.kept = len(found)
    counts.at_the_table = sum(p.view == "at-the-table" for p in found)
    return found, counts


def _puzzle(rep: Replay, c: _Candidate, solver: Solver, *, n: int, need: int, words: str) -> Puzzle:
    pos, values, picks = c.pos, c.values, c.picks
    me = pos.to_move
    answer = picks[c.top]
    wrong = tuple(
        Refutation(play, values[t], (play, *best_line(apply(pos, play), solver, values[t])))
        for t, play in picks.items() if t != c.top
    )
    return Puzzle(
        hand=rep.hand, index=c.index, trick=c.index // n + 1, card=c.index % n + 1,
        seat=pos.seats[me], kind=c.kind, contractor=pos.team[me], answer=answer,
        equal=tuple(p.card for p in c.grouped[c.top] if p.card != answer.card),
        value=values[c.top], need=need, minimise=pos.minimise, contract=words, wrong=wrong,
        position=pos, view="open-hands" if c.chances is None else "at-the-table",
        chances=c.chances, themes=c.themes, line=c.line,
        took_kitty=rep.contract is not None and rep.contract.declarer == pos.seats[me]
        and bool(rep.hand.discard),
    )
