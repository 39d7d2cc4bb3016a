"""The practice widget's joker: after the learner's discard as contractor, a button a suit and,
where the rules allow keeping it, *Keep it as the joker* (Australian rules; the deals of
tests/test_practice_nomination.py)."""

from __future__ import annotations

import ipywidgets as widgets
from test_practice_nomination import keeping_the_joker, misere_at_the_discard, no_trumps_at_the_discard

from tutor.engine.cards import Card, Suit
from tutor.views.widgets import PracticeWidget


def put_away(w: PracticeWidget, cards: list[Card]) -> None:
    for b in w.card_row.children:
        if isinstance(b, widgets.ToggleButton):
            b.value = Card.parse(b._dom_classes[-1].removeprefix("tutor-card-")) in cards
    w.discard_button.click()


def test_the_learner_nominates_the_joker_in_misere_by_a_button() -> None:
    game = misere_at_the_discard()
    w = PracticeWidget(game, "S")
    put_away(w, keeping_the_joker(game))
    assert game.hand.discard is not None and not game.hand.play  # the computer waits
    assert "You hold the joker, South: nominate the joker&#x27;s suit?" in w.prompt.value
    assert "Under these rules a misère is lost if the joker is not nominated" in w.prompt.value
    assert w.action_row.children == tuple(w.nominate_buttons.values())  # no keeping it here
    assert w.keep_button not in w.action_row.children
    assert "without nominating" not in w.text  # the engine's ruling waits for the answer
    w.play("Jo")
    assert "Nominate the joker&#x27;s suit first." in w.message and not game.hand.play
    w.nominate_buttons[Suit.HEARTS].click()
    assert game.hand.joker is Suit.HEARTS and not w.nominating
    assert "South nominates the joker as a heart" in w.text
    assert "Your card, South, to trick 1." in w.prompt.value  # the contractor leads in misère
    assert w.nominate_buttons[Suit.HEARTS] not in w.action_row.children


def test_the_learner_may_keep_the_joker_in_no_trumps() -> None:
    game, declarer = no_trumps_at_the_discard()
    decision = game.decide()
    assert isinstance(decision.choice, tuple)
    w = PracticeWidget(game, declarer)
    put_away(w, list(decision.choice))
    assert w.nominating and w.keep_button in w.action_row.children
    assert "nominate the joker&#x27;s suit, or keep it as the joker?" in w.prompt.value
    w.keep_button.click()
    assert game.hand.joker is None and not w.nominating
    assert f"{declarer.word} keeps the joker as the wildcard" in w.text
    w.nominate(Suit.SPADES)
    assert "There is no joker of yours to nominate now." in w.message


def test_a_computer_contractor_nominates_without_asking_the_learner() -> None:
    game, declarer = no_trumps_at_the_discard()
    learner = next(s for s in game.seats if s not in (declarer, declarer.partner))
    w = PracticeWidget(game, learner)
    assert not w.nominating and game.hand.discard is not None
    assert all(b not in w.action_row.children for b in w.nominate_buttons.values())


def test_the_end_offers_the_nomination_to_retry_and_asks_it_again() -> None:
    from test_practice_widget import click_through

    game = misere_at_the_discard()
    w = PracticeWidget(game, "S")
    put_away(w, keeping_the_joker(game))
    w.nominate_buttons[Suit.HEARTS].click()
    click_through(w)
    offered = [at for _label, at in w.end.picker.options]
    assert offered.index("joker") == offered.index("discard") + 1
    w.end.picker.value = "joker"
    w.end.retry_button.click()
    assert w.game.hand.joker is None and w.game.hand.discard is not None and not w.game.hand.play
    assert w.nominating and "(retried from the joker's nomination)" in w.game.hand.title
    assert w.action_row.children == tuple(w.nominate_buttons.values())
