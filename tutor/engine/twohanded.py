"""The two-handed game (Megan Corino and Barry Rigal): tricks of four cards from hand and table.

From the rules page's "Two-Player Version": each player has ten cards in hand and five piles
on the table, a face-down card under a face-up one; "Tricks involve four cards — one from each
player's hand and one from their face-up table cards"; the winner of a trick "dictates how the
next trick starts" (won with a face-up card: the next starts with a face-up card; won with a
hand card: with a hand card); "face-down cards revealed at the end of a trick become available".

What the page leaves open, and how ``tutor`` reads it (docs/rules.md, "two-handed"):

- the order of the four cards: the players alternate, as the two sides do at four. The leader
  plays first (from hand or table as the last trick decided; the first trick from either), then
  the opponent plays from hand or table as they choose, then the leader plays from the other
  source, then the opponent from theirs;
- following suit: a player must follow the suit led with any card they may play at that moment
  (both their hand and face-up cards for their first card of the trick; the source not yet used
  for their second);
- "shown void" (for the joker settings) means a player failed to follow holding no card of the
  suit in hand or face up.
- the joker may be nominated only from the contractor's hand, not from the table.

Each player is on their own: the contractor against the opponent, scored as the four-handed game
scores a contract and the defenders' tricks.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence

from tutor.engine.auction import BidKind, Contract
from tutor.engine.builder import Builder, count_word, first_leader
from tutor.engine.cards import Card, Suit
from tutor.engine.hand import Hand
from tutor.engine.piles import PILES, Pile
from tutor.engine.play import (
    IllegalPlay,
    Play,
    PlayContext,
    effective_suit,
    joker_powerless,
    judge_play,
    led_suit,
    trick_winner,
)
from tutor.engine.rules import RuleSet
from tutor.engine.rulings import Kind, Ruling
from tutor.engine.seats import Seat, Side, table
from tutor.engine.steps import State, Step, StepKind, TrickRecord
from tutor.engine.tricks import record_result, show_open_misere

__all__ = [
    "HAND",
    "HAND_CARDS",
    "TABLE",
    "allowed_sources",
    "check_deal",
    "deal_text",
    "open_cards",
    "play",
    "shows_void",
    "turn_view",
]

HAND, TABLE = "hand", "table"
#: Cards in each player's hand; with the five piles of two that makes ten tricks of four.
HAND_CARDS = 10
_PLACE = {HAND: "hand", TABLE: "the table"}
_CARD_WORD = {HAND: "hand card", TABLE: "face-up table card"}
_OTHER = {HAND: TABLE, TABLE: HAND}


def deal_text(hand: Hand, rules: RuleSet) -> str:
    first = table(2).next(hand.dealer)
    return (
        f"{hand.dealer.word} deals ten cards to each player, {count_word(rules.kitty_size)} to the "
        f"{rules.kitty_word}, and five piles of two cards in front of each player, one face down "
        f"under one face up; {first.word}, the other player, speaks first. Each trick has four "
        f"cards: one from each player's hand and one from each player's face-up table cards."
    )


def _snapshot(piles: Mapping[Seat, Sequence[Pile]]) -> dict[Seat, tuple[Pile, ...]]:
    return {s: tuple(p) for s, p in piles.items()}


def check_deal(b: Builder) -> None:
    """Ten cards in each hand, five piles of two for each player, the kitty: the whole pack once."""
    hand, rules = b.hand, b.rules
    pack = rules.the_pack
    if hand.piles is None:
        b.problem(
            ("hands",),
            "the two-handed game deals five piles of table cards to each player: write them as "
            "piles: {N: {up: [five cards], down: [five cards]}, S: {...}}",
            "the deal",
        )
        return
    for seat in [*hand.hands, *hand.piles]:
        if seat not in b.table:
            key = "hands" if seat in hand.hands else "piles"
            b.problem((key, seat.value), f"{seat.word} has no seat at the two-handed table: the "
                      f"seats are {b.table.seat_list}", "seats")
    for seat in b.seats:
        cards = hand.hands.get(seat)
        if cards is None:
            b.problem(("hands",), f"the deal has no hand for {seat.word}", "the deal")
        elif len(cards) != HAND_CARDS:
            b.problem(("hands", seat.value), f"{seat.word} is dealt {len(cards)} cards in hand; "
                      f"in the two-handed game each player holds {HAND_CARDS}", "the deal")
        piles = hand.piles.get(seat)
        if piles is None:
            b.problem(("piles",), f"the deal has no table piles for {seat.word}", "the deal")
            continue
        for key, row in (("up", piles.up), ("down", piles.down)):
            if len(row) != PILES:
                b.problem(("piles", seat.value, key), f"{seat.word} has {len(row)} {key} cards on "
                          f"the table; each player has {count_word(PILES)} piles, each one card face "
                          f"down under one face up", "the deal")
    if len(hand.kitty) != rules.kitty_size:
        b.problem(("kitty",), f"the kitty has {len(hand.kitty)} cards; it must have "
                  f"{rules.kitty_size}", "the deal")
    if b.problems:
        return
    places: list[tuple[tuple[str | int, ...], Card]] = [
        (("kitty", i), c) for i, c in enumerate(hand.kitty)
    ]
    for seat in b.seats:
        places += [(("hands", seat.value, i), c) for i, c in enumerate(hand.hands[seat])]
        piles = hand.piles[seat]
        places += [(("piles", seat.value, "up", i), c) for i, c in enumerate(piles.up)]
        places += [(("piles", seat.value, "down", i), c) for i, c in enumerate(piles.down)]
    in_pack = Counter(pack.cards)
    dealt: Counter[Card] = Counter()
    for where, card in places:
        dealt[card] += 1
        if card not in in_pack:
            b.problem(where, f"{card} is not in the {pack.name}-card pack ({pack.description})",
                      "the pack")
        elif dealt[card] > in_pack[card]:
            b.problem(where, f"{card} is dealt {dealt[card]} times; the pack has only one",
                      "the pack")
    if not b.problems:
        missing = in_pack - dealt
        if missing:
            b.problem(("hands",), f"the deal is missing {', '.join(str(c) for c in missing.elements())}"
                      f" from the {pack.name}-card pack", "the pack")
            return
        snap = _snapshot({s: hand.piles[s].start() for s in b.seats})
        b.amend_last(piles=snap)  # the deal's state shows the piles too


def allowed_sources(
    seat: Seat, position: int, used: Mapping[Seat, str], start: str | None
) -> tuple[str, ...]:
    """Where ``seat`` may play its card from: the source the last trick's winner fixed for the
    lead, the one not yet used for a player's second card, else either."""
    if seat in used:
        return (_OTHER[used[seat]],)
    if position == 0 and start is not None:
        return (start,)
    return (HAND, TABLE)


def open_cards(holding: Sequence[Card], piles: Sequence[Pile], sources: Sequence[str]) -> list[Card]:
    """The cards a player may choose among: hand and/or face-up table cards."""
    out: list[Card] = []
    if HAND in sources:
        out += holding
    if TABLE in sources:
        out += [p.up for p in piles if p.up is not None]
    return out


def shows_void(card: Card, led: Suit | None, cards: Sequence[Card], ctx: PlayContext) -> bool:
    """Not following, with no card of the suit led in hand or face up."""
    if led is None or effective_suit(card, ctx) is led:
        return False
    return all(effective_suit(c, ctx) is not led for c in cards)


def _source_sentence(seat: Seat, position: int, source: str, start: str | None, first: bool) -> str:
    who, place = seat.word, _PLACE[source]
    if position == 0 and first:
        return f"The first trick may start from hand or table: {who} leads from {place}."
    if position == 0:
        return (f"The last trick was won with a {_CARD_WORD[source]}, so {who} leads from {place}.")
    if position == 1:
        return (f"{who} plays from {place}; {who}'s other card of this trick comes from "
                f"{_PLACE[_OTHER[source]]}.")
    return f"{who}'s second card comes from {place}: one from hand and one from the table each trick."


def _still_holds(seat: Seat, led: Suit, used: str, holding: Sequence[Card], up: Sequence[Card],
                 ctx: PlayContext) -> str:
    """A second card off the suit led while the source already used still has the suit."""
    there = holding if used == HAND else up
    if not any(effective_suit(c, ctx) is led for c in there):
        return ""
    where = "in hand" if used == HAND else "face up on the table"
    return (f" {seat.word} still has a {led.singular} {where}, but this card must come from "
            f"{_PLACE[_OTHER[used]]}.")


def _wrong_source(seat: Seat, card: Card, holding: Sequence[Card], piles: Sequence[Pile],
                  allowed: Sequence[str], source: str | None, position: int, start: str | None,
                  used: Mapping[Seat, str]) -> str:
    who = seat.word
    if source is None:
        if any(p.down == card for p in piles):
            return (f"{card} is still face down on {who}'s side of the table: a face-down card "
                    f"can be played only once it is turned, at the end of the trick that "
                    f"uncovers it")
        up = [p.up for p in piles if p.up is not None]
        return (f"{who} has {card} neither in hand ({', '.join(str(c) for c in holding) or 'none'}) "
                f"nor face up on the table ({', '.join(str(c) for c in up) or 'none'})")
    if seat in used:
        return (f"{who} has already played from {_PLACE[used[seat]]} to this trick, so this card "
                f"must come from {_PLACE[allowed[0]]}: one card from hand and one from the table")
    assert start is not None
    return (f"the last trick was won with a {_CARD_WORD[start]}, so this trick starts from "
            f"{_PLACE[start]}: {who} must lead from {_PLACE[start]}")


def play(b: Builder, contract: Contract, ctx: PlayContext) -> list[TrickRecord]:
    """Replay the tricks of the two-handed game, recording steps as :func:`tutor.engine.replay.build` does."""
    hand, at = b.hand, b.table
    assert hand.piles is not None
    piles = {s: list(hand.piles[s].start()) for s in b.seats}
    leader, lead_reason = first_leader(b, contract, list(b.seats))
    shown_void: dict[Seat, set[Suit]] = {s: set() for s in b.seats}
    led_before: set[Suit] = set()  # the suits led so far (setting joker_lead not-yet-led)
    won: dict[Side, int] = dict.fromkeys(at.sides, 0)
    records: list[TrickRecord] = []
    n_tricks = HAND_CARDS
    if len(hand.play) > n_tricks:
        b.problem(("play", n_tricks), f"the hand has {len(hand.play)} tricks; there are only "
                  f"{n_tricks}", "play")
    start: str | None = None
    b.set_now(to_play=leader)
    side = at.side_of(contract.declarer)
    for t, trick in enumerate(hand.play[:n_tricks]):
        number = t + 1
        other = at.next(leader)
        seats = (leader, other, leader, other)
        if len(trick) > 4 or (len(trick) < 4 and t != len(hand.play) - 1):
            b.problem(("play", t), f"trick {number} has {len(trick)} cards; in the two-handed game "
                      f"each trick has four, two from each player (only the last trick written "
                      f"may stop early)", "play")
            return records
        plays: list[Play] = []
        rulings: list[Ruling] = []
        sources: list[str] = []
        powerless: list[int] = []
        used: dict[Seat, str] = {}
        led: Suit | None = None
        for c, p in enumerate(trick):
            seat = seats[c]
            card = p.card
            up = [x.up for x in piles[seat] if x.up is not None]
            allowed = allowed_sources(seat, c, used, start)
            source = HAND if card in b.holding[seat] else TABLE if card in up else None
            if source is None or source not in allowed:
                why = _wrong_source(seat, card, b.holding[seat], piles[seat], allowed, source, c,
                                    start, used)
                b.problem(("play", t, c), f"trick {number}, card {c + 1} ({seat.word} plays {p}): "
                          f"{why}", "two-handed")
                return records
            choices = open_cards(b.holding[seat], piles[seat], allowed)
            try:
                ruling = judge_play(seat, choices, plays, p, ctx, shown_void=shown_void[seat],
                                    led_before=led_before)
            except IllegalPlay as err:
                where = " or ".join(_PLACE[s] for s in allowed)
                b.problem(("play", t, c), f"trick {number}, card {c + 1} ({seat.word} plays {p} "
                          f"from {_PLACE[source]}): {err} (the cards {seat.word} may play here: "
                          f"from {where})", err.rule.value)
                return records
            text = f"{ruling.text} {_source_sentence(seat, c, source, start, t == 0)}"
            if c >= 2 and led is not None and effective_suit(card, ctx) is not led:
                # Only one source is open for a player's second card: say which one is void.
                here = "in hand" if source == HAND else "face up on the table"
                text = text.replace(f"{seat.word} has no {led.word}",
                                    f"{seat.word} has no {led.word} {here}", 1)
                text += _still_holds(seat, led, used[seat], b.holding[seat], up, ctx)
            if t == 0 and c == 0:
                text = f"{lead_reason}. {text}"
            ruling = dataclasses.replace(ruling, text=text)
            if ctx.joker_loses_power and joker_powerless(card, ctx, shown_void[seat]):
                powerless.append(c)
            if c == 0:
                led = led_suit([p], ctx)
                if led is not None:
                    led_before.add(led)
            elif led not in shown_void[seat] and shows_void(card, led, [*b.holding[seat], *up], ctx):
                assert led is not None
                shown_void[seat].add(led)
                b.set_now(shown_void={s: frozenset(v) for s, v in shown_void.items()})
            if source == HAND:
                b.holding[seat].remove(card)
            else:
                i = next(i for i, x in enumerate(piles[seat]) if x.up == card)
                piles[seat][i] = Pile(None, piles[seat][i].down)
            b.played[seat].append(card)
            used[seat] = source
            plays.append(p)
            rulings.append(ruling)
            sources.append(source)
            record = TrickRecord(number, leader, seats, tuple(plays), tuple(rulings), led,
                                 powerless=tuple(powerless), sources=tuple(sources))
            b.record(
                Step(StepKind.CARD, ruling, seat, number, c + 1, p, note_key=f"{number}.{c + 1}"),
                changed=seat,
                tricks=(*records, record),
                to_play=seats[c + 1] if c + 1 < 4 else None,
                piles=_snapshot(piles),
            )
        if len(plays) < 4:
            return records
        index, win_ruling = trick_winner(seats, plays, ctx, powerless=powerless)
        winner, start = seats[index], sources[index]
        text = win_ruling.text
        if contract.bid.is_misere and winner == contract.declarer and won[side] == 0:
            text += f" That is a trick for the contractor, so the {contract.bid.words()} has failed."
        if number < n_tricks:
            text += (f" It was won with a {_CARD_WORD[start]}, so {winner.word} starts the next "
                     f"trick from {_PLACE[start]}.")
        win_ruling = dataclasses.replace(win_ruling, text=text)
        won[at.side_of(winner)] += 1
        record = TrickRecord(number, leader, seats, tuple(plays), tuple(rulings), led, winner,
                             index, win_ruling, tuple(powerless), tuple(sources))
        records.append(record)
        leader = winner
        b.record(
            Step(StepKind.TRICK, win_ruling, winner, number, note_key=str(number)),
            changed=winner,
            tricks=tuple(records),
            tricks_won=dict(won),
            to_play=winner if number < n_tricks else None,
        )
        _turn(b, piles, number, winner)
        if number == 1 and contract.bid.kind is BidKind.OPEN_MISERE:
            show_open_misere(b, contract)
    if len(records) == n_tricks:
        record_result(b, contract, won)
    return records


def _turn(b: Builder, piles: dict[Seat, list[Pile]], number: int, winner: Seat) -> None:
    """Face-down cards uncovered in the trick are turned face up: a step of their own."""
    turned: list[tuple[Seat, Card]] = []
    for seat in b.seats:
        for i, pile in enumerate(piles[seat]):
            if pile.up is None and pile.down is not None:
                piles[seat][i] = pile.turned()
                turned.append((seat, pile.down))
    if not turned:
        return
    parts = [f"{seat.word}'s face-down card is turned: {card.words()}" for seat, card in turned]
    text = (f"{'; '.join(parts)}. Uncovered in trick {number}, "
            f"{'it' if len(turned) == 1 else 'each'} can be played from the next trick on.")
    text = text[0].upper() + text[1:]
    b.record(
        Step(StepKind.TURN, Ruling(Kind.TABLE_CARD_TURNED, text, tuple(s for s, _ in turned),
                                   tuple(c for _, c in turned)), turned[0][0], number),
        changed=winner,
        piles=_snapshot(piles),
    )


def turn_view(
    steps: Sequence[Step], states: Sequence[State], ctx: PlayContext | None, index: int
) -> tuple[tuple[Card, ...], frozenset[Suit]]:
    """For the card of step ``index`` of a replay (its ``steps``, ``states`` and ``context``):
    the cards its player could choose among (hand and/or face-up table cards, as the trick so
    far allows) and the suits they have shown void in."""
    step = steps[index]
    seat = step.seat
    assert seat is not None and ctx is not None and step.position is not None
    before = states[index - 1]
    current = before.current_trick
    used: dict[Seat, str] = {}
    start: str | None = None
    if step.position > 1 and current is not None and not current.complete:
        used = {s: src for s, src in zip(current.seats, current.sources, strict=False)}
    done = [t for t in before.tricks if t.complete]
    if step.position == 1 and done and done[-1].winner_index is not None:
        start = done[-1].sources[done[-1].winner_index]
    piles = (before.piles or {}).get(seat, ())
    choices = open_cards(before.hands[seat], piles, allowed_sources(seat, step.position - 1, used, start))
    void: set[Suit] = set()
    for i in range(1, index):
        s = steps[i]
        if s.kind is not StepKind.CARD or s.seat != seat or s.play is None or s.position == 1:
            continue
        state = states[i - 1]
        trick = state.current_trick
        if trick is None or trick.complete:
            continue
        up = [p.up for p in (state.piles or {}).get(seat, ()) if p.up is not None]
        if shows_void(s.play.card, trick.led, [*state.hands[seat], *up], ctx):
            assert trick.led is not None
            void.add(trick.led)
    return tuple(choices), frozenset(void)
