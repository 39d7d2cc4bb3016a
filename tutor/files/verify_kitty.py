"""``tutor check`` on a note's kitty claim: the kitty's odds, counted exactly.

A claim such as ``kitty: {seat: S, brings: {suit: trumps, at_least: 1}, percent: 52}`` says:
as South sees the deal before the kitty is turned, the kitty brings at least one trump in 52% of
the kitties it could be. The kitty is any set of its size from the cards South cannot see (every
card not in South's hand), each equally likely; :func:`~tutor.engine.kittyodds.kitty_odds`
counts them. A wrong figure is a problem at the claim's line that gives the true one.
"""

from __future__ import annotations

from tutor.engine.cards import Card, Suit
from tutor.engine.hand import KittyClaim
from tutor.engine.kittyodds import KittyOdds, KittyOddsError, in_suit, kitty_odds, unseen_by
from tutor.engine.replay import Replay
from tutor.files.handfile import FileProblem, LoadedHand

__all__ = ["kitty_claim_odds", "kitty_problems", "what_it_brings"]

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


def kitty_claim_odds(claim: KittyClaim, rep: Replay) -> KittyOdds:
    """The exact odds of what ``claim`` says the kitty brings, as its seat sees the deal."""
    hand = rep.hand
    held = hand.hands.get(claim.seat)
    if held is None:
        raise KittyOddsError(f"{claim.seat.word} is not at this table")
    unseen = unseen_by(rep.rules.the_pack.cards, held)
    if claim.suit is None:
        wanted = set(claim.any_of)
        return kitty_odds(unseen, len(hand.kitty), wanted.__contains__, claim.at_least)
    ctx = rep.context
    if claim.suit == "trumps":
        if ctx is None or ctx.trumps is None:
            raise KittyOddsError("the claim asks for trumps, but this hand's contract has no "
                                 "trump suit: name the suit (hearts) instead")
        return kitty_odds(unseen, len(hand.kitty), in_suit(ctx.trumps, ctx), claim.at_least)
    return kitty_odds(unseen, len(hand.kitty), in_suit(claim.suit, ctx), claim.at_least)


def what_it_brings(claim: KittyClaim) -> str:
    """``at least one trump``, ``at least two hearts``, ``at least one of Jo, J♥, J♦``."""
    k = claim.at_least
    count = _NUMBERS[k] if k < len(_NUMBERS) else str(k)
    if claim.suit is None:
        return f"at least {count} of {', '.join(_pretty(c) for c in claim.any_of)}"
    if claim.suit == "trumps":
        return f"at least {count} trump{'s' if k > 1 else ''}"
    suit: Suit = claim.suit
    return f"at least {count} {suit.word if k > 1 else suit.singular}"


def _pretty(card: Card) -> str:
    return "the joker" if card.is_joker else card.pretty()


def kitty_problems(loaded: LoadedHand, rep: Replay) -> list[FileProblem]:
    """Every kitty claim in the file whose percent is not the exact one."""
    out: list[FileProblem] = []
    for key, claims in loaded.hand.kitty_claims.items():
        for i, claim in enumerate(claims):
            line = loaded.line_of(("notes", key, "kitty", i))
            try:
                odds = kitty_claim_odds(claim, rep)
            except KittyOddsError as err:
                out.append(FileProblem(loaded.path, line, f"note {key!r}: kitty: {err}", "kitty odds"))
                continue
            if odds.percent != claim.percent:
                seat = claim.seat.word
                out.append(FileProblem(
                    loaded.path, line,
                    f"note {key!r}: the claim says the kitty brings {seat} {what_it_brings(claim)} "
                    f"in {claim.percent}% of the kitties it could be, but counted exactly it does "
                    f"in {odds.percent}% ({odds.bringing} of the {odds.kitties} kitties of "
                    f"{odds.size} cards from the {odds.unseen} cards {seat} cannot see, "
                    f"{odds.asked} of them asked for)", "kitty odds"))
    return out
