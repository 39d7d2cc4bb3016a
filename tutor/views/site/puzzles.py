"""The site's puzzles section (``tutor export ... --puzzles DIR``): one page, served by theme.

Every puzzle of the folder is solved once at export (:func:`tutor.teach.puzzles.reading.solve_puzzle`):
the page's data file ``puzzles/puzzles-data.js`` holds, for each, what the question shows (an
at-the-table puzzle: the seat's own view only; an open-hands one: every hand as it stands), the
legal cards, which are right, and each wrong card's refutation (its best line), with the note
shown after the answer. ``puzzles.js`` serves them in the browser by the rules of
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
from tutor.solve import Solver
from tutor.teach import glicko
from tutor.teach.puzzles.reading import PuzzleError, Solution, read_folder, solve_puzzle
from tutor.teach.puzzles.serving import themes_of
from tutor.teach.topics import topic_words
from tutor.views.site.templating import Page

__all__ = ["DATA_FILE", "SCRIPT", "PuzzleError", "PuzzleSection", "puzzle_section"]

DATA_FILE = "puzzles/puzzles-data.js"
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


def _table(s: Solution, pretty: Pretty) -> dict[str, object]:
    """What the question shows, and the hands the answer opens."""
    view = s.view
    before = s.replay.states[view.step - 1]
    hands = {seat: tuple(sorted_hand(list(cards), s.position.ctx)) for seat, cards in before.hands.items()
             if seat not in before.out}
    shown = (hands if s.puzzle.kind == "open-hands"
             else {view.seat: hands[view.seat], **{k: tuple(v) for k, v in view.open_hands.items()}})
    order = [seat for seat in s.position.seats if seat in hands]
    auction = [f"{who.word} {call.pretty()}" for who, call in zip(view.callers, view.calls, strict=False)]
    contract = view.contract
    return {
        "hands": [{"seat": seat.word, "cards": _cards(hands[seat], pretty), "shown": seat in shown}
                  for seat in order],
        "kitty": _cards(view.kitty, pretty),
        "discard": _cards(view.discard, pretty),
        "auction": auction,
        "contract": (f"{contract.bid.headline()} by {contract.declarer.word}"
                     if contract is not None else ""),
        "tricks": [_trick(t) for t in view.tricks],
    }


def _puzzle(s: Solution, solver: Solver, pretty: Pretty) -> dict[str, object]:
    p = s.puzzle
    wrong = [c for c in s.legal if c not in s.right]
    return {
        "key": p.key,
        "title": p.title,
        "kind": p.kind,
        "themes": list(p.themes),
        "seat": s.seat.word,
        "rules": s.replay.rules.title,
        "prompt": s.prompt,
        "legal": _cards(s.legal, pretty),
        "right": [str(c) for c in s.legal if c in s.right],
        "values": {str(c): s.values[c] for c in s.legal},
        "refutations": {str(c): s.refutation_words(c, solver) for c in wrong},
        "note": s.note.strip(),
        "table": _table(s, pretty),
    }


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
    data = [_puzzle(solve_puzzle(p, solver), solver, pretty) for p in puzzles]
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
    return PuzzleSection([page], {DATA_FILE: text.encode("utf-8"), SCRIPT: _static(env, SCRIPT)})
