"""Settings said in words (tutor/engine/wording.py): the quiz header, the lesson page, the terminal."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.cli import main
from tutor.engine.rules import PRESET_NAMES, SETTINGS, preset
from tutor.engine.wording import rules_words, setting_words
from tutor.files import handfile
from tutor.teach.quiz import make_quiz

HANDS = Path(__file__).resolve().parent.parent / "hands"


def values(name: str) -> list[object]:
    s = SETTINGS[name]
    if s.choices is not None:
        return list(s.choices)
    assert s.minimum is not None
    return [s.minimum]


@pytest.mark.parametrize("name", sorted(SETTINGS))
def test_every_setting_value_is_said_in_words(name: str) -> None:
    for value in values(name):
        said = setting_words(name, value)
        assert "_" not in said, said  # no setting name (every two-word name has one)
        assert "True" not in said and "False" not in said, said
        assert "(" not in said, said  # it is said inside parentheses: none of its own


def test_rules_in_words_name_every_change_from_the_preset() -> None:
    assert rules_words(preset("australian")) == preset("australian").title
    changed = preset("australian", {"joker_loses_power": True, "misere_any_time": True})
    said = rules_words(changed)
    assert said.startswith("Australian four-handed Five Hundred, with changes: ")
    assert "the joker loses its power" in said and "misère may be bid at any time" in said
    for name in PRESET_NAMES:  # a preset by itself has no changes to name
        assert rules_words(preset(name)) == preset(name).title


def test_the_quiz_header_names_the_house_rule_it_is_answered_by(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rp, _ = handfile.check(HANDS / "joker-loses-power-after-a-discard.yaml")
    assert rp is not None
    questions = make_quiz([rp], seed=1, count=3)
    assert questions and all("the joker loses its power" in q.rules for q in questions)
    main(["quiz", str(HANDS / "joker-loses-power-after-a-discard.yaml"), "--count", "1",
          "--show-answers"])
    out = capsys.readouterr().out
    header = " ".join(out.split("Trick")[0].split())  # the header, unwrapped
    assert ("Rules: Australian four-handed Five Hundred, with a change: the house rule that the joker "
            "loses its power") in header
    assert "joker_loses_power" not in out and "True" not in out
    assert all(len(line) <= 100 for line in out.splitlines())


def test_the_terminal_says_changed_settings_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(HANDS / "open-misere.yaml")]) == 0
    out = capsys.readouterr().out
    assert "Changed from these rules: misère may be bid at any time" in out
    assert "misere_any_time" not in out


def test_a_choice_is_named_in_the_ruling_that_depends_on_it() -> None:
    american = preset("american")
    assert american.choice("first_leader") and american.choice("slam")
    assert preset("american", {"slam": "none"}).choice("slam") is None  # the author's, not tutor's
    rp, _ = handfile.check(HANDS / "joker-only-when-void.yaml")  # American rules
    assert rp is not None
    first = rp.tricks[0].rulings[0].text
    assert "does not say who leads first, so tutor has the contractor lead" in first


def test_an_american_joker_lead_refusal_says_the_reading_is_tutors_choice() -> None:
    import dataclasses

    from tutor.engine.cards import Joker
    from tutor.engine.hand import RulesSpec
    from tutor.engine.play import led_suit
    from tutor.engine.randomdeal import random_hand
    from tutor.engine.replay import build

    for seed in range(3000):
        hand = random_hand(seed, RulesSpec("american"))
        rp = build(hand)
        ctx = rp.context
        assert ctx is not None
        for t, trick in enumerate(hand.play):
            if not trick or not isinstance(trick[0].card, Joker) or trick[0].names is None:
                continue
            leader = rp.tricks[t].leader
            void = rp.states[rp.step_of_trick(t + 1) - 1].shown_void.get(leader, frozenset())
            if not void or len(hand.play) - t < 2:
                continue
            suit = next(iter(void))
            lead = dataclasses.replace(trick[0], names=suit)
            bad = dataclasses.replace(hand, play=(*hand.play[:t], (lead, *trick[1:]), *hand.play[t + 1:]))
            problems = build(bad).problems
            assert problems and "has already shown void in" in problems[0].message
            assert "the American rules page does not say which suit a led joker may name" in (
                problems[0].message)
            assert led_suit([lead], ctx) is suit
            return
    pytest.skip("no random American hand leads the joker after showing void")
