"""Place every lesson in hands/ on the learning path by its rule (tutor/teach/path.py).

Prints each lesson's number, stage and name in path order; with --write, rewrites the `level:`
and `order:` lines of the hand files to match (read the diff before committing):

    .venv/bin/python scripts/place_lessons.py [--write]

A file's `level:` is not read (it may name a stage that no longer exists); its `order:` keeps
lessons of one stage and kind in the order they had.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from tutor.files import handfile
from tutor.teach.path import Place, place

ROOT = Path(__file__).resolve().parent.parent
LEVEL = re.compile(r"^level: .*$", re.M)
ORDER = re.compile(r"^order: .*$", re.M)


def main(argv: list[str]) -> int:
    files = sorted((ROOT / "hands").glob("*.yaml"))
    texts = {p: p.read_text("utf-8") for p in files}
    found = []
    for p, text in texts.items():
        hand = handfile.loads(LEVEL.sub("level: start", text, count=1), str(p))
        found.append(Place(p.stem, hand.tags, hand.decision is not None, hand.order))
    for lesson in place(found):
        print(f"{lesson.order:>3}  {lesson.stage:<10} {lesson.name}")
        if "--write" in argv:
            p = ROOT / "hands" / f"{lesson.name}.yaml"
            text = texts[p]
            for pattern, line in ((LEVEL, f"level: {lesson.stage}"), (ORDER, f"order: {lesson.order}")):
                if pattern.search(text):
                    text = pattern.sub(line, text, count=1)
                else:  # after the title, where the lessons keep them
                    text = re.sub(r"^(title: .*\n)", rf"\1{line}\n", text, count=1, flags=re.M)
            p.write_text(text, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
