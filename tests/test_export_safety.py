"""Export loses none of the user's files: it refuses, reports and locks (issue 11, "Files lost")."""

from __future__ import annotations

import errno
import fcntl
import os
import shutil
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.views.site import outfolder
from tutor.views.site.export import MANIFEST, BuildReport, ExportError, Site

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "tests" / "export_hands"


def files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def src(tmp_path: Path) -> Path:
    copy = tmp_path / "hands"
    shutil.copytree(HANDS, copy)
    return copy


@pytest.mark.parametrize("mine", ["index.html", "tutor.css", "topics/misere.html", "lessons/02-misere.html"])
def test_a_file_tutor_did_not_write_is_refused_and_nothing_is_written(
    src: Path, tmp_path: Path, mine: str
) -> None:
    out = tmp_path / "site"
    (out / mine).parent.mkdir(parents=True, exist_ok=True)
    (out / mine).write_text("the teacher's own page")
    with pytest.raises(ExportError) as err:
        Site([src], out).build()
    assert f"holds files that tutor did not write (or that changed since it wrote them): {mine}." \
        in str(err.value)
    assert "Nothing was written" in str(err.value) and "--force" in str(err.value)
    assert files(out) == {mine: b"the teacher's own page"}
    Site([src], out).build(force=True)
    assert (out / mine).read_bytes() != b"the teacher's own page"


def test_a_page_edited_since_it_was_written_is_neither_replaced_nor_deleted(
    src: Path, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    Site([src], out).build()
    page = out / "lessons" / "02-misere.html"
    page.write_text("my notes on this lesson")
    with pytest.raises(ExportError, match=r"02-misere\.html"):
        Site([src], out).build()
    (src / "02-misere.yaml").unlink()  # the page leaves the site: kept, since it changed
    report = Site([src], out).build()
    assert page.read_text() == "my notes on this lesson"
    assert report.kept == ["lessons/02-misere.html"]
    assert "lessons/02-misere.html" not in report.removed


def test_a_manifest_without_hashes_proves_nothing(src: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    out.mkdir()
    (out / "README.txt").write_text("mine")
    (out / MANIFEST).write_text("README.txt\nindex.html\n")  # an old or forged list
    report = Site([src], out).build()
    assert (out / "README.txt").read_text() == "mine" and report.removed == []
    assert report.kept == ["README.txt"]


def test_a_missing_source_writes_nothing(
    src: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "site"
    assert main(["export", str(src), "-o", str(out), "-q"]) == 0
    before = files(out)
    for typo in (str(tmp_path / "hnads"), str(tmp_path / "nope") + "/"):
        assert main(["export", typo, "-o", str(out)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("tutor export: ") and "no such file or folder; nothing was written" in err
    (tmp_path / "empty").mkdir()
    assert main(["export", str(tmp_path / "empty"), "-o", str(out)]) == 2
    assert "the folder has no hand files (*.yaml); nothing was written" in capsys.readouterr().err
    assert main(["export", str(src), "-o", str(out), "--matches", str(tmp_path / "nope.yaml")]) == 2
    assert files(out) == before


def test_a_folder_of_only_bad_files_writes_nothing_and_says_0_pages(
    src: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "site"
    assert main(["export", str(src), "-o", str(out), "-q"]) == 0
    before = files(out)
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "broken.yaml").write_text("title: [unclosed\n")
    assert main(["export", str(bad), "-o", str(out)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"{bad / 'broken.yaml'}:")
    assert err[1:] == [f"0 pages written to {out}: no hand file could be read (1 file skipped for the "
                       f"problems above: {bad / 'broken.yaml'}), so the folder was left as it was"]
    assert files(out) == before  # the lessons already there are not removed


@pytest.mark.parametrize(("good", "bad", "summary"), [
    (1, 0, "{pages} pages written to {out} (1 lesson; no file skipped)"),
    (2, 1, "{pages} pages written to {out} (2 lessons; 1 file skipped for the problems above: {bad0})"),
    (1, 2, "{pages} pages written to {out} (1 lesson; 2 files skipped for the problems above: {bad0}, "
           "{bad1})"),
])
def test_the_summary_counts_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], good: int, bad: int, summary: str
) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    for lesson in sorted(HANDS.glob("*.yaml"))[:good]:
        shutil.copy(lesson, folder / lesson.name)
    for i in range(bad):
        (folder / f"zz-bad-{i}.yaml").write_text("title: [unclosed\n")
    out = tmp_path / "site"
    assert main(["export", str(folder), "-o", str(out)]) == (1 if bad else 0)
    pages = sum(1 for name in files(out) if name.endswith(".html"))
    assert capsys.readouterr().err.splitlines()[-1] == summary.format(
        pages=pages, out=out, bad0=folder / "zz-bad-0.yaml", bad1=folder / "zz-bad-1.yaml")


@pytest.mark.parametrize(("written", "lessons", "skipped", "summary"), [
    ([], 0, ["a.yaml"], "0 pages written to site: no hand file could be read (1 file skipped for the "
                        "problems above: a.yaml), so the folder was left as it was"),
    (["index.html", "tutor.css"], 0, [], "1 page written to site (0 lessons; no file skipped)"),
    (["index.html", "lessons/a.html", "tutor.css"], 1, ["b.yaml", "c.yaml"],
     "2 pages written to site (1 lesson; 2 files skipped for the problems above: b.yaml, c.yaml)"),
])
def test_the_summary_says_0_pages_1_page_n_pages(
    written: list[str], lessons: int, skipped: list[str], summary: str
) -> None:
    report = BuildReport(written=written, lessons=lessons, skipped_files=skipped)
    assert report.summary("site") == summary


def test_a_hard_link_in_the_output_is_never_written_through(src: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    Site([src], out).build()
    elsewhere = tmp_path / "elsewhere.html"
    os.link(out / "index.html", elsewhere)
    kept = elsewhere.read_bytes()
    (src / "02-misere.yaml").unlink()  # the index changes
    Site([src], out).build()
    assert elsewhere.read_bytes() == kept
    assert (out / "index.html").read_bytes() != kept


def test_removed_pages_are_listed(src: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "site"
    assert main(["export", str(src), "-o", str(out), "-q"]) == 0
    (src / "03-open-misere.yaml").unlink()
    assert main(["export", str(src), "-o", str(out), "-q"]) == 0
    assert capsys.readouterr().err.splitlines() == [
        f"removed {out}/lessons/03-open-misere.html (no longer part of the site)",
        f"removed {out}/topics/open-misere.html (no longer part of the site)",
    ]


def test_the_manifest_holds_a_hash_of_each_file_written(src: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    report = Site([src], out).build()
    lines = (out / MANIFEST).read_text().splitlines()
    assert [line.split("  ", 1)[1] for line in lines] == sorted(report.written)
    for line in lines:
        digest, name = line.split("  ", 1)
        assert outfolder.digest((out / name).read_bytes()) == digest


def test_a_second_export_into_a_locked_folder_is_refused(src: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    out.mkdir()
    fd = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as a build in another process holds it
        with pytest.raises(ExportError, match=r"another tutor export is writing to .* now"):
            Site([src], out).build()
    finally:
        os.close(fd)
    assert files(out) == {}
    Site([src], out).build()


@pytest.mark.parametrize(("make", "words"), [
    (lambda out: (out / "index.html").mkdir(parents=True), "index.html (a folder where tutor writes a page)"),
    (lambda out: (out.mkdir(), (out / "lessons").write_text("x")),
     "lessons (a file where tutor needs a folder)"),
])
def test_something_in_the_way_is_named(src: Path, tmp_path: Path, make: object, words: str) -> None:
    out = tmp_path / "site"
    make(out)  # type: ignore[operator]
    with pytest.raises(ExportError, match="in the way") as err:
        Site([src], out).build(force=True)
    assert words in str(err.value)


@pytest.mark.parametrize(("code", "words"), [
    (errno.EACCES, "permission denied (choose another folder with -o)"),
    (errno.ENOSPC, "the disk is full"),
    (errno.ENAMETOOLONG, "a file name is too long"),
])
def test_a_folder_that_cannot_be_written_is_one_line(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    code: int, words: str,
) -> None:
    def refuse(target: Path, data: bytes) -> None:
        raise OSError(code, os.strerror(code), str(target))

    monkeypatch.setattr(outfolder, "_write", refuse)
    assert main(["export", str(src), "-o", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tutor export: cannot write") and words in err and err.count("\n") == 1


def test_a_build_cut_short_is_finished_by_the_next(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "site"
    Site([src], out).build()
    (src / "02-misere.yaml").unlink()  # every index and topic page changes
    real = outfolder._write
    calls = 0

    def cut(target: Path, data: bytes) -> None:
        nonlocal calls
        calls += 1
        if calls == 4:  # the manifest, then two pages, then Ctrl-C
            raise KeyboardInterrupt
        real(target, data)

    monkeypatch.setattr(outfolder, "_write", cut)
    with pytest.raises(KeyboardInterrupt):
        Site([src], out).build()
    monkeypatch.setattr(outfolder, "_write", real)
    report = Site([src], out).build()  # no --force needed: the half-written pages are tutor's
    assert "lessons/02-misere.html" in report.removed
    assert not any(p.name.endswith(".tutor-tmp") for p in out.rglob("*"))
