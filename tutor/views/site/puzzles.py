"""The site's puzzles section (``tutor export ... --puzzles DIR``): one page, served by theme.

Every puzzle of the folder is solved once at export (:func:`tutor.teach.puzzles.reading.solve_puzzle`):
the page's data file ``puzzles/puzzles-data.js`` holds, for each, only what the question shows
(an at-the-table puzzle: the seat's own hand, a hand the rules lay face up, the auction, the
kitty and discard if the seat took it, the cards played; an open-hands one: every hand as it
stands) and the legal cards. The rest, which cards are right, what each comes to, each wrong
card's refutation (its best line), the note and every hand, is in the puzzle's own
``puzzles/answers/KEY.js``, which the page adds as a ``<script>`` once the learner has answered
(a script, not ``fetch``, so it works opened from the disk): the page's source and data before
the answer hold no card the seat could not see. ``puzzles.js`` serves them in the browser by the rules of
:mod:`tutor.teach.puzzles.serving`, rates each solve with Glicko-2 as
:mod:`tutor.teach.glicko` does (damped when the theme was chosen, so shown), keeps the learner's
rating and attempts in ``localStorage`` and exports them as JSON that ``tutor history import``
reads (:mod:`tutor.teach.transfer`, version 2). Both files are the site's own: nothing is
loaded from elsewhere, and the page works opened from the disk.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import jinja2

from tutor.engine.cards import Card
from tutor.engine.order import sorted_hand
from tutor.engine.replay import TrickRecord
from tutor.engine.seats import Seat
from tutor.solve import Solver
from tutor.teach import glicko
from tutor.teach.puzzles.reading import PuzzleError, Solution, read_folder, solve_puzzle
from tutor.teach.puzzles.serving import themes_of
from tutor.teach.topics import topic_words
from tutor.views.site.templating import Page

__all__ = ["DATA_FILE", "SCRIPT", "PuzzleError", "PuzzleSection", "puzzle_section"]

DATA_FILE = "puzzles/puzzles-data.js"
#: Each puzzle's answer, ``puzzles/answers/KEY.js``, added to the page once it is answered.
ANSWERS = "puzzles/answers"
SCRIPT = "puzzles.js"
PAGE = "puzzles/index.html"


@dataclass
class PuzzleSection:
    """The section's page and its files (the data, the script)."""

    pages: list[Page] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)


#: Each card code the data names, with its picture in text (``KC`` -> ``K♣``), for the script.
Pretty = dict[str, str]


def _cards(cards: tuple[Card, ...] | list[Card], pretty: Pretty) -> list[str]:
    pretty.update({str(c): c.pretty() for c in cards})
    return [str(c) for c in cards]


def _trick(t: TrickRecord) -> dict[str, object]:
    return {"number": t.number,
            "plays": [{"seat": s.word, "card": str(p.card), "pretty": p.pretty()}
                      for s, p in zip(t.seats, t.plays, strict=False)],
            "winner": t.winner.word if t.winner is not None else None}


def _hands(s: Solution) -> dict[Seat, tuple[Card, ...]]:
    """Every hand in play as it stands at the puzzle's position, in the table's order."""
    before = s.replay.states[s.view.step - 1]
    return {seat: tuple(sorted_hand(list(before.hands[seat]), s.position.ctx))
            for seat in s.position.seats if seat in before.hands and seat not in before.out}


def _shown(s: Solution) -> set[Seat]:
    """The hands the question shows: every one (open hands), else the seat's own and any the
    rules lay face up."""
    hands = _hands(s)
    if s.puzzle.kind == "open-hands":
        return set(hands)
    return {s.view.seat, *s.view.open_hands}


def _table(s: Solution, pretty: Pretty) -> dict[str, object]:
    """What the question shows: the hands it may show (the others only named), the kitty and
    discard if the seat took it, the auction, the contract and the tricks so far."""
    view = s.view
    hands, shown = _hands(s), _shown(s)
    auction = [f"{who.word} {call.pretty()}" for who, call in zip(view.callers, view.calls, strict=False)]
    contract = view.contract
    return {
        "hands": [{"seat": seat.word, "cards": _cards(cards, pretty)}
                  for seat, cards in hands.items() if seat in shown],
        "hidden": [seat.word for seat in hands if seat not in shown],
        "kitty": _cards(view.kitty, pretty),
        "discard": _cards(view.discard, pretty),
        "auction": auction,
        "contract": (f"{contract.bid.headline()} by {contract.declarer.word}"
                     if contract is not None else ""),
        "tricks": [_trick(t) for t in view.tricks],
    }


def _answer_file(key: str) -> str:
    return f"{ANSWERS}/{key}.js"


def _question(s: Solution, pretty: Pretty) -> dict[str, object]:
    """What the page holds before the answer: nothing the seat could not know."""
    p = s.puzzle
    return {
        "key": p.key,
        "title": p.title,
        "kind": p.kind,
        "themes": list(p.themes),
        "seat": s.seat.word,
        "rules": s.replay.rules.title,
        "prompt": s.prompt,
        "legal": _cards(s.legal, pretty),
        "table": _table(s, pretty),
        "answer": _answer_file(p.key).removeprefix("puzzles/"),
    }


def _answer(s: Solution, solver: Solver) -> dict[str, object]:
    """What the answer opens: which cards are right, what each comes to, each wrong card's
    refutation, the note and every hand."""
    wrong = [c for c in s.legal if c not in s.right]
    pretty: Pretty = {}
    hands = [{"seat": seat.word, "cards": _cards(cards, pretty)} for seat, cards in _hands(s).items()]
    return {
        "key": s.puzzle.key,
        "right": [str(c) for c in s.legal if c in s.right],
        "values": {str(c): s.values[c] for c in s.legal},
        "refutations": {str(c): s.refutation_words(c, solver) for c in wrong},
        "note": s.note.strip(),
        "hands": hands,
        "pretty": dict(sorted(pretty.items())),
    }


def _answer_script(answer: dict[str, object]) -> bytes:
    return ("// One puzzle's answer, written by tutor export --puzzles: puzzles.js adds this file to\n"
            "// the page once the learner has answered.\n"
            "window.TUTOR_PUZZLE_ANSWER(" + json.dumps(answer, ensure_ascii=False, sort_keys=True)
            + ");\n").encode("utf-8")


def _static(env: jinja2.Environment, name: str) -> bytes:
    assert env.loader is not None
    source, _, _ = env.loader.get_source(env, name)
    return source.encode("utf-8")


def puzzle_section(folder: str | Path, env: jinja2.Environment) -> PuzzleSection:
    """The puzzles of ``folder`` as the site's section; :class:`PuzzleError` (from reading) names
    a file that is not a puzzle, or a folder with none."""
    puzzles = read_folder(Path(folder))
    solver = Solver()
    pretty: Pretty = {}
    solutions = [solve_puzzle(p, solver) for p in puzzles]
    data = [_question(s, pretty) for s in solutions]
    answers = {_answer_file(s.puzzle.key): _answer_script(_answer(s, solver)) for s in solutions}
    themes = [{"tag": t, "words": topic_words(t), "count": n} for t, n in themes_of(puzzles).items()]
    d = glicko.DEFAULT
    payload = {
        "puzzles": data,
        "themes": themes,
        "pretty": dict(sorted(pretty.items())),
        "glicko": {"scale": glicko.SCALE, "tau": glicko.TAU, "epsilon": glicko.EPSILON,
                   "damping": glicko.SHOWN_THEME_DAMPING,
                   "default": {"rating": d.rating, "deviation": d.deviation, "volatility": d.volatility}},
    }
    text = ("// The puzzles of this site, written by tutor export --puzzles: read by puzzles.js.\n"
            "window.TUTOR_PUZZLES = " + json.dumps(payload, ensure_ascii=False, sort_keys=True) + ";\n")
    page = Page(PAGE, "puzzles.html", "Puzzles", {"themes": themes, "count": len(data),
                                                  "damping": glicko.SHOWN_THEME_DAMPING})
    return PuzzleSection([page], {DATA_FILE: text.encode("utf-8"), SCRIPT: _static(env, SCRIPT), **answers})
