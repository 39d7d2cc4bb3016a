"""The score sheet as HTML: well-formed, escaped, and showing the same figures as the terminal."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import html5lib

from tutor.files import match
from tutor.views.sheet.html import render_score_sheet
from tutor.views.sheet.model import score_match

CARDZO = match.load(Path(__file__).parent.parent / "matches" / "cardzo-worked-example.yaml")
NS = "{http://www.w3.org/1999/xhtml}"


def parse(html: str) -> ET.Element:
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=True)
    fragment: ET.Element = parser.parseFragment(html)
    return fragment


def text(el: ET.Element) -> str:
    return "".join(el.itertext()).strip()


def test_the_table_holds_the_worked_example() -> None:
    root = parse(str(render_score_sheet(score_match(CARDZO))))
    rows = [r for r in root.iter(f"{NS}tr") if "hand-row" in r.get("class", "")]
    assert len(rows) == 4
    cells = [[text(c) for c in r] for r in rows]
    assert cells[0] == ["1", "N/S bid 7♦ (180)", "took 8 tricks — made", "+180", "+20", "180", "20"]
    assert [c[-2:] for c in cells] == [["180", "20"], ["210", "−280"], ["210", "−30"], ["630", "−30"]]
    status = next(p for p in root.iter(f"{NS}p") if p.get("class") == "score-status")
    assert text(status).startswith("Finished after hand 4.")
    winners = [li for li in root.iter(f"{NS}li") if li.get("class") == "winner"]
    assert [text(li) for li in winners] == ["North–South 630 — winners"]


def test_hands_after_the_end_are_marked_not_scored() -> None:
    root = parse(str(render_score_sheet(score_match(CARDZO, {"lose_at": -250}))))
    late = [r for r in root.iter(f"{NS}tr") if r.get("class") == "hand-row not-scored"]
    assert [r.get("data-hand") for r in late] == ["3", "4"]
    changed = next(ul for ul in root.iter(f"{NS}ul") if ul.get("class") == "score-changed")
    assert text(changed) == "Lose at minus: −250 (the file: −500)"


def test_names_are_escaped() -> None:
    m = match.loads('partnerships: {NS: "<b>Ann</b> & Bob", EW: Them}\nrules: australian\n'
                    'hands:\n  - {bid: 7S, by: NS, tricks: 7, note: "<script>x</script>"}\n')
    html = str(render_score_sheet(score_match(m)))
    assert "<b>" not in html and "<script>" not in html
    assert "&lt;b&gt;Ann&lt;/b&gt; &amp; Bob" in html
    parse(html)
