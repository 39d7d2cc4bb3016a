"""Type stubs for the compiled double-dummy core (tutor/solve/_core.c)."""

from collections.abc import Sequence

class Solver:
    """A double-dummy search with its own transposition table."""

    def __init__(self, size_log2: int = 15) -> None: ...
    def value(
        self,
        n: int,
        team_mask: int,
        minimise: int,
        trumps: int,
        flags: int,
        cats: bytes,
        levels: Sequence[int],
        hands: Sequence[int],
        voids: Sequence[int],
        leader: int,
        trick: Sequence[tuple[int, int, int]],
        guess: int = -1,
        /,
    ) -> int: ...
    def at_least(
        self,
        n: int,
        team_mask: int,
        minimise: int,
        trumps: int,
        flags: int,
        cats: bytes,
        levels: Sequence[int],
        hands: Sequence[int],
        voids: Sequence[int],
        leader: int,
        trick: Sequence[tuple[int, int, int]],
        target: int,
        budget: int = 0,
        /,
    ) -> bool | None: ...
    def options(
        self,
        n: int,
        team_mask: int,
        minimise: int,
        trumps: int,
        flags: int,
        cats: bytes,
        levels: Sequence[int],
        hands: Sequence[int],
        voids: Sequence[int],
        leader: int,
        trick: Sequence[tuple[int, int, int]],
        guess: int = -1,
        /,
    ) -> list[tuple[int, int, int, int]]: ...
    def options_batch(
        self,
        n: int,
        team_mask: int,
        minimise: int,
        trumps: int,
        flags: int,
        cats: bytes,
        levels: Sequence[int],
        layouts: Sequence[Sequence[int]],
        voids: Sequence[int],
        leader: int,
        trick: Sequence[tuple[int, int, int]],
        guess: int = -1,
        weights: Sequence[float] | None = None,
        margin: float = -1.0,
        keep: Sequence[int] | None = None,
        cap: int = -1,
        /,
    ) -> list[list[tuple[int, int, int, int]]]: ...
    @property
    def nodes(self) -> int: ...
