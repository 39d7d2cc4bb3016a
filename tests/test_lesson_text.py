"""What a learner reads in every lesson: no machinery, no nesting, no false count.

Every ruling the engine writes for a lesson, its result, and every author's note, title and
summary are checked for the kinds of mistake a teacher's review found: raw notation and code
names (``misere``, ``8NT``, ``KD``, ruling-kind slugs, setting names, ``True``), a parenthesis
inside a parenthesis, the left-bower reminder said to a player who does not hold it, and trump
counts in notes that the count (:mod:`tutor.engine.facts`) contradicts.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.engine.cards import Card
from tutor.engine.facts import Facts, facts_at
from tutor.engine.replay import Replay, StepKind
from tutor.engine.rules import PRESET_NAMES, SETTINGS
from tutor.engine.rulings import Kind
from tutor.engine.seats import Seat
from tutor.files import handfile

HANDS = Path(__file__).resolve().parent.parent / "hands"
LESSONS = sorted(HANDS.glob("*.yaml"))


def replay_of(path: Path) -> Replay:
    rp, problems = handfile.check(path)
    assert rp is not None and not problems, problems
    return rp


def learner_texts(rp: Replay) -> list[tuple[str, str]]:
    """Everything a learner reads of a lesson, each with where it comes from."""
    out = [("title", rp.hand.title), ("summary", rp.hand.summary or "")]
    out += [(f"note {k}", " ".join(v.split())) for k, v in rp.hand.notes.items()]
    out += [(f"step {i} ({s.ruling.kind.value})", s.ruling.text) for i, s in enumerate(rp.steps)]
    for t in rp.tricks:
        out += [(f"trick {t.number}", r.text) for r in t.rulings]
        if t.ruling is not None:
            out.append((f"trick {t.number} won", t.ruling.text))
    if rp.result is not None:
        out.append(("result", rp.result.ruling.text))
    if rp.stopped:
        out.append(("stopped", rp.stopped))
    return out


SLUGS = sorted({k.value for k in Kind if "-" in k.value}, key=len, reverse=True)
SETTING_NAMES = sorted((n for n in SETTINGS if "_" in n), key=len, reverse=True)
RAW = [
    (re.compile(r"\bmisere\b"), "misère written without its accent (the file notation)"),
    (re.compile(r"\bopen-misere\b"), "the file notation open-misere"),
    (re.compile(r"\b(?:10|[6-9])(?:S|C|D|H|NT)\b"), "a bid in notation (8NT), not in words"),
    (re.compile(r"\b(?:A|K|Q|J|10|[2-9])(?:S|C|D|H)\b"), "a card in notation (KD), not in words"),
    (re.compile(r"\b(?:True|False|None)\b"), "a Python value"),
    (re.compile(r"\bsetting\s+[a-z]+_[a-z_]+"), "a setting's name"),
]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_machinery_reaches_a_learner(path: Path) -> None:
    rp = replay_of(path)
    problems = []
    for where, text in learner_texts(rp):
        for slug in SLUGS:
            if slug in text.lower():
                problems.append(f"{where}: the ruling kind {slug!r}: {text}")
        for name in SETTING_NAMES:
            if name in text:
                problems.append(f"{where}: the setting name {name!r}: {text}")
        for pattern, what in RAW:
            if pattern.search(text):
                problems.append(f"{where}: {what}: {text}")
    assert not problems, "\n".join(problems)


def nesting(text: str) -> int:
    depth = deepest = 0
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        deepest = max(deepest, depth)
    return deepest


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_parenthesis_inside_a_parenthesis(path: Path) -> None:
    rp = replay_of(path)
    nested = [f"{where}: {text}" for where, text in learner_texts(rp) if nesting(text) > 1]
    assert not nested, "\n".join(nested)


BOWER_NOTE = re.compile(r"\((the jack of (?:spades|clubs|diamonds|hearts)) is an? \w+ this hand")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_bower_reminders_go_only_to_the_holder(path: Path) -> None:
    rp = replay_of(path)
    for i, step in enumerate(rp.steps):
        found = BOWER_NOTE.search(step.ruling.text)
        if found is None or step.kind is not StepKind.CARD or step.seat is None:
            continue
        jack = next(c for c in rp.rules.the_pack.cards if c.words() == found.group(1))
        held = rp.states[i - 1].hands[step.seat]
        piles = rp.states[i - 1].piles or {}
        on_table = [p.up for p in piles.get(step.seat, ()) if p.up is not None]
        assert jack in held or jack in on_table, f"said to {step.seat.word}: {step.ruling.text}"


# --- trump counts in notes ---------------------------------------------------------------------

NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve", "thirteen"]
NUMBERS = {w: i for i, w in enumerate(NUMBER_WORDS)}
ORDINAL_WORDS = ["second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
                 "tenth", "eleventh", "twelfth"]
ORDINALS = {w: i + 2 for i, w in enumerate(ORDINAL_WORDS)}
SEATS = {s.word: s for s in Seat}
SEAT = "|".join(sorted(SEATS, key=len, reverse=True))
NUMBER = "|".join(NUMBERS)
ORDINAL = "|".join(ORDINALS)


def note_index(rp: Replay, key: str) -> int:
    """The step a note is read at: the deal and the auction notes at the end of the auction."""
    if key in ("intro", "auction"):
        return max(i for i, s in enumerate(rp.steps) if s.kind in (StepKind.CALL, StepKind.AUCTION))
    if key == "outro":
        return len(rp.steps) - 1
    for i, step in enumerate(rp.steps):
        if step.note_key == key:
            return i
    if key.isdigit():  # after trick N: its last card
        return max(i for i, s in enumerate(rp.steps) if s.trick == int(key) and s.kind is StepKind.CARD)
    raise AssertionError(f"no step for note {key}")


def held(facts: Facts, seats: list[Seat]) -> int:
    return sum(len(facts.held[s]) for s in seats)


def claims(rp: Replay) -> list[tuple[str, str, int, int]]:
    """(note, claim, said, counted) for each trump count a note states that the count can check."""
    contract = rp.contract
    assert contract is not None
    declarer = contract.declarer
    at = rp.table
    first = facts_at(rp, rp.step_of_trick(1) - 1) if rp.tricks else None
    out = []
    for key, raw in rp.hand.notes.items():
        text = " ".join(raw.split())
        facts = facts_at(rp, note_index(rp, key))
        if facts is None or facts.trumps is None:
            continue
        for m in re.finditer(rf"\b({SEAT})'s ({ORDINAL}) trump\b", text):
            out.append((key, m.group(0), ORDINALS[m.group(2)], held(facts, [SEATS[m.group(1)]])))
        for m in re.finditer(rf"\ba ({ORDINAL}) trump\b", text):
            out.append((key, m.group(0), ORDINALS[m.group(1)], held(facts, [declarer])))
        for m in re.finditer(rf"\bmake ({NUMBER}) trumps\b", text):
            out.append((key, m.group(0), NUMBERS[m.group(1)], held(facts, [declarer])))
        for m in re.finditer(rf"\bon ({NUMBER}) trumps\b", text):
            out.append((key, m.group(0), NUMBERS[m.group(1)], held(facts, [declarer])))
        more = rf"\b({SEAT}) now holds the joker, both bowers and ({NUMBER}) more trumps"
        for m in re.finditer(more, text):
            out.append((key, m.group(0), NUMBERS[m.group(2)] + 3, held(facts, [SEATS[m.group(1)]])))
        if first is None:
            continue
        for m in re.finditer(rf"\b({SEAT})[-–]({SEAT}) held ({NUMBER}) trumps\b", text):
            seats = [SEATS[m.group(1)], SEATS[m.group(2)]]
            out.append((key, m.group(0), NUMBERS[m.group(3)], held(first, seats)))
        others = [s for s in at.seats if s != declarer]  # "the others": everyone but the contractor
        out_there = rf"\ball ({NUMBER}) trumps the others held\b|\b({NUMBER}) trumps were out\b"
        for m in re.finditer(out_there, text):
            said = NUMBERS[m.group(1) or m.group(2)]
            out.append((key, m.group(0), said, held(first, others)))
    return out


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_trump_counts_in_notes_match_the_count(path: Path) -> None:
    rp = replay_of(path)
    if rp.contract is None:
        return
    wrong = [f"note {k}: {claim!r} says {said}, the count is {counted}"
             for k, claim, said, counted in claims(rp) if said != counted]
    assert not wrong, "\n".join(wrong)


def test_the_count_checks_reach_the_lessons_that_state_counts() -> None:
    """The patterns above find the counts the review found wrong (so the check can fail)."""
    found = {p.stem: claims(replay_of(p)) for p in LESSONS}
    assert any("held six trumps" in c[1] for c in found["canadian-two-jokers"])
    assert any("a seventh trump" in c[1] for c in found["three-handed-alone-against-two"])
    assert any("North's seventh trump" in c[1] for c in found["five-handed-called-ace"])
    assert any("make seven trumps" in c[1] for c in found["first-night-seven-hearts"])
    assert sum(len(c) for c in found.values()) >= 8


def test_a_wrong_count_is_caught() -> None:
    rp = replay_of(HANDS / "canadian-two-jokers.yaml")
    notes = dict(rp.hand.notes)
    notes["4.2"] = notes["4.2"].replace("held six trumps", "held three trumps")
    wrong = [c for c in claims(_with_notes(rp, notes)) if c[2] != c[3]]
    assert wrong and wrong[0][1] == "East-West held three trumps"


def _with_notes(rp: Replay, notes: dict[str, str]) -> Replay:
    import dataclasses

    return dataclasses.replace(rp, hand=dataclasses.replace(rp.hand, notes=notes))


def test_cards_in_refusals_are_words() -> None:
    from tutor.engine.auction import Bid
    from tutor.engine.play import IllegalPlay, Play, PlayContext, judge_play

    ctx = PlayContext.of(Bid.parse("7H"))
    with pytest.raises(IllegalPlay) as err:
        judge_play(Seat.W, [Card.parse("8H"), Card.parse("KD")], [Play(Card.parse("Jo"))],
                   Play(Card.parse("KD")), ctx)
    assert str(err.value).endswith("so cannot play the king of diamonds")
    for pattern, what in RAW:
        assert not pattern.search(str(err.value)), what


@pytest.mark.parametrize("said", [
    "South bids misere", "open-misere is shown", "North bids 8NT", "East cannot play KD",
    "nothing (setting defenders_score_in_misere off)", "joker_loses_power = True",
])
def test_the_raw_patterns_catch_what_the_review_found(said: str) -> None:
    assert any(p.search(said) for p, _what in RAW) or any(n in said for n in SETTING_NAMES)


def test_the_nesting_check_catches_the_reviewed_sentence() -> None:
    assert nesting("(the jack of diamonds (the left bower) is a heart this hand)") == 2


VARIANTS = [
    ("australian", {"all_pass": "no-trumps"}), ("australian", {"joker_loses_power": True}),
    ("australian", {"misere_any_time": True, "bid_after_pass": True}),
    ("australian", {"raise_final_bid": True}), ("australian", {"defenders_score": "when-set"}),
    ("australian", {"slam": "plus250"}), ("five-handed", {"secret_alone": True}),
    ("five-handed", {"partner_revealed": "at-once"}), ("american", {"all_pass": "no-trumps"}),
]


@pytest.mark.parametrize(("preset_name", "overrides"),
                         [(n, {}) for n in PRESET_NAMES] + VARIANTS,
                         ids=lambda v: v if isinstance(v, str) else ",".join(v) or "preset")
def test_random_deals_of_every_table_show_no_machinery(
    preset_name: str, overrides: dict[str, object]
) -> None:
    """The engine's rulings, not only the lessons': random deals of each preset and variation."""
    from tutor.engine.hand import RulesSpec
    from tutor.engine.randomdeal import random_hand
    from tutor.engine.replay import build

    problems = []
    for seed in range(30):
        rp = build(random_hand(seed, RulesSpec(preset_name, overrides)))
        for where, text in learner_texts(rp)[2:]:  # the rulings, not the generated title
            bad = [what for pattern, what in RAW if pattern.search(text)]
            bad += [name for name in SETTING_NAMES if name in text]
            if nesting(text) > 1:
                bad.append("a parenthesis inside a parenthesis")
            if bad:
                problems.append(f"seed {seed}, {where}: {', '.join(bad)}: {text}")
    assert not problems, "\n".join(problems[:10])
