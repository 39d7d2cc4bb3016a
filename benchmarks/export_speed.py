"""How fast `tutor export` is: 200 random deals, pages a second, and the time against `tutor check`.

    python benchmarks/export_speed.py [--deals 200] [--repeat 3]

Targets: at least 50 pages a second, and export no slower than 4x `tutor check` on the same files
(export checks every file too, then draws the pages). Both run in this process through the same
entry point as the command line; the best of ``--repeat`` runs is reported, in CPU time of this
process (steadier than wall-clock time on a shared machine; the files are small and cached).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
import time
from pathlib import Path

from tutor.cli import main
from tutor.engine.randomdeal import random_hand
from tutor.files.handfile import dump


def best_of(repeat: int, argv: list[str]) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            status = main(argv)
        times.append(time.process_time() - start)
        if status != 0:
            raise SystemExit(f"tutor {' '.join(argv)} exited {status}")
    return min(times)


def run(deals: int, repeat: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        hands = Path(tmp) / "hands"
        hands.mkdir()
        for seed in range(deals):
            dump(random_hand(seed), hands / f"deal-{seed:03}.yaml")
        out = Path(tmp) / "site"
        main(["check", str(hands), "-q"])  # warm the imports and caches for both
        check = best_of(repeat, ["check", str(hands), "-q"])
        export = best_of(repeat, ["export", str(hands), "-o", str(out), "-q"])
        pages = sum(1 for _ in out.rglob("*.html"))
    return {"deals": deals, "pages": pages, "check_s": check, "export_s": export,
            "pages_per_s": pages / export, "ratio": export / check}


def main_() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    r = run(args.deals, args.repeat)
    print(f"{r['deals']:.0f} random deals, {r['pages']:.0f} pages")
    print(f"tutor check:  {r['check_s']:.2f} s CPU")
    print(f"tutor export: {r['export_s']:.2f} s CPU = {r['pages_per_s']:.0f} pages/s (target >= 50)")
    print(f"export / check: {r['ratio']:.2f}x (target <= 4x)")
    ok = r["pages_per_s"] >= 50 and r["ratio"] <= 4
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main_())
