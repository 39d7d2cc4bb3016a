"""A quicker ``__init__`` for the frozen dataclasses a replay makes by the thousand.

A frozen dataclass sets each field through ``object.__setattr__``, one call a field, which
makes an eleven-field value cost about four times a plain one; ``tutor check`` makes a
:class:`~tutor.engine.steps.Step`, a :class:`~tutor.engine.rulings.Ruling` and a
:class:`~tutor.engine.steps.TrickRecord` for every card it reads. :func:`quick_init` gives such a
class an ``__init__`` with the same signature that fills the instance's ``__dict__`` in one
call; the class stays frozen (assigning a field still raises), equal, hashed and printed as
before.
"""

from __future__ import annotations

import dataclasses
import types
from typing import TypeVar

__all__ = ["quick_init"]

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Replace a frozen dataclass's generated ``__init__`` with one that sets every field at once.

    Only for the plain case, which it checks: frozen, not slotted, no ``__post_init__``, every
    field in ``__init__``, positional or keyword, with no default factory.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"quick_init is for plain frozen dataclasses, not {cls.__name__}")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    defaults: dict[str, object] = {}
    args: list[str] = []
    for f in fields:
        if not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"quick_init cannot make {cls.__name__}.{f.name}")
        if f.default is dataclasses.MISSING:
            args.append(f.name)
        else:
            defaults[f"_default_{f.name}"] = f.default
            args.append(f"{f.name}=_default_{f.name}")
    values = ", ".join(f"{f.name}={f.name}" for f in fields)
    source = f"def __init__(self, {', '.join(args)}):\n    self.__dict__.update({values})\n"
    namespace: dict[str, object] = dict(defaults)
    exec(source, namespace)  # as dataclasses itself makes __init__; the text is the field names
    init = namespace["__init__"]
    assert isinstance(init, types.FunctionType)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    init.__annotations__ = {**{f.name: f.type for f in fields}, "return": None}
    setattr(cls, "__init__", init)  # noqa: B010 - mypy refuses to assign a method
    return cls
