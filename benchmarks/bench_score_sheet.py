"""How long scoring a long match takes, and rescoring it under changed settings.

Run: .venv/bin/python benchmarks/bench_score_sheet.py  (not part of the test suite)
"""

from __future__ import annotations

import random
import time

from tutor.files import match
from tutor.views.sheet.model import score_match


def long_match(hands: int, seed: int = 500) -> str:
    rng = random.Random(seed)
    lines = ["rules: {preset: australian, target: 1500, lose_at: -1500}", "hands:"]
    for _ in range(hands):
        bid = f"{rng.choice([6, 7])}{rng.choice(['S', 'C', 'D', 'H'])}"
        lines.append(f"  - {{bid: {bid}, by: {rng.choice(['NS', 'EW'])}, tricks: {rng.randrange(11)}}}")
    return "\n".join(lines) + "\n"


def main() -> None:
    text = long_match(2000)
    start = time.perf_counter()
    game = match.loads(text)
    loaded = time.perf_counter()
    for target in range(300, 1550, 50):
        score_match(game, {"target": target})
    done = time.perf_counter()
    print(f"load 2000 hands: {loaded - start:.3f}s; score under 25 targets: {done - loaded:.3f}s")


if __name__ == "__main__":
    main()
