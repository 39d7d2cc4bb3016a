"""A human contractor nominates the joker at the practice table (Australian rules:
``joker_nomination``, ``misere_needs_joker_nominated``): the game's step, ``tutor play``'s
question, and the saved hand that replays it.

Seed 20204 (Australian, the computer's auction): South, the learner by default, bids misère
(after 6♦) and holds the joker after picking up the kitty. Seed 10142 with the puzzle miner's
no-trumps auction: the contractor holds the joker after its discard.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.engine.cards import Card, Joker, Suit
from tutor.engine.replay import build
from tutor.engine.rulings import Kind
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.files.handfile import check, load
from tutor.teach.players import Budget, Game, GameError, Phase
from tutor.teach.puzzles.deals import _no_trumps_bid
from tutor.views.terminal.handsave import save_hand
from tutor.views.terminal.practice import play_in_terminal

#: One layout a card; the count bids every call (the deals here are chosen for the contracts the
#: count bids: a misère with the joker; the simulation would not bid it).
ONE = Budget(seconds=None, early=1, middle=1, late=1, bids=0)
QUESTION = "Nominate the joker's suit (s/h/d/c, or none to keep it as the joker)?"
MISERE_RULE = "under these rules a misère is lost if the joker is not nominated"


def misere_at_the_discard() -> Game:
    """Seed 20204: South has bid misère and holds the joker with the kitty."""
    game = Game("australian", 20204, budget=ONE)
    while game.phase is Phase.AUCTION:
        game.computer()
    contract = game.auction().contract
    assert contract is not None and contract.bid.is_misere and contract.declarer is Seat.S
    assert Card.parse("Jo") in game.held(Seat.S) and game.phase is Phase.DISCARD
    return game


def keeping_the_joker(game: Game) -> list[Card]:
    """The contractor's discard: three cards, not the joker."""
    held = game.held(Seat.S)
    return [c for c in held if not isinstance(c, Joker)][:game.rules.kitty_size]


def no_trumps_at_the_discard() -> tuple[Game, Seat]:
    game = Game("australian", 10142, budget=ONE)
    assert _no_trumps_bid(game)
    contract = game.auction().contract
    assert contract is not None and contract.bid.is_no_trumps and not contract.bid.is_misere
    return game, contract.declarer


class Answers:
    """Standard input for ``tutor play``: the lines given, then the first legal card each turn."""

    def __init__(self, game: Game, lines: list[str]) -> None:
        self.game, self.lines = game, list(lines)

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        if self.lines:
            return self.lines.pop(0) + "\n"
        if self.game.phase is Phase.PLAY:
            return f"{self.game.legal()[0]}\n"
        return ""


# -- the game's step ---------------------------------------------------------------------------


def test_a_nomination_is_due_after_the_discard_while_the_contractor_holds_the_joker() -> None:
    game = misere_at_the_discard()
    assert not game.nomination_due()  # the discard first
    game.discard(keeping_the_joker(game))
    assert game.nomination_due() and not game.may_keep_joker()
    ruling = game.nominate(Suit.HEARTS)
    assert ruling.kind is Kind.JOKER_NOMINATED and "nominates the joker as a heart" in ruling.text
    assert not game.nomination_due() and game.hand.joker is Suit.HEARTS


def test_no_nomination_is_due_when_the_joker_is_put_away() -> None:
    game = misere_at_the_discard()
    game.discard([Card.parse("Jo"), *keeping_the_joker(game)[:game.rules.kitty_size - 1]])
    assert not game.nomination_due()
    with pytest.raises(GameError, match="no joker to nominate or keep"):
        game.nominate(None)


def test_keeping_the_joker_in_misere_gives_the_engines_ruling_that_it_is_lost() -> None:
    game = misere_at_the_discard()
    game.discard(keeping_the_joker(game))
    ruling = game.nominate(None)
    assert ruling.kind is Kind.MISERE_JOKER_NOT_NOMINATED
    assert "that loses the misère whatever the tricks" in ruling.text
    assert not game.nomination_due() and game.hand.joker is None


def test_keeping_the_joker_in_no_trumps_says_what_the_wildcard_may_do() -> None:
    game, declarer = no_trumps_at_the_discard()
    decision = game.decide()
    assert isinstance(decision.choice, tuple)
    game.discard(decision.choice)
    assert game.nomination_due() and game.may_keep_joker()
    assert game.computer_nomination() is not None  # the computer's choice, for --auto
    ruling = game.nominate(None)
    assert ruling.text.startswith(f"{declarer.word} keeps the joker as the wildcard: it may be "
                                  "played only when its holder cannot follow the suit led")
    assert not game.nomination_due()


# -- tutor play --------------------------------------------------------------------------------


@pytest.mark.parametrize(("answer", "said", "joker"), [
    ("h", "South nominates the joker as a heart: it is the highest heart this hand", Suit.HEARTS),
    ("Spades", "South nominates the joker as a spade", Suit.SPADES),
    ("none", "South keeps the joker in misère without nominating its suit: under these rules "
             "that loses the misère", None),
])
def test_the_terminal_asks_the_learner_to_nominate_after_the_discard(answer: str, said: str,
                                                                    joker: Suit | None) -> None:
    game = misere_at_the_discard()
    discard = " ".join(str(c) for c in keeping_the_joker(game))
    out = io.StringIO()
    status = play_in_terminal(game, Seat.S, io.StringIO(f"{discard}\nx\n{answer}\n"), out)
    assert status == 1  # the answers run out at South's first card
    text = " ".join(out.getvalue().split())
    before, after = text.split(QUESTION, 1)
    assert MISERE_RULE in before
    assert "without nominating" not in before  # the engine's ruling waits for the answer
    assert "Not allowed: 'x' is not a suit: answer s, h, d or c, or none" in after  # asked again
    assert said in after and after.count(QUESTION) == 1
    assert game.hand.joker is joker and not game.nomination_due()


def test_the_terminal_offers_the_wildcard_in_no_trumps() -> None:
    game, declarer = no_trumps_at_the_discard()
    decision = game.decide()
    assert isinstance(decision.choice, tuple)
    out = io.StringIO()
    discard = " ".join(str(c) for c in decision.choice)
    play_in_terminal(game, declarer, io.StringIO(f"{discard}\nnone\n"), out)
    text = " ".join(out.getvalue().split())
    assert "kept, it is the wildcard: it may be played only when you cannot follow the suit led" in text
    assert f"{QUESTION} none {declarer.word} keeps the joker as the wildcard" in text


def test_with_auto_the_computer_nominates_for_the_learner_and_says_why() -> None:
    game, declarer = no_trumps_at_the_discard()
    out = io.StringIO()
    assert play_in_terminal(game, declarer, io.StringIO(""), out, auto=True) == 0
    text = " ".join(out.getvalue().split())
    assert QUESTION not in text
    assert "nominates the joker as a club: solved with all hands open" in text
    assert game.hand.joker is Suit.CLUBS


def test_the_saved_hand_records_the_nomination_and_replays_it(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    game = misere_at_the_discard()
    discard = " ".join(str(c) for c in keeping_the_joker(game))
    assert play_in_terminal(game, Seat.S, Answers(game, [discard, "d"]), io.StringIO()) == 0  # type: ignore[arg-type]
    path = tmp_path / "misere.yaml"
    save_hand(game.hand, str(path), io.StringIO(), force=False)
    assert "joker: D" in path.read_text("utf-8").splitlines()
    assert check(path)[1] == []
    rep = build(load(path))
    assert [s.ruling.kind for s in rep.steps if s.kind is StepKind.NOMINATE] == [Kind.JOKER_NOMINATED]
    assert main(["replay", str(path)]) == 0
    assert "South nominates the joker as a diamond" in " ".join(capsys.readouterr().out.split())
