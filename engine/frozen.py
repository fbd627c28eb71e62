"""``replace`` for the games' frozen, slotted states: ``dataclasses.replace`` with a third of its cost.

``dataclasses.replace`` rebuilds the object through ``__init__``, which for a frozen class sets every field
through ``object.__setattr__`` one keyword at a time; a Shadowscape state of 20 fields took 11 µs a copy, and a
decision makes about ten of them (`bench/shadowscape.py`). A frozen, slotted dataclass with no
``__post_init__`` has nothing for ``__init__`` to check, so copying its slots gives the same object: equal,
with the same hash. Any other class (one that validates in ``__post_init__``, a pydantic dataclass, one
without slots) goes through ``dataclasses.replace`` as before.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, TypeVar

T = TypeVar("T")


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the dataclass ``obj`` with ``changes``; unknown field names raise ``TypeError``."""
    cls = type(obj)
    names = _copied_fields(cls)
    if names is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    new = object.__new__(cls)
    assign = object.__setattr__
    for name in names:
        assign(new, name, getattr(obj, name))
    for name, value in changes.items():
        if name not in names:
            raise TypeError(f"{cls.__name__} has no field {name!r}")
        assign(new, name, value)
    return new


@functools.cache
def _copied_fields(cls: type) -> tuple[str, ...] | None:
    """The fields to copy when copying them is all ``cls.__init__`` would do, else ``None``. Memoised per class
    (a class's definition does not change), so a copy pays for the check once."""
    params = getattr(cls, "__dataclass_params__", None)
    plain = (
        params is not None
        and params.frozen
        and "__slots__" in cls.__dict__
        and not hasattr(cls, "__post_init__")
        and not hasattr(cls, "__pydantic_validator__")
        and all(f.init for f in dataclasses.fields(cls))
    )
    return tuple(f.name for f in dataclasses.fields(cls)) if plain else None
