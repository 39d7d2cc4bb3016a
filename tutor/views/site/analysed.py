"""Lesson pages with the solver's analysis (``tutor export --analysis``), and its cache.

For each lesson the page gains, at its foot (below every quiz question), a collapsed
``<details>``: par after the discard and, trick by trick, each card's value, whether it was a
best card and, if not, what it cost and which card did better. Tricks where the best cards are
a clear minority also get a best-card question ("which card keeps the contract?").

Analysing a hand is the slow part of a build, so the results are kept beside the output in
``.tutor-analysis.json``, keyed by a hash of the hand file's bytes: rebuilding an unchanged
site reads them back and does not run the solver.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tutor.engine.cards import Card
from tutor.engine.order import sorted_hand
from tutor.engine.play import Play, PlayContext
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat
from tutor.files.guard import read_text
from tutor.files.writeguard import UnwritableFile, write_output
from tutor.solve import Analysis, CardValue, SolveError, Solver, analyse
from tutor.teach.bestcard import best_card_spots
from tutor.teach.values import TurnValues, step_values, takes
from tutor.views.shared.render import Pictures

__all__ = ["CACHE", "AnalysisCache", "add_analysis", "content_key"]

#: The cache file, in the output folder; never listed in the manifest, so never removed by a build.
CACHE = ".tutor-analysis.json"
#: The largest analysis cache read: 64 MB (a hand's analysis takes a few kB).
CACHE_BYTES = 64 * 1024 * 1024
_VERSION = 1


def content_key(data: bytes) -> str:
    """The cache key of a hand file: the hash of its bytes and of the cache's format."""
    return hashlib.sha256(b"tutor-analysis-%d\n" % _VERSION + data).hexdigest()


def _to_json(an: Analysis) -> dict[str, Any]:
    return {
        "title": an.title, "bid": an.bid, "declarer": an.declarer.value, "side": an.side,
        "side_words": an.side_words, "minimise": an.minimise, "par": an.par,
        "plays": [{"trick": p.trick, "seat": p.seat.value, "play": str(p.play), "value": p.value,
                   "best": p.best, "more": p.wants_more,
                   "options": [[str(k), v] for k, v in p.options.items()]} for p in an.plays],
    }


def _from_json(d: Mapping[str, Any]) -> Analysis:
    plays = tuple(
        CardValue(trick=int(p["trick"]), seat=Seat(p["seat"]), play=Play.parse(p["play"]),
                  value=int(p["value"]), best=int(p["best"]),
                  options={Play.parse(k): int(v) for k, v in p["options"]}, wants_more=bool(p["more"]))
        for p in d["plays"]
    )
    return Analysis(title=str(d["title"]), bid=str(d["bid"]), declarer=Seat(d["declarer"]),
                    side=str(d["side"]), side_words=str(d["side_words"]),
                    minimise=bool(d["minimise"]), par=int(d["par"]), plays=plays)


class AnalysisCache:
    """Analyses by hand-file content, read from and written to ``folder/.tutor-analysis.json``.

    ``runs`` counts the hands the solver analysed in this build (not found in the cache)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / CACHE
        self.runs = 0
        self._solver: Solver | None = None
        self._entries: dict[str, Any] = {}
        self._used: set[str] = set()
        try:
            raw = json.loads(read_text(self.path, "analysis cache", limit=CACHE_BYTES))
            hands = raw.get("hands") if isinstance(raw, dict) else None
            if isinstance(hands, dict) and raw.get("version") == _VERSION:
                self._entries = hands
        except (OSError, ValueError):
            pass

    def analysis(self, rep: Replay, key: str) -> Analysis | None:
        """The hand's analysis, from the cache or the solver; None where the solver has no answer."""
        self._used.add(key)
        entry = self._entries.get(key)
        if entry is not None:
            return None if entry == "out of scope" else _from_json(entry)
        self.runs += 1
        try:
            an = analyse(rep, solver=Solver())
        except SolveError:
            self._entries[key] = "out of scope"
            return None
        self._entries[key] = _to_json(an)
        return an

    def save(self) -> None:
        """Write the analyses this build used (others are dropped), in a stable order."""
        kept = {k: self._entries[k] for k in sorted(self._used) if k in self._entries}
        text = json.dumps({"version": _VERSION, "hands": kept}, ensure_ascii=False, sort_keys=True)
        try:
            if not (self.path.is_file() and self.path.read_text("utf-8") == text):
                write_output(self.path, text.encode("utf-8"), pipes=False)  # no pipe, no device
        except (OSError, UnicodeDecodeError, UnwritableFile):
            pass  # only a cache: the next build analyses again


def _row(tv: TurnValues, draw: Pictures, ctx: PlayContext | None) -> dict[str, object]:
    best = sorted_hand(tv.best_cards(), ctx)
    return {
        "seat_word": tv.seat.word,
        "card": draw.card(tv.actual),
        "value": tv.value,
        "best": not tv.cost,
        "cost": tv.cost,
        "verdict": tv.sentence(),
        "best_cards": [draw.card(c) for c in best],
        "values": ", ".join(f"{c.pretty()} {tv.cards[c]}" for c in sorted_hand(tuple(tv.cards), ctx)),
    }


def add_analysis(view: dict[str, Any], rep: Replay, an: Analysis, draw: Pictures) -> dict[str, Any]:
    """The lesson page's view with the analysis and the best-card questions added."""
    values = step_values(rep, analysis=an)
    tricks: dict[int, list[dict[str, object]]] = {}
    for tv in values.values():
        tricks.setdefault(tv.trick, []).append(_row(tv, draw, rep.context))
    costly = sum(1 for tv in values.values() if tv.cost)
    view["analysis"] = {
        "par": an.par,
        "par_text": f"Par after the discard: with best play by everyone, all hands open, "
                    f"{takes(an.side_words)} {an.par}.",
        "side_words": an.side_words,
        "summary": "Every card played was a best card." if not costly else
                   f"{costly} card{'s' if costly != 1 else ''} cost tricks.",
        "tricks": [{"number": n, "rows": rows} for n, rows in sorted(tricks.items())],
    }
    spots = best_card_spots(rep, values=values)
    for spot in spots:
        t = spot.turn
        if t.trick > len(view["tricks"]):
            continue
        asked: list[dict[str, object]] = view["tricks"][t.trick - 1].setdefault("best_card", [])
        asked.append({
            "id": f"best-{t.trick}-{t.position}",
            "prompt": spot.prompt,
            "hand": draw.hand(t.seat, t.hand, t.ctx),
            "answer": [draw.card(c) for c in _ordered(spot.best, spot.legal)],
            "explanation": list(spot.explanation),
        })
    return view


def _ordered(cards: frozenset[Card], order: tuple[Card, ...]) -> list[Card]:
    return [c for c in order if c in cards]
