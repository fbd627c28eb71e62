"""``replace`` for the games' frozen, slotted states: ``dataclasses.replace`` with a third of its cost.

``dataclasses.replace`` rebuilds the object through ``__init__``, which for a frozen class sets every field
through ``object.__setattr__`` one keyword at a time; a Shadowscape state of 20 fields took 11 µs a copy, and a
decision makes about ten of them (`bench/shadowscape.py`). A frozen, slotted dataclass with no
``__post_init__`` has nothing for ``__init__`` to check, so copying its slots gives the same object: equal,
with the same hash. Any other class (one that validates in ``__post_init__``, a pydantic dataclass, one
without slots) goes through ``dataclasses.replace`` as before.

The copy is a function written once per class (as ``dataclasses`` writes ``__init__``): one line per slot,
each calling the slot's own setter, with no loop over names and no lookup of ``object.__setattr__``; for a
20-field state it takes half the time of a loop of ``getattr`` and ``object.__setattr__``.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import types
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the dataclass ``obj`` with ``changes``; unknown field names raise ``TypeError``."""
    copier = _copier(type(obj))
    if copier is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    return copier(obj, changes)


@functools.cache
def _copier(cls: type) -> Callable[[Any, dict[str, Any]], Any] | None:
    """The copying function of ``cls``, or ``None`` when copying its slots is not all ``cls.__init__`` would
    do. Memoised per class (a class's definition does not change)."""
    params = getattr(cls, "__dataclass_params__", None)
    plain = (
        params is not None
        and params.frozen
        and "__slots__" in cls.__dict__
        and not hasattr(cls, "__post_init__")
        and not hasattr(cls, "__pydantic_validator__")
        and all(f.init for f in dataclasses.fields(cls))
    )
    if not plain:
        return None
    names = [f.name for f in dataclasses.fields(cls)]
    slots = {name: inspect.getattr_static(cls, name, None) for name in names}  # a base class's slots too
    if not all(isinstance(slot, types.MemberDescriptorType) for slot in slots.values()):
        return None  # some field lives in an instance dictionary (an unslotted base class)
    setters = {name: slot.__set__ for name, slot in slots.items()}
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_setters": setters, "_unknown": _unknown}
    scope.update({f"_set_{name}": setter for name, setter in setters.items()})
    lines = ["def copy(obj, changes):", "    new = _new(_cls)"]
    lines += [f"    _set_{name}(new, obj.{name})" for name in names]
    lines += [
        "    for name, value in changes.items():",
        "        setter = _setters.get(name)",
        "        if setter is None:",
        "            _unknown(_cls, name)",
        "        setter(new, value)",
        "    return new",
    ]
    exec("\n".join(lines), scope)  # the source is built above from the class's own field names
    return scope["copy"]


def _unknown(cls: type, name: str) -> None:
    raise TypeError(f"{cls.__name__} has no field {name!r}")
