"""quick_init: the replay's frozen values made faster, and still made exactly as before."""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import FrozenInstanceError, dataclass, field

import pytest

from tutor.engine.frozen import quick_init
from tutor.engine.rulings import Kind, Ruling
from tutor.engine.seats import Seat
from tutor.engine.steps import Step, StepKind, TrickRecord


def _generated(cls: type) -> type:
    """The same fields made into a frozen dataclass the ordinary way."""
    fields = [(f.name, f.type, field(default=f.default)) if f.default is not dataclasses.MISSING
              else (f.name, f.type) for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(cls.__name__, fields, frozen=True)


RULING = Ruling(Kind.LEAD, "North leads.", (Seat.N,))

CASES = [
    (Ruling, (Kind.LEAD, "North leads."), {"seats": (Seat.N,)}),
    (Step, (StepKind.CARD, RULING, Seat.N, 1, 1), {"note_key": "1.1"}),
    (TrickRecord, (1, Seat.N, (Seat.N, Seat.E), (), ()), {"winner": Seat.E, "powerless": (0,)}),
]


@pytest.mark.parametrize(("cls", "args", "kwargs"), CASES)
def test_the_quick_init_takes_what_the_generated_one_takes(cls: type, args: tuple[object, ...],
                                                           kwargs: dict[str, object]) -> None:
    plain = _generated(cls)
    assert list(inspect.signature(cls).parameters.values()) == list(
        inspect.signature(plain).parameters.values())
    made, reference = cls(*args, **kwargs), plain(*args, **kwargs)
    assert vars(made) == vars(reference)
    names = [f.name for f in dataclasses.fields(cls)]
    assert cls(**dict(zip(names, args, strict=False)), **kwargs) == made
    assert hash(made) == hash(cls(*args, **kwargs))
    with pytest.raises(FrozenInstanceError):
        made.__setattr__(names[0], None)
    required = sum(f.default is dataclasses.MISSING for f in dataclasses.fields(cls))
    with pytest.raises(TypeError):
        cls(*args[:required - 1])  # a field without a default is still required
    with pytest.raises(TypeError):
        cls(*args, no_such_field=1)


@dataclass
class _NotFrozen:
    a: int


@dataclass(frozen=True, slots=True)
class _Slotted:
    a: int


@dataclass(frozen=True)
class _Factory:
    a: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class _KeywordOnly:
    a: int = field(kw_only=True)


@dataclass(frozen=True)
class _PostInit:
    a: int

    def __post_init__(self) -> None:
        pass


@pytest.mark.parametrize("cls", [_NotFrozen, _Slotted, _Factory, _KeywordOnly, _PostInit, int])
def test_quick_init_refuses_what_it_cannot_make_alike(cls: type) -> None:
    with pytest.raises(TypeError, match="quick_init"):
        quick_init(cls)
