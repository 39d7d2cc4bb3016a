"""Random legal hands, reproducible by seed: for property tests, benchmarks and quizzes."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from tutor.engine.auction import (
    Bid,
    BidKind,
    Call,
    Declaration,
    Pass,
    Strain,
    ace_no_face,
    ladder_key,
    run_auction,
    shows_joker_or_split_bowers,
)
from tutor.engine.cards import Card, Joker, Suit, SuitedCard
from tutor.engine.hand import Hand, RulesSpec
from tutor.engine.kitty import play_context
from tutor.engine.piles import Pile, TablePiles
from tutor.engine.play import (
    Play,
    effective_suit,
    joker_lead_suits,
    joker_powerless,
    led_suit,
    legal_plays,
    trick_winner,
)
from tutor.engine.rules import RuleSet
from tutor.engine.seats import Seat, Side, table
from tutor.engine.twohanded import HAND, HAND_CARDS, TABLE, allowed_sources, open_cards, shows_void

__all__ = ["random_auction", "random_hand", "random_two_handed"]


def _ladder(rules: RuleSet) -> list[Bid]:
    """Every bid these rules allow, lowest first."""
    bids = [Bid.of(n, s) for n in range(rules.lowest_bid, 11) for s in Strain]
    if rules.misere:
        bids.append(Bid(BidKind.MISERE))
    if rules.open_misere:
        bids.append(Bid(BidKind.OPEN_MISERE))
    if rules.informative_no_trumps:
        bids += [Bid(BidKind.TRICKS, n, Strain.NO_TRUMPS, informative=True) for n in (6, 7)
                 if n >= rules.lowest_bid]
    if rules.grand_nullo:
        bids.append(Bid(BidKind.GRAND_NULLO))
    return sorted(bids, key=lambda b: ladder_key(b, rules))


def _may_bid(bid: Bid, position: int, high: Bid | None, rules: RuleSet,
             held: Sequence[Card], seat: Seat, nullo: _Nullo) -> bool:
    """The table rules that limit who may make a bid, beyond the ladder (all off by default)."""
    if (bid.kind is BidKind.MISERE or bid.kind is BidKind.GRAND_NULLO) and nullo.barred and (
        seat.side in nullo.barred
    ):
        return False
    if bid.kind is BidKind.GRAND_NULLO and seat.partner not in nullo.bidders:
        return False
    if bid.informative and (position >= 2 or not shows_joker_or_split_bowers(held)):
        return False
    if rules.inkle and bid.kind is BidKind.TRICKS and bid.tricks == 6 and position >= 2:
        return False
    if bid.kind is BidKind.MISERE and not rules.misere_any_time:
        return high is not None and (high.is_misere or high.tricks >= 7)
    return True


@dataclass
class _Nullo:
    """West Seventh Street: who bid nullo, and which sides may not (partner disagreed)."""

    bidders: set[Seat] = field(default_factory=set)
    barred: set[Side] = field(default_factory=set)
    proposed: set[Seat] = field(default_factory=set)


def random_auction(
    rng: random.Random, rules: RuleSet, dealer: Seat, hands: Mapping[Seat, Sequence[Card]]
) -> list[Call]:
    """A legal auction that ends in a contract, with a few competing bids now and then."""
    ladder = _ladder(rules)
    limited = (rules.inkle or rules.informative_no_trumps or not rules.misere_any_time
               or rules.grand_nullo or rules.ace_no_face)
    while True:
        calls: list[Call] = []
        nullo = _Nullo()
        auction = run_auction(calls, rules, dealer)
        high: Bid | None = None
        while not auction.complete or (
            rules.raise_final_bid
            and auction.contract is not None
            and not auction.contract.bid.is_all_passed
            and rng.random() < 0.3
        ):
            higher = [b for b in ladder if high is None or ladder_key(b, rules) > ladder_key(high, rules)]
            seat = auction.next_seat
            if auction.complete:  # the contractor raises the final bid (setting raise_final_bid)
                raiser = auction.contract.declarer if auction.contract else None
                if limited and raiser is not None:
                    higher = [b for b in higher
                              if _may_bid(b, len(calls), high, rules, hands[raiser], raiser, nullo)]
                if not higher:
                    break
                high = higher[min(len(higher) - 1, int(rng.expovariate(0.5)))]
                calls.append(high)
                auction = run_auction(calls, rules, dealer, hands=hands)
                continue
            if limited:
                assert seat is not None
                if (rules.ace_no_face and seat not in nullo.proposed and ace_no_face(hands[seat])
                        and rng.random() < 0.5):
                    nullo.proposed.add(seat)
                    answer = "agree" if rng.random() < 0.3 else "disagree"
                    if answer == "disagree":
                        nullo.barred.add(seat.side)
                    calls += [Declaration("ace-no-face"), Declaration(answer)]
                    auction = run_auction(calls, rules, dealer, hands=hands)
                    continue
                higher = [b for b in higher
                          if _may_bid(b, len(calls), high, rules, hands[seat], seat, nullo)]
                grand = [b for b in higher if b.kind is BidKind.GRAND_NULLO]
                if grand and rng.random() < 0.6:
                    high = grand[0]
                    calls.append(high)
                    auction = run_auction(calls, rules, dealer, hands=hands)
                    continue
            if higher and rng.random() < (0.55 if high is None else 0.3):
                # Mostly a small step up the ladder, now and then a jump or a misère.
                misere = [b for b in higher if b.is_misere]
                if misere and rng.random() < 0.15:
                    high = rng.choice(misere)
                else:
                    step = min(len(higher) - 1, int(rng.expovariate(0.35)))
                    high = higher[step]
                if high.kind is BidKind.MISERE and seat is not None:
                    nullo.bidders.add(seat)
                calls.append(high)
            else:
                calls.append(Pass())
            auction = run_auction(calls, rules, dealer, hands=hands)
        if auction.contract is not None:
            return calls


def random_hand(seed: int, rules_spec: RulesSpec | None = None, *, tricks: int = 10) -> Hand:
    """A complete legal hand: a random deal, auction, discard and play, the same for the same seed.

    ``tricks`` stops the play early (a partial hand).
    """
    rng = random.Random(seed)
    spec = rules_spec or RulesSpec(rng.choice(["australian", "avondale", "american"]))
    rules = spec.resolve()
    if rules.players == 2:  # the two-handed game: hand and table cards
        return random_two_handed(rng, spec, seed, tricks)
    pack = list(rules.the_pack.cards)
    rng.shuffle(pack)
    at = table(rules.players)
    seats = at.seats
    per = (len(pack) - rules.kitty_size) // at.players
    dealer = rng.choice(seats)
    hands = {seat: tuple(pack[i * per:(i + 1) * per]) for i, seat in enumerate(seats)}
    kitty = tuple(pack[at.players * per:])
    calls = random_auction(rng, rules, dealer, hands)
    auction = run_auction(calls, rules, dealer, hands=hands)
    assert auction.contract is not None
    bid = auction.contract.bid
    declarer = auction.contract.declarer
    discard: tuple[Card, ...] | None = None
    given: Card | None = None
    partner_discard: tuple[Card, ...] | None = None
    partner_kept: list[Card] | None = None
    if bid.is_all_passed:  # everyone passed, played at no-trumps (setting all_pass): no kitty
        kept = list(hands[declarer])
    else:
        thirteen = list(hands[declarer]) + list(kitty)
        n = rules.kitty_size
        if rules.grand_slam and bid.kind is BidKind.TRICKS and rng.random() < 0.15:
            given = rng.choice(hands[declarer.partner])  # partner's one card (grand slam)
            thirteen.append(given)
            n += 1
        rng.shuffle(thirteen)
        discard = tuple(thirteen[:n])
        kept = [c for c in list(hands[declarer]) + list(kitty)] + ([given] if given else [])
        for c in discard:
            kept.remove(c)
        if bid.kind is BidKind.GRAND_NULLO:  # partner takes the five discards, puts five away
            partner_kept = list(hands[declarer.partner]) + list(discard)
            partner_discard = tuple(rng.sample(partner_kept, n))
            for c in partner_discard:
                partner_kept.remove(c)
    nominated: Suit | None = None
    if (
        bid.is_no_trumps
        and not bid.is_all_passed
        and rules.joker_nomination
        and (bid.is_misere or rules.joker_nomination_in_no_trumps)
        and any(isinstance(c, Joker) for c in kept)
        and ((bid.is_misere and rules.misere_needs_joker_nominated) or rng.random() < 0.5)
    ):
        nominated = rng.choice(list(Suit))
    ctx = play_context(bid, nominated, rules)
    holding = {s: list(hands[s]) for s in seats}
    holding[declarer] = kept
    if partner_kept is not None:
        holding[declarer.partner] = partner_kept
    partner = (
        _random_partner(rng, rules, bid, declarer, holding, discard or ())
        if at.players == 5 and not bid.is_all_passed else None
    )
    out_seats = at.partners(declarer) if bid.is_misere or given is not None else ()
    active = [s for s in seats if s not in out_seats]
    if rules.first_leader == "contractor" or bid.kind is BidKind.GRAND_NULLO:
        leader = declarer
    else:
        leader = at.next(dealer)
        while leader not in active:
            leader = at.next(leader)
    shown_void: dict[Seat, set[Suit]] = {s: set() for s in seats}
    led_before: set[Suit] = set()
    play: list[tuple[Play, ...]] = []
    for _ in range(min(tricks, per)):
        order = [s for s in at.order_from(leader) if s is leader or s in active]
        plays: list[Play] = []
        powerless: list[int] = []
        for seat in order:
            options = legal_plays(holding[seat], plays, ctx, shown_void=shown_void[seat],
                                  led_before=led_before)
            card = rng.choice(options)
            names = None
            if not plays and isinstance(card, Joker) and ctx.wildcard and len(holding[seat]) > 1:
                names = rng.choice(joker_lead_suits(holding[seat], ctx, shown_void[seat],
                                                    led_before=led_before))
            elif not plays and isinstance(card, Joker) and ctx.wildcard and rng.random() < 0.5:
                # The last card: naming a suit is allowed but changes nothing.
                names = rng.choice(list(Suit))
            p = Play(card, names)
            if joker_powerless(card, ctx, shown_void[seat]):
                powerless.append(len(plays))
            if plays:
                led = led_suit(plays, ctx)
                if led is not None and effective_suit(card, ctx) is not led:
                    shown_void[seat].add(led)
            plays.append(p)
            holding[seat].remove(card)
        led_first = led_suit(plays[:1], ctx)
        if led_first is not None:
            led_before.add(led_first)
        index, _ruling = trick_winner(order, plays, ctx, powerless=powerless)
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
        partner_discard=partner_discard,
        grand_slam=given,
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


def random_two_handed(rng: random.Random, spec: RulesSpec, seed: int, tricks: int) -> Hand:
    """A complete legal two-handed hand (see :func:`tutor.engine.randomdeal.random_hand`)."""
    rules = spec.resolve()
    pack = list(rules.the_pack.cards)
    rng.shuffle(pack)
    at = table(2)
    dealer = rng.choice(at.seats)
    hands = {s: tuple(pack[i * HAND_CARDS:(i + 1) * HAND_CARDS]) for i, s in enumerate(at.seats)}
    rest = pack[2 * HAND_CARDS:]
    dealt = {
        s: TablePiles(tuple(rest[i * 10:i * 10 + 5]), tuple(rest[i * 10 + 5:i * 10 + 10]))
        for i, s in enumerate(at.seats)
    }
    kitty = tuple(rest[20:])
    calls = random_auction(rng, rules, dealer, hands)
    auction = run_auction(calls, rules, dealer, hands=hands)
    assert auction.contract is not None
    bid, declarer = auction.contract.bid, auction.contract.declarer
    discard: tuple[Card, ...] | None = None
    if bid.is_all_passed:
        kept = list(hands[declarer])
    else:
        thirteen = list(hands[declarer]) + list(kitty)
        rng.shuffle(thirteen)
        discard = tuple(thirteen[:rules.kitty_size])
        kept = thirteen[rules.kitty_size:]
    nominated: Suit | None = None
    if (
        bid.is_no_trumps and not bid.is_all_passed and rules.joker_nomination
        and (bid.is_misere or rules.joker_nomination_in_no_trumps)
        and any(isinstance(c, Joker) for c in kept)
        and ((bid.is_misere and rules.misere_needs_joker_nominated) or rng.random() < 0.5)
    ):
        nominated = rng.choice(list(Suit))
    ctx = play_context(bid, nominated, rules)
    holding = {s: list(hands[s]) for s in at.seats}
    holding[declarer] = kept
    piles = {s: list(dealt[s].start()) for s in at.seats}
    leader = declarer if rules.first_leader == "contractor" or bid.is_all_passed else at.next(dealer)
    shown_void: dict[Seat, set[Suit]] = {s: set() for s in at.seats}
    led_before: set[Suit] = set()
    start: str | None = None
    play_out: list[tuple[Play, ...]] = []
    for _ in range(min(tricks, HAND_CARDS)):
        order = (leader, at.next(leader), leader, at.next(leader))
        plays: list[Play] = []
        sources: list[str] = []
        powerless: list[int] = []
        used: dict[Seat, str] = {}
        for c, seat in enumerate(order):
            choices = open_cards(holding[seat], piles[seat], allowed_sources(seat, c, used, start))
            card = rng.choice(legal_plays(choices, plays, ctx, shown_void=shown_void[seat],
                                          led_before=led_before))
            names = None
            if not plays and isinstance(card, Joker) and ctx.wildcard and len(choices) > 1:
                names = rng.choice(joker_lead_suits(choices, ctx, shown_void[seat],
                                                    led_before=led_before))
            elif not plays and isinstance(card, Joker) and ctx.wildcard and rng.random() < 0.5:
                names = rng.choice(list(Suit))
            p = Play(card, names)
            if joker_powerless(card, ctx, shown_void[seat]):
                powerless.append(c)
            if plays:
                up = [x.up for x in piles[seat] if x.up is not None]
                led = led_suit(plays, ctx)
                if shows_void(card, led, [*holding[seat], *up], ctx):
                    assert led is not None
                    shown_void[seat].add(led)
            if card in holding[seat]:
                holding[seat].remove(card)
                used[seat] = HAND
            else:
                i = next(i for i, x in enumerate(piles[seat]) if x.up == card)
                piles[seat][i] = Pile(None, piles[seat][i].down)
                used[seat] = TABLE
            plays.append(p)
            sources.append(used[seat])
        led_first = led_suit(plays[:1], ctx)
        if led_first is not None:
            led_before.add(led_first)
        index, _ruling = trick_winner(order, plays, ctx, powerless=powerless)
        leader, start = order[index], sources[index]
        for seat in at.seats:
            piles[seat] = [x.turned() for x in piles[seat]]
        play_out.append(tuple(plays))
    return Hand(
        title=f"Random deal {seed}",
        rules_spec=spec,
        dealer=dealer,
        hands=hands,
        kitty=kitty,
        auction=tuple(calls),
        discard=discard,
        joker=nominated,
        play=tuple(play_out),
        tags=("random",),
        piles=dealt,
    )
