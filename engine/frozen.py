"""``replace`` for the games' frozen, slotted states: ``dataclasses.replace`` with a third of its cost.

``dataclasses.replace`` rebuilds the object through ``__init__``, which for a frozen class sets every field
through ``object.__setattr__`` one keyword at a time; a Shadowscape state of 20 fields took 11 µs a copy, and a
decision makes about ten of them (`bench/shadowscape.py`). A frozen, slotted dataclass with no
``__post_init__`` has nothing for ``__init__`` to check, so copying its slots gives the same object: equal,
with the same hash. Any other class (one that validates in ``__post_init__``, a pydantic dataclass, one
without slots) goes through ``dataclasses.replace`` as before.

The copy is a function written once per class and set of changed names (as ``dataclasses`` writes
``__init__``): one line per slot, each calling the slot's own setter with the old value or the new one, with no
loop and no lookup of ``object.__setattr__``; for a 20-field state it takes half the time of a loop of
``getattr`` and ``object.__setattr__``. Writing it per set of names (a Good vs Bad state of 23 fields: 2.9 µs a
copy instead of 3.8 µs with the changes set in a loop afterwards) took a quarter off hard's thinking time with
the keyed generator's batched draws (docs/ai.md).
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
    copier = _copier(type(obj), tuple(changes))
    if copier is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    return copier(obj, changes)


@functools.cache
def _copier(cls: type, changed: tuple[str, ...]) -> Callable[[Any, dict[str, Any]], Any] | None:
    """The function copying ``cls`` with the fields ``changed`` (in the order a call names them) taken from the
    changes, or ``None`` when copying its slots is not all ``cls.__init__`` would do. Memoised per class and
    set of names: a class's definition does not change, and a game's code replaces a few dozen sets of fields,
    so each slot is set once, with no loop over the changes."""
    names = _slotted_fields(cls)
    if names is None:
        return None
    for name in changed:
        if name not in names:
            _unknown(cls, name)
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    scope.update({f"_set_{name}": inspect.getattr_static(cls, name).__set__ for name in names})
    lines = ["def copy(obj, changes):", "    new = _new(_cls)"]
    lines += [
        f"    _set_{name}(new, changes[{name!r}])" if name in changed else f"    _set_{name}(new, obj.{name})"
        for name in names
    ]
    lines.append("    return new")
    exec("\n".join(lines), scope)  # the source is built above from the class's own field names
    return scope["copy"]


@functools.cache
def _slotted_fields(cls: type) -> tuple[str, ...] | None:
    """The field names of ``cls`` when it is a frozen dataclass whose every field is a slot and which
    ``__init__`` does nothing more for than set them; else ``None``."""
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
    names = tuple(f.name for f in dataclasses.fields(cls))
    slots = [inspect.getattr_static(cls, name, None) for name in names]  # a base class's slots too
    if not all(isinstance(slot, types.MemberDescriptorType) for slot in slots):
        return None  # some field lives in an instance dictionary (an unslotted base class)
    return names


def _unknown(cls: type, name: str) -> None:
    raise TypeError(f"{cls.__name__} has no field {name!r}")
