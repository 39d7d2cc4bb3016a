"""A score sheet as text for a terminal."""

from __future__ import annotations

import textwrap

from tutor.views.sheet.model import ScoreSheet

#: Terminal output fits this many columns.
WIDTH = 100

__all__ = ["format_sheet"]


def format_sheet(sheet: ScoreSheet, *, symbols: bool = True, why: bool = True) -> str:
    """The sheet as text for a terminal: settings, the running table, the end and the standings."""
    view = sheet.view(symbols)
    out = [sheet.title, ""]
    out.append(_fill(f"Rules: {sheet.rules.name} — "
                     + "; ".join(f"{k.lower()} {v}" for k, v in sheet.settings()), "", "  "))
    changes = view["changed"]
    if changes:
        out.append(_fill("Recalculated with " + "; ".join(changes), "", "  "))
    out.append("")
    shorts = [p.short for p in sheet.parties]
    rows = view["rows"]
    cw = max([len("Contract"), *(len(r["contract"]) for r in rows)])
    rw = max([len("Result"), *(len(r["result"]) for r in rows)])
    nw = max(6, *(len(s) + 1 for s in shorts))
    head = f"{'Hand':>4}  {'Contract':<{cw}}  {'Result':<{rw}}"
    def columns(values: list[str]) -> str:
        return "".join(f"{v:>{nw}}" for v in values)

    out.append(head + columns(shorts) + "   " + columns(shorts))
    width = nw * len(shorts)
    out.append(" " * (4 + 2 + cw + 2 + rw) + f"{'points':>{width}}   {'totals':>{width}}")
    for r in rows:
        line = f"{r['hand']:>4}  {r['contract']:<{cw}}  {r['result']:<{rw}}"
        line += columns(r["points"]) + "   " + columns(r["totals"])
        out.append(line.rstrip())
        if r["remark"]:
            out.append(_fill(f"Note: {r['remark']}", " " * 6, " " * 12))
        if r["note"]:
            out.append(_fill(r["note"], " " * 6, " " * 6))
    out.append("")
    if why:
        out.append("Why:")
        for r in rows:
            if r["why"]:
                out.append(_fill(r["why"], f"{r['hand']:>4}. ", " " * 6))
        out.append("")
    out.append(_fill(sheet.status(), "", ""))
    standings = view["standings"]
    parts = []
    for s in standings:
        tag = ""
        if s["winner"]:
            tag = " — winner" if len(sheet.parties) == 3 else " — winners"
        elif s["loser"]:
            tag = " — out the back door"
        parts.append(f"{s['rank']}. {s['name']} {s['total']}{tag}")
    out.append(_fill(("Final standings: " if sheet.finished else "Standings: ") + "; ".join(parts), "",
                     "  "))
    return "\n".join(out) + "\n"


def _fill(text: str, first: str, rest: str) -> str:
    """``text`` wrapped to :data:`WIDTH` columns after ``first``, later lines after ``rest``."""
    return textwrap.fill(text, width=WIDTH, initial_indent=first, subsequent_indent=rest,
                         break_on_hyphens=False, break_long_words=False)
