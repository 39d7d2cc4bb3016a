"""The exported site says contracts, topics and the viewer's step line in words (issue 29, the site).

A learner reads "eight no-trumps by South", not 8NT; "the joker in no-trumps", not the tag
``joker-in-no-trumps``; "following suit", not the ruling's kind ``follow-suit``. The words come
from one place each: Bid.words, the topic table (tutor.teach.topics), Kind.label.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tutor.engine.rulings import LABELS, TOPICS, Kind
from tutor.files.handfile import check
from tutor.teach.quiz import known_topics
from tutor.teach.topics import TOPIC_WORDS, topic_words
from tutor.views.shared.render import Pictures, environment
from tutor.views.site.export import Site
from tutor.views.site.viewer import viewer_data

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "hands"
#: A contract in notation: 8NT, 7♥, 10S, 9No (a number then a strain, not a word).
CODE = re.compile(r"\b\d{1,2}\s*(NT|No|[SHDC♠♥♦♣])(?!\w)")
#: The ruling kinds and topic tags that are names for code (with a dash), never words to show
#: ("no-trumps" is the word itself).
SLUGS = ({k.value for k in Kind if "-" in k.value} | {t for t in TOPIC_WORDS if "-" in t}) - {"no-trumps"}


def _doc_topics() -> list[str]:
    lines = (ROOT / "docs" / "topics.md").read_text("utf-8").splitlines()
    return [m.group(1) for line in lines if (m := re.match(r"^\| `([a-z-]+)` \|", line))]


class _Parts(HTMLParser):
    """A page's text in the parts that say a contract or a topic: each Contract <dd> (the <dd>
    after <dt>Contract</dt>), each tag link, the <title> and the <h1>."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: dict[str, list[str]] = {"contract": [], "tag": [], "title": [], "h1": []}
        self._open: list[tuple[str, str]] = []  # (element, part) being read
        self._dt = ""  # the text of the last <dt>

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        part = ("tag" if tag == "a" and "tag" in classes else
                "contract" if tag == "dd" and self._dt.strip() == "Contract" else
                "dt" if tag == "dt" else
                tag if tag in ("title", "h1") else None)
        if tag == "dt":
            self._dt = ""
        if part is not None:
            self._open.append((tag, part))
            if part != "dt":
                self.parts[part].append("")

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        if self._open:
            part = self._open[-1][1]
            if part == "dt":
                self._dt += data
            else:
                self.parts[part][-1] += data


def _parts(html: str) -> dict[str, list[str]]:
    parser = _Parts()
    parser.feed(html)
    parser.close()
    return {k: [" ".join(v.split()) for v in vs] for k, vs in parser.parts.items()}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("words-site")
    assert Site([HANDS], out).build().ok
    return out


def test_every_topic_has_its_words() -> None:
    """One phrase for every topic docs/topics.md lists and every topic a question can have."""
    topics = set(_doc_topics())
    assert topics, "docs/topics.md's table was read"
    assert topics | set(known_topics()) <= set(TOPIC_WORDS)
    assert set(TOPIC_WORDS) <= topics | set(known_topics()), "a phrase for a topic no one has"
    for tag, words in TOPIC_WORDS.items():
        assert words not in SLUGS and "-" not in words.replace("no-trumps", ""), (tag, words)


@pytest.mark.parametrize(("tag", "words"), [
    ("joker-in-no-trumps", "the joker in no-trumps"),
    ("follow-suit", "following suit"),
    ("misere", "misère"),
    ("west-seventh-street", "West Seventh Street"),
    ("my-own-tag", "my own tag"),  # an author's own tag: said with spaces
])
def test_topic_words(tag: str, words: str) -> None:
    assert topic_words(tag) == words


def test_contracts_and_tags_in_words_on_every_page(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    seen = {"contract": 0, "tag": 0}
    for page in pages:
        parts = _parts(page.read_text("utf-8"))
        where = page.relative_to(site)
        for part, texts in parts.items():
            for text in texts:
                assert not CODE.search(text), f"{where}: {part} in notation: {text!r}"
                assert not any(re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", text) for s in SLUGS), \
                    f"{where}: {part} says a name for code: {text!r}"
        for part in seen:
            seen[part] += len(parts[part])
        if page.parent.name == "topics":
            assert parts["h1"][0].removeprefix("Topic: ") in TOPIC_WORDS.values(), where
    assert seen["contract"] > 40 and seen["tag"] > 100, seen  # the parts were found
    index = _parts((site / "index.html").read_text("utf-8"))
    assert "eight no-trumps by South" in index["contract"]
    assert "the joker in no-trumps" in index["tag"]


@pytest.mark.parametrize("name", ["joker-led-in-no-trumps", "eight-hearts-set", "misere-partner-sits-out",
                                  "two-handed-table-cards"])
def test_viewer_data_says_each_step_and_contract_in_words(name: str) -> None:
    rp, problems = check(HANDS / f"{name}.yaml")
    assert rp is not None and not problems
    data = viewer_data(rp, Pictures(environment()))
    assert [s["label"] for s in data["steps"]] == [LABELS[s.ruling.kind] for s in rp.steps]
    assert all("kind" not in s for s in data["steps"]), "the slug is not sent to be shown"
    contracts = {h["contract"] for h in data["heads"]} - {None}
    assert contracts and not any(CODE.search(c) for c in contracts), contracts
    assert json.dumps(data["heads"]).count("contract_words") == 0


def test_every_kind_has_a_label_in_words() -> None:
    assert set(LABELS) == set(Kind) == set(TOPICS)
    for kind, label in LABELS.items():
        assert kind.value not in label or "-" not in kind.value, (kind, label)
