"""Random legal hands, reproducible by seed: for property tests, benchmarks and quizzes."""

from __future__ import annotations

import random
from typing import Literal

from .auction import Bid, BidKind, Call, Pass, Strain, ladder_key, run_auction
from .cards import Card, Joker, Suit, SuitedCard
from .hand import Hand, RulesSpec
from .play import Play, PlayContext, effective_suit, joker_lead_suits, led_suit, legal_plays
from .rules import RuleSet
from .seats import Seat, table

__all__ = ["random_hand"]


def _ladder(rules: RuleSet) -> list[Bid]:
    """Every bid these rules allow, lowest first."""
    bids = [Bid.of(n, s) for n in range(rules.lowest_bid, 11) for s in Strain]
    if rules.misere:
        bids.append(Bid(BidKind.MISERE))
    if rules.open_misere:
        bids.append(Bid(BidKind.OPEN_MISERE))
    return sorted(bids, key=lambda b: ladder_key(b, rules))


def _random_auction(rng: random.Random, rules: RuleSet, dealer: Seat) -> list[Call]:
    """A legal auction that ends in a contract, with a few competing bids now and then."""
    ladder = _ladder(rules)
    while True:
        calls: list[Call] = []
        auction = run_auction(calls, rules, dealer)
        high: Bid | None = None
        while not auction.complete:
            higher = [b for b in ladder if high is None or ladder_key(b, rules) > ladder_key(high, rules)]
            if higher and rng.random() < (0.55 if high is None else 0.3):
                # Mostly a small step up the ladder, now and then a jump or a misère.
                misere = [b for b in higher if b.is_misere]
                if misere and rng.random() < 0.15:
                    high = rng.choice(misere)
                else:
                    step = min(len(higher) - 1, int(rng.expovariate(0.35)))
                    high = higher[step]
                calls.append(high)
            else:
                calls.append(Pass())
            auction = run_auction(calls, rules, dealer)
        if auction.contract is not None:
            return calls


def random_hand(seed: int, rules_spec: RulesSpec | None = None, *, tricks: int = 10) -> Hand:
    """A complete legal hand: a random deal, auction, discard and play, the same for the same seed.

    ``tricks`` stops the play early (a partial hand).
    """
    rng = random.Random(seed)
    spec = rules_spec or RulesSpec(rng.choice(["australian", "avondale", "american"]))
    rules = spec.resolve()
    pack = list(rules.the_pack.cards)
    rng.shuffle(pack)
    at = table(rules.players)
    seats = at.seats
    per = (len(pack) - rules.kitty_size) // at.players
    dealer = rng.choice(seats)
    hands = {seat: tuple(pack[i * per:(i + 1) * per]) for i, seat in enumerate(seats)}
    kitty = tuple(pack[at.players * per:])
    calls = _random_auction(rng, rules, dealer)
    auction = run_auction(calls, rules, dealer)
    assert auction.contract is not None
    bid = auction.contract.bid
    declarer = auction.contract.declarer
    thirteen = list(hands[declarer]) + list(kitty)
    rng.shuffle(thirteen)
    discard = tuple(thirteen[: rules.kitty_size])
    kept = [c for c in list(hands[declarer]) + list(kitty)]
    for c in discard:
        kept.remove(c)
    nominated: Suit | None = None
    if (
        bid.is_no_trumps
        and rules.joker_nomination
        and any(isinstance(c, Joker) for c in kept)
        and ((bid.is_misere and rules.misere_needs_joker_nominated) or rng.random() < 0.5)
    ):
        nominated = rng.choice(list(Suit))
    ctx = PlayContext.of(bid, nominated, joker_compulsory=rules.joker_compulsory_in_misere)
    holding = {s: list(hands[s]) for s in seats}
    holding[declarer] = kept
    partner = _random_partner(rng, rules, bid, declarer, holding, discard) if at.players == 5 else None
    out_seats = at.partners(declarer) if bid.is_misere else ()
    active = [s for s in seats if s not in out_seats]
    if rules.first_leader == "contractor":
        leader = declarer
    else:
        leader = at.next(dealer)
        while leader not in active:
            leader = at.next(leader)
    shown_void: dict[Seat, set[Suit]] = {s: set() for s in seats}
    play: list[tuple[Play, ...]] = []
    from .play import trick_winner

    for _ in range(min(tricks, per)):
        order = [s for s in at.order_from(leader) if s is leader or s in active]
        plays: list[Play] = []
        for seat in order:
            options = legal_plays(holding[seat], plays, ctx, shown_void=shown_void[seat])
            card = rng.choice(options)
            names = None
            if not plays and isinstance(card, Joker) and ctx.wildcard and len(holding[seat]) > 1:
                names = rng.choice(joker_lead_suits(holding[seat], ctx, shown_void[seat]))
            elif not plays and isinstance(card, Joker) and ctx.wildcard and rng.random() < 0.5:
                # The last card: naming a suit is allowed but changes nothing.
                names = rng.choice(list(Suit))
            p = Play(card, names)
            if plays:
                led = led_suit(plays, ctx)
                if led is not None and effective_suit(card, ctx) is not led:
                    shown_void[seat].add(led)
            plays.append(p)
            holding[seat].remove(card)
        index, _ruling = trick_winner(order, plays, ctx)
        leader = order[index]
        play.append(tuple(plays))
    return Hand(
        title=f"Random deal {seed}",
        rules_spec=spec,
        dealer=dealer,
        hands=hands,
        kitty=kitty,
        auction=tuple(calls),
        discard=discard,
        joker=nominated,
        play=tuple(play),
        tags=("random",),
        partner=partner,
    )


def _random_partner(
    rng: random.Random,
    rules: RuleSet,
    bid: Bid,
    declarer: Seat,
    holding: dict[Seat, list[Card]],
    discard: tuple[Card, ...],
) -> Card | Seat | Literal["alone"]:
    """Five-handed: alone now and then, else a partner called as these rules allow."""
    if bid.is_misere or rng.random() < 0.2:
        return "alone"
    others = [s for s in holding if s != declarer]
    if rules.partner_call == "seat":
        return rng.choice(others)
    trumps = bid.strain.suit if bid.strain is not None else None

    def callable_card(c: Card) -> bool:
        if not isinstance(c, SuitedCard):
            return False
        bower = trumps is not None and c.rank.value == "J" and c.suit in (trumps, trumps.sister)
        if rules.called_card == "not-joker-or-bower":
            return not bower
        if rules.called_card == "not-trump":
            return not bower and c.suit is not trumps
        return True

    pool = [c for s in others for c in holding[s]]
    if rules.secret_alone:
        pool += holding[declarer] + list(discard)
    return rng.choice([c for c in pool if callable_card(c)])
