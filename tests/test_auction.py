"""Calls, the bid ladder of each preset, and auctions legal and illegal."""

from __future__ import annotations

import pytest

from tutor.engine.auction import (
    AuctionError,
    Bid,
    CallError,
    Pass,
    contract_value,
    ladder_key,
    parse_call,
    run_auction,
)
from tutor.engine.rules import preset
from tutor.engine.rulings import Kind
from tutor.engine.seats import Seat

# --- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("6S", "6S"), ("8nt", "8NT"), ("10NT", "10NT"), ("7♥", "7H"), ("9d", "9D"), ("pass", "pass"),
     ("PASS", "pass"), ("misere", "misere"), ("Misère", "misere"), ("nullo", "misere"),
     ("open-misere", "open-misere"), ("Open Misère", "open-misere")],
)
def test_calls_round_trip(text: str, canonical: str) -> None:
    call = parse_call(text)
    assert str(call) == canonical
    assert str(parse_call(str(call))) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [("5S", "bids are 6 to 10 tricks"), ("11NT", "bids are 6 to 10 tricks"),
     ("8X", "cannot read call"), ("", "cannot read call"), ("seven hearts", "cannot read call")],
)
def test_bad_calls_are_refused(text: str, message: str) -> None:
    with pytest.raises(CallError, match=message):
        parse_call(text)


# --- the contract table -----------------------------------------------------------------------

# The Avondale table, printed identically on all three pages.
TABLE = {
    6: (40, 60, 80, 100, 120),
    7: (140, 160, 180, 200, 220),
    8: (240, 260, 280, 300, 320),
    9: (340, 360, 380, 400, 420),
    10: (440, 460, 480, 500, 520),
}


@pytest.mark.parametrize("tricks", sorted(TABLE))
@pytest.mark.parametrize(("i", "strain"), list(enumerate(["S", "C", "D", "H", "NT"])))
def test_contract_table(tricks: int, i: int, strain: str) -> None:
    bid = Bid.parse(f"{tricks}{strain}")
    assert contract_value(bid, preset("australian")) == TABLE[tricks][i]


@pytest.mark.parametrize(
    ("overrides", "misere", "open_misere"),
    [({}, 250, 500), ({"misere_value": 300}, 300, 600), ({"misere_value": 100}, 100, 200)],
)
def test_misere_values(overrides: dict[str, object], misere: int, open_misere: int) -> None:
    # Cardzo: "Misère is worth 250 and Open Misère 500"; "Open Misère ... is worth double this".
    rules = preset("australian", overrides)
    assert contract_value(Bid.parse("misere"), rules) == misere
    assert contract_value(Bid.parse("open-misere"), rules) == open_misere


# --- the ladder, preset by preset ---------------------------------------------------------------


def ladder(name: str, **overrides: object) -> list[str]:
    rules = preset(name, overrides)
    bids = [Bid.parse(f"{n}{s}") for n in range(6, 11) for s in ("S", "C", "D", "H", "NT")]
    if rules.misere:
        bids.append(Bid.parse("misere"))
    if rules.open_misere:
        bids.append(Bid.parse("open-misere"))
    return [str(b) for b in sorted(bids, key=lambda b: ladder_key(b, rules))]


def neighbours(order: list[str], bid: str) -> tuple[str, str | None]:
    i = order.index(bid)
    return order[i - 1], order[i + 1] if i + 1 < len(order) else None


def test_suits_rank_spades_clubs_diamonds_hearts_no_trumps() -> None:
    order = ladder("avondale")
    assert order[:6] == ["6S", "6C", "6D", "6H", "6NT", "7S"]
    assert order[-1] == "10NT"
    assert "misere" not in order  # CardPractice: "No nullo."


@pytest.mark.parametrize(
    ("name", "overrides", "bid", "below", "above"),
    [
        # The rules page: "Misere is ranked above any seven-bid but below any eight-bid."
        ("australian", {}, "misere", "7NT", "8S"),
        # "Open Misere ranks above Ten Diamonds but below Ten Hearts."
        ("australian", {}, "open-misere", "10D", "10H"),
        # Variations: "between 9 No Trumps and 10 Spades or as the highest bid".
        ("australian", {"open_misere_ranks_above": "9NT"}, "open-misere", "9NT", "10S"),
        ("australian", {"open_misere_ranks_above": "top"}, "open-misere", "10NT", None),
        # American: nullo "ranks between an 8♠ and an 8♣ bid".
        ("american", {}, "misere", "8S", "8C"),
    ],
)
def test_misere_placement(
    name: str, overrides: dict[str, object], bid: str, below: str, above: str | None
) -> None:
    assert neighbours(ladder(name, **overrides), bid) == (below, above)


# --- auctions ---------------------------------------------------------------------------------

LEGAL = [
    # preset, dealer, calls, callers (in order), contract or None (thrown in)
    ("australian", "N", "pass pass pass pass", "E S W N", None),
    ("australian", "N", "6S pass pass pass", "E S W N", "6S by E"),
    ("australian", "N", "pass pass pass 6S", "E S W N", "6S by N"),
    # Passes are final: East passed, so the auction goes round the other three.
    ("australian", "N", "pass 6S 7H pass 8S pass", "E S W N S W", "8S by S"),
    ("australian", "N", "6S 7H pass pass 8S pass", "E S W N E S", "8S by E"),
    ("australian", "E", "7NT misere pass pass pass", "S W N E S", "misere by W"),
    ("australian", "E", "7S misere 8S pass pass pass", "S W N E S W", "8S by N"),
    ("australian", "W", "10D open-misere pass pass pass", "N E S W N", "open-misere by E"),
    # One round: each player speaks once, the highest bid wins.
    ("avondale", "E", "6H pass 7S pass", "S W N E", "7S by N"),
    ("avondale", "E", "pass pass pass pass", "S W N E", None),
    ("american", "N", "8S misere pass pass", "E S W N", "misere by S"),
    ("american", "N", "pass 6D pass 6H", "E S W N", "6H by N"),
]


@pytest.mark.parametrize(("name", "dealer", "calls", "callers", "contract"), LEGAL)
def test_legal_auctions(name: str, dealer: str, calls: str, callers: str, contract: str | None) -> None:
    auction = run_auction([parse_call(c) for c in calls.split()], preset(name), Seat.parse(dealer))
    assert auction.complete
    assert [s.value for s in auction.callers] == callers.split()
    assert (str(auction.contract) if auction.contract else None) == contract
    assert auction.thrown_in is (contract is None)
    closing = auction.rulings[-1]
    assert closing.kind is (Kind.THROWN_IN if contract is None else Kind.AUCTION_WON)
    assert all(r.text for r in auction.rulings)


ILLEGAL = [
    # preset, calls, index of the bad call, words of the message
    ("australian", "6S 6S", 1, "South cannot bid six spades: it does not outrank East's six spades"),
    ("australian", "7H 7D", 1, "does not outrank"),
    ("australian", "8S misere", 1, "does not outrank"),
    ("australian", "10H open-misere", 1, "does not outrank"),
    ("australian", "6S pass pass pass pass", 4, "the auction is over (all but one have passed)"),
    ("australian", "pass 6S pass pass 7S", 4, "the auction is over"),
    ("australian", "pass pass pass pass 6S", 4, "everyone passed, so the hand is thrown in"),
    ("avondale", "pass pass pass pass 6S", 4, "everyone passed"),
    ("avondale", "6S pass pass pass 7S", 4, "the auction is over (each player speaks once)"),
    ("avondale", "misere", 0, "Avondale kitchen table (CardPractice) has no misère"),
    ("american", "open-misere", 0, "American Five Hundred has no open misère"),
    ("american", "8C misere", 1, "does not outrank"),
]


@pytest.mark.parametrize(("name", "calls", "index", "words"), ILLEGAL)
def test_illegal_auctions(name: str, calls: str, index: int, words: str) -> None:
    with pytest.raises(AuctionError) as err:
        run_auction([parse_call(c) for c in calls.split()], preset(name), Seat.N)
    assert err.value.index == index
    assert words in str(err.value)


@pytest.mark.parametrize(("bid", "legal"), [("6NT", False), ("7S", True), ("misere", True)])
def test_lowest_bid_seven(bid: str, legal: bool) -> None:
    # Cardzo: "Some tables require a bid of at least seven to discourage cheap contracts."
    rules = preset("australian", {"lowest_bid": 7, "misere_any_time": True})
    calls = [parse_call(bid), Pass(), Pass(), Pass()]
    if legal:
        assert run_auction(calls, rules, Seat.N).contract is not None
    else:
        with pytest.raises(AuctionError, match="the lowest legal bid is 7 tricks"):
            run_auction(calls, rules, Seat.N)


def test_an_unfinished_auction_is_not_complete() -> None:
    auction = run_auction([parse_call("6S"), Pass()], preset("australian"), Seat.N)
    assert not auction.complete
    assert auction.contract is None
