"""The static site: golden tree, determinism, escaping, bad input, where it writes, templates."""

from __future__ import annotations

import difflib
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

import html5lib
import pytest

from tutor.cli import main
from tutor.engine.hand import RulesSpec
from tutor.engine.randomdeal import random_hand
from tutor.files import handfile
from tutor.teach.asking import asked_in, choice_orders
from tutor.views.site.export import MANIFEST, ExportError, Page, Site

HERE = Path(__file__).parent
HANDS = HERE / "export_hands"
MATCHES = HERE / "export_matches"
GOLDEN = HERE / "golden" / "export"
ROOT = HERE.parent
#: Set to 1 to rewrite the stored tree from the current templates. Read `git diff tests/golden` first.
REGENERATE = "TUTOR_REGENERATE_GOLDEN"


def build(out: Path, *sources: Path, **kw: object) -> Site:
    site = Site(list(sources) or [HANDS], out, **kw)  # type: ignore[arg-type]
    report = site.build()
    assert report.ok, [str(p) for p in report.problems]
    return site


def tree(root: Path, manifest: bool = True) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and (manifest or p.name != MANIFEST)}


def parse(path: Path) -> object:
    return html5lib.parse(path.read_bytes(), namespaceHTMLElements=False)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build(out, matches=[MATCHES], embed=True)
    return out


# the golden tree ------------------------------------------------------------------------------


def test_golden_tree(site: Path) -> None:
    """Every file of the built site equals the stored one; a difference fails with a unified diff.

    The manifest is left out: it is a hash of each of the other files (checked on its own below),
    so it would change with every page and say nothing a reviewer could read.
    """
    got = tree(site, manifest=False)
    if os.environ.get(REGENERATE) == "1":
        shutil.rmtree(GOLDEN, ignore_errors=True)
        for name, data in got.items():
            (GOLDEN / name).parent.mkdir(parents=True, exist_ok=True)
            (GOLDEN / name).write_bytes(data)
        pytest.skip(f"golden tree rewritten in {GOLDEN}: review `git diff tests/golden` before committing")
    want = tree(GOLDEN, manifest=False)
    problems: list[str] = []
    for name in sorted(set(got) | set(want)):
        if name not in got:
            problems.append(f"missing from the build: {name}")
        elif name not in want:
            problems.append(f"not in the golden tree: {name}")
        elif got[name] != want[name]:
            diff = difflib.unified_diff(
                want[name].decode().splitlines(), got[name].decode().splitlines(),
                f"golden/{name}", f"built/{name}", lineterm="",
            )
            problems.append("\n".join(diff))
    assert not problems, (
        "\n".join(problems) + f"\n\nIf the change is intended, rerun with {REGENERATE}=1 and review the diff."
    )


def test_golden_tree_is_not_empty() -> None:
    names = set(tree(GOLDEN))
    assert {"index.html", "tutor.css", "quiz.js", "viewer.js", "viewer.css", "widget.css"} <= names
    assert len([n for n in names if n.startswith("lessons/")]) == len(list(HANDS.glob("*.yaml")))
    assert len([n for n in names if n.startswith("embed/")]) == len(list(HANDS.glob("*.yaml")))


def test_building_twice_gives_identical_bytes(site: Path, tmp_path: Path) -> None:
    build(tmp_path / "a", matches=[MATCHES], embed=True)
    build(tmp_path / "a", matches=[MATCHES], embed=True)  # again, over itself
    build(tmp_path / "b", matches=[MATCHES], embed=True)
    assert tree(tmp_path / "a") == tree(tmp_path / "b") == tree(site)


# what the pages say --------------------------------------------------------------------------


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_every_page_parses_without_errors_in_a_strict_parser(site: Path) -> None:
    parser = html5lib.HTMLParser(strict=True)
    for page in pages(site):
        parser.parse(page.read_bytes())  # raises on the first parse error


def test_every_link_resolves(site: Path) -> None:
    ids: dict[Path, set[str]] = {}
    for page in pages(site):
        ids[page] = {e.get("id") for e in parse(page).iter() if e.get("id")}  # type: ignore[attr-defined]
    checked = 0
    for page in pages(site):
        for e in parse(page).iter():  # type: ignore[attr-defined]
            ref = e.get("href") or e.get("src")
            if ref is None or ref.startswith("data:"):
                continue
            parts = urlsplit(ref)
            assert not parts.scheme and not parts.netloc, f"{page.name}: outside link {ref}"
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            assert target.is_file(), f"{page.relative_to(site)}: {ref} does not exist"
            assert target.is_relative_to(site.resolve())
            if parts.fragment:
                assert parts.fragment in ids[target], f"{page.relative_to(site)}: no #{parts.fragment}"
            checked += 1
    assert checked > 100


def text_of(element: object) -> str:
    return "".join(element.itertext())  # type: ignore[attr-defined]


def test_notes_and_titles_with_markup_characters_come_out_as_text(site: Path) -> None:
    hand = handfile.load(HANDS / "01-no-trumps-notes.yaml")
    page = site / "lessons" / "01-no-trumps-notes.html"
    doc = parse(page)
    assert text_of(doc.find(".//h1")) == hand.title  # type: ignore[attr-defined]
    notes = [" ".join(text_of(p).split()) for n in by_class(doc, "div", "note") for p in n.iter("p")]  # type: ignore[attr-defined]
    assert hand.notes["auction"] in notes
    assert hand.notes["3"] in notes
    scripts = [(s.get("src"), s.get("type")) for s in doc.iter("script")]  # type: ignore[attr-defined]
    assert scripts == [(None, "application/json"), ("../viewer.js", None), ("../quiz.js", None)]
    assert not list(doc.iter("b")) and not list(doc.iter("em"))  # type: ignore[attr-defined]
    raw = page.read_text("utf-8")
    assert "&lt;script&gt;alert(" in raw and "<script>alert" not in raw
    index = (site / "index.html").read_text("utf-8")
    assert "&lt;b&gt;not&lt;/b&gt;" in index and "Q&amp;A &lt;tag&gt;" in index


def test_all_note_keys_are_shown(site: Path) -> None:
    hand = handfile.load(HANDS / "01-no-trumps-notes.yaml")
    text = " ".join(text_of(parse(site / "lessons" / "01-no-trumps-notes.html")).split())
    for key in ("intro", "auction", "discard", "3", "3.2", "6.1", "outro"):
        for para in hand.notes[key].split("\n\n"):
            assert " ".join(para.split()) in text, key


def by_class(doc: object, tag: str, cls: str) -> list[object]:
    return [e for e in doc.iter(tag) if cls in (e.get("class") or "").split()]  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(p.stem for p in HANDS.glob("*.yaml")))
def test_lesson_page_shows_the_engines_rulings(site: Path, name: str) -> None:
    rp, problems = handfile.check(HANDS / f"{name}.yaml")
    assert rp is not None and not problems
    doc = parse(site / "lessons" / f"{name}.html")
    text = " ".join(text_of(doc).split())
    # the quiz answer of every trick asked is the engine's winner and ruling; the choices go
    # round the table from the place tutor.teach.asking chose (the trick's seats, rotated)
    quizzes = [q for q in doc.iter("div") if q.get("data-winner")]  # type: ignore[attr-defined]
    asked = [t for t in rp.tricks if t.winner and t.number in asked_in(rp)]
    assert [q.get("data-winner") for q in quizzes] == [t.winner.value for t in asked if t.winner]
    orders = choice_orders(rp)
    for quiz, trick in zip(quizzes, asked, strict=True):
        assert trick.ruling is not None
        answer = by_class(quiz, "details", "quiz-answer")[0]
        assert trick.ruling.text in " ".join(text_of(answer).split())
        choices = [b.get("data-key") for b in quiz.iter("button")]
        assert choices == [trick.seats[i].value for i in orders[trick.number]]
    # every step's ruling is on the page, word for word
    for step in rp.steps:
        if step.kind.value != "deal":
            assert step.ruling.text in text, step
    # the auction table's columns start left of the dealer
    heads = [text_of(th) for th in doc.find(".//table").iter("th")]  # type: ignore[attr-defined]
    seat = rp.hand.dealer.next()
    assert heads == [seat.word, seat.next().word, seat.next().next().word, seat.next().next().next().word]
    # the deal: every card of every hand, with words for screen readers
    deal = doc.find(".//*[@id='deal']")  # type: ignore[attr-defined]
    labels = [e.get("aria-label") for e in deal.iter("span") if e.get("role") == "img"]
    for cards in rp.hand.hands.values():
        for card in cards:
            assert card.words() in labels
    # the played cards are not marked before the answer is shown
    for li in by_class(doc, "li", "play-line"):
        assert not by_class(li, "span", "winner")


def test_partial_and_thrown_in_hands_say_so(site: Path) -> None:
    partial = " ".join(text_of(parse(site / "lessons" / "05-partial.html")).split())
    assert "the hand stops here" in partial and "a partial hand gets no score" in partial
    thrown = " ".join(text_of(parse(site / "lessons" / "06-thrown-in.html")).split())
    assert "thrown in" in thrown
    assert not by_class(parse(site / "lessons" / "06-thrown-in.html"), "div", "quiz")


def test_index_topics_and_previous_next(site: Path) -> None:
    index = parse(site / "index.html")
    items = by_class(index, "li", "lesson-item")
    assert len(items) == 6
    first = " ".join(text_of(items[0]).split())
    assert "eight no-trumps by East" in first and "8NT" not in first
    assert "set, East–West −320" in first and "no-trumps" in first
    assert "Eight no-trumps with the joker" in first
    misere = " ".join(text_of(parse(site / "topics" / "misere.html")).split())
    assert "A misère: partner sits out" in misere and "Open misère" in misere
    assert "No-trumps &" not in misere
    lesson = parse(site / "lessons" / "02-misere.html")
    prev = [a.get("href") for a in lesson.iter("a") if a.get("rel") == "prev"]  # type: ignore[attr-defined]
    nxt = [a.get("href") for a in lesson.iter("a") if a.get("rel") == "next"]  # type: ignore[attr-defined]
    assert set(prev) == {"../lessons/01-no-trumps-notes.html"}
    assert set(nxt) == {"../lessons/03-open-misere.html"}


def test_random_deals_export_cleanly(tmp_path: Path) -> None:
    """Seeded loop: any legal deal gives pages that parse strictly, with the engine's winners."""
    src = tmp_path / "hands"
    src.mkdir()
    for seed in range(12):
        handfile.dump(random_hand(seed, RulesSpec(["australian", "avondale", "american"][seed % 3]),
                                  tricks=10 - seed % 4), src / f"deal-{seed:02}.yaml")
    build(tmp_path / "out", src)
    parser = html5lib.HTMLParser(strict=True)
    for seed in range(12):
        page = tmp_path / "out" / "lessons" / f"deal-{seed:02}.html"
        parser.parse(page.read_bytes())
        rp, _ = handfile.check(src / f"deal-{seed:02}.yaml")
        assert rp is not None
        winners = [q.get("data-winner") for q in parse(page).iter("div") if q.get("data-winner")]  # type: ignore[attr-defined]
        assert winners == [t.winner.value for t in rp.tricks if t.winner and t.number in asked_in(rp)]


# bad input, and where the build writes ---------------------------------------------------------


BAD = """title: Bad
rules: avondale
dealer: N
hands:
  N: [10S, 6H, 7C, 7S, 8S, 9S, JD, JH, KC, QD]
  E: [10D, 10H, 5C, 6D, 7D, 8D, 9C, AH, KD, KS]
  S: [5D, 5H, 6S, 7H, 9H, AC, AS, JS, KH, QS]
  W: [10C, 4D, 4H, 5S, 8C, 8H, 9D, AD, QC, QH]
kitty: [Jo, 6C, JC]
auction: [8NT, pass, pass, pass]
discard: [10H, 6D, 10D]
play:
  - [9C, AC, 10C, 7C]
  - [5H, QH, 4H, AH]
"""


def test_invalid_file_is_reported_skipped_and_the_rest_is_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "hands"
    src.mkdir()
    shutil.copy(HANDS / "02-misere.yaml", src / "a-good.yaml")
    (src / "b-bad.yaml").write_text(BAD)  # trick 2: North plays 4H, which West holds
    (src / "c-broken.yaml").write_text("title: [unclosed\n")
    out = tmp_path / "site"
    assert main(["export", str(src), "-o", str(out)]) == 1
    err = capsys.readouterr().err.splitlines()
    _, expected = handfile.check(src / "b-bad.yaml")
    assert expected and all(str(p) in err for p in expected)
    assert any(line.startswith(f"{src / 'b-bad.yaml'}:14: ") for line in err)
    assert any(line.startswith(f"{src / 'c-broken.yaml'}:") for line in err)
    assert (out / "lessons" / "a-good.html").is_file()
    assert not (out / "lessons" / "b-bad.html").exists()
    assert err[-1].endswith(f"(1 lesson; 2 files skipped for the problems above: {src / 'b-bad.yaml'}, "
                           f"{src / 'c-broken.yaml'})")
    assert len(by_class(parse(out / "index.html"), "li", "lesson-item")) == 1


def test_a_missing_source_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", str(tmp_path / "nope.yaml"), "-o", str(tmp_path / "out"), "-q"]) == 2
    assert capsys.readouterr().err == (f"tutor export: {tmp_path / 'nope.yaml'}: no such file or folder; "
                                       f"nothing was written (give the hand files or their folder)\n")
    assert not (tmp_path / "out").exists()


def test_writes_only_inside_its_output_folder(tmp_path: Path) -> None:
    src = tmp_path / "hands"
    shutil.copytree(HANDS, src)
    (tmp_path / "elsewhere.txt").write_text("mine")
    before = tree(tmp_path)
    out = tmp_path / "site"
    build(out, src)
    after = tree(tmp_path)
    changed = {n for n in set(before) | set(after) if before.get(n) != after.get(n)}
    assert changed and all(n.startswith("site/") for n in changed)


def test_a_build_puts_the_cycle_collector_back_as_it_found_it(tmp_path: Path) -> None:
    # a build runs the collector less often (nearly all it allocates is kept until the pages
    # are written), and must leave the process's setting as it was, whether it ends well or not
    import gc

    before = gc.get_threshold()
    seen: list[tuple[int, ...]] = []
    site = Site([HANDS], tmp_path / "site")
    site._lessons = lambda *a, seen=seen, real=site._lessons: (  # type: ignore[method-assign]
        seen.append(gc.get_threshold()), real(*a))[1]
    site.build()
    assert seen and seen[0][0] >= 20_000 and seen[0][1:] == before[1:]
    assert gc.get_threshold() == before

    def broken(*_: object) -> None:
        raise RuntimeError("a bug half way through a build")

    failing = Site([HANDS], tmp_path / "other")
    failing._lessons = broken  # type: ignore[method-assign,assignment]
    with pytest.raises(RuntimeError):
        failing.build()
    assert gc.get_threshold() == before
    # a process that turned automatic collection off keeps it off through a build
    gc.set_threshold(0, *before[1:])
    try:
        seen.clear()
        site.build()
        assert seen and seen[0][0] == 0 and gc.get_threshold()[0] == 0
    finally:
        gc.set_threshold(*before)


def test_refuses_to_write_outside_its_output_folder(tmp_path: Path) -> None:
    out = tmp_path / "site"
    for path in ("../escape.html", "/tmp/escape.html", "a/../../escape.html"):
        site = Site([HANDS], out, extra_pages=[Page(path, "index.html", "x", {"lessons": [], "topics": []})])
        with pytest.raises(ExportError, match="outside the output folder"):
            site.build()
    assert not (tmp_path / "escape.html").exists()
    # a folder inside the output that is a link to somewhere else is outside too
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.rmtree(out / "lessons", ignore_errors=True)
    (out / "lessons").symlink_to(outside, target_is_directory=True)
    with pytest.raises(ExportError):
        Site([HANDS], out).build()
    assert list(outside.iterdir()) == []


def test_never_deletes_files_it_did_not_write(tmp_path: Path) -> None:
    src = tmp_path / "hands"
    shutil.copytree(HANDS, src)
    out = tmp_path / "site"
    (out / "lessons").mkdir(parents=True)
    (out / "README.txt").write_text("the teacher's own file")
    (out / "lessons" / "extra.html").write_text("<p>a page the teacher wrote</p>")
    (tmp_path / "outside.txt").write_text("keep me")
    build(out, src)
    # a lesson removed from the sources: its page (which the build wrote) goes, nothing else
    (src / "03-open-misere.yaml").unlink()
    tampered = "../outside.txt\nREADME.txt/../../outside.txt\n"  # never trusted to point outside
    (out / MANIFEST).write_text((out / MANIFEST).read_text() + tampered)
    report = Site([src], out).build()
    assert report.removed == ["lessons/03-open-misere.html", "topics/open-misere.html"]
    assert not (out / "lessons" / "03-open-misere.html").exists()
    assert (out / "README.txt").read_text() == "the teacher's own file"
    assert (out / "lessons" / "extra.html").is_file()
    assert (tmp_path / "outside.txt").read_text() == "keep me"
    assert "README.txt" not in (out / MANIFEST).read_text().split()


# templates -----------------------------------------------------------------------------------


def test_templates_override_by_name(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "_notes.html").write_text(
        '{% macro note(paras, label="") %}{% for p in paras %}<aside class="mine">{{ p }}</aside>'
        "{% endfor %}{% endmacro %}"
    )
    (mine / "tutor.css").write_text("body { color: teal; }\n")
    out = tmp_path / "site"
    assert main(["export", str(HANDS), "-o", str(out), "--templates", str(mine), "-q"]) == 0
    page = (out / "lessons" / "01-no-trumps-notes.html").read_text("utf-8")
    assert '<aside class="mine">North &amp; South pass; &lt;script&gt;' in page
    assert (out / "tutor.css").read_text() == "body { color: teal; }\n"
    assert (out / "quiz.js").read_bytes() == (ROOT / "templates" / "quiz.js").read_bytes()
    assert '<div class="deal"' in page  # the rest are the shipped templates


def test_a_missing_templates_folder_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", str(HANDS), "-o", str(tmp_path / "o"), "--templates", str(tmp_path / "no")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_extra_pages_hook_for_a_score_sheet(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "scoresheet.html").write_text(
        '{% extends "base.html" %}{% block main %}<h1>{{ page_title }}</h1>'
        "<p>{{ match }}</p>{% endblock %}"
    )
    out = tmp_path / "site"
    page = Page("scores/club-night.html", "scoresheet.html", "Club night", {"match": "NS 500 <EW>"})
    build(out, templates=mine, extra_pages=[page])
    html = (out / "scores" / "club-night.html").read_text("utf-8")
    assert "<p>NS 500 &lt;EW&gt;</p>" in html and 'href="../tutor.css"' in html
    assert 'href="scores/club-night.html">Club night</a>' in (out / "index.html").read_text("utf-8")
    assert "scores/club-night.html" in (out / MANIFEST).read_text().split()


def test_templates_ship_in_the_wheel_and_export_works_from_it(tmp_path: Path) -> None:
    """Build a wheel offline from a copy of the project, and export with only that wheel's tutor."""
    project = tmp_path / "project"
    project.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, project / name)
    for folder in ("tutor", "templates"):
        shutil.copytree(ROOT / folder, project / folder, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path / "dist"), str(project)],
        check=True, capture_output=True,
    )
    (wheel,) = (tmp_path / "dist").glob("tutor-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {f"tutor/templates/{p.name}" for p in (ROOT / "templates").iterdir() if p.is_file()}
    assert shipped <= names
    expected = {
        "tutor/templates/base.html",
        "tutor/templates/tutor.css",
        "tutor/engine/presets/avondale.toml",
    }
    assert expected <= names
    unpacked = tmp_path / "installed"
    zipfile.ZipFile(wheel).extractall(unpacked)
    out = tmp_path / "site"
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import tutor, tutor.views.shared.render as r; "
        "assert tutor.__file__.startswith(sys.argv[1]), tutor.__file__; "
        "assert str(r.templates_dir()).startswith(sys.argv[1]); "
        "from tutor.cli import main; "
        "sys.exit(main(['export', sys.argv[2], '-o', sys.argv[3], '-q', '--embed',"
        " '--matches', sys.argv[4]]))"
    )
    subprocess.run([sys.executable, "-c", code, str(unpacked), str(HANDS), str(out), str(MATCHES)],
                   check=True, cwd=tmp_path)
    assert tree(out, manifest=False) == tree(GOLDEN, manifest=False)


def test_an_output_path_that_is_a_file_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "site").write_text("not a folder")
    assert main(["export", str(HANDS), "-o", str(tmp_path / "site")]) == 2
    assert "is not a folder" in capsys.readouterr().err
    assert (tmp_path / "site").read_text() == "not a folder"


def test_match_files_become_score_sheet_pages(site: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.files.match import load
    from tutor.views.sheet.model import score_match

    sheet = score_match(load(MATCHES / "three-handed-american.yaml"))
    page = parse(site / "scores" / "three-handed-american.html")
    rows = [r for r in page.iter("tr") if r.get("data-hand")]  # type: ignore[attr-defined]
    assert len(rows) == len(sheet.rows)
    text = " ".join(text_of(page).split())
    assert all(str(abs(t)) in text for t in sheet.totals.values())  # shown with a true minus sign
    index = (site / "index.html").read_text("utf-8")
    assert 'href="scores/three-handed-american.html">Three-handed American game</a>' in index
    # a bad match file is reported with its line and skipped; the lessons are still built
    (tmp_path / "bad.yaml").write_text("title: x\nplayers: [A]\n")
    out = tmp_path / "out"
    assert main(["export", str(HANDS), "-o", str(out), "--matches", str(tmp_path / "bad.yaml")]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path / 'bad.yaml'}:" in err
    assert (out / "lessons" / "01-no-trumps-notes.html").is_file() and not (out / "scores").exists()
