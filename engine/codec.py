"""JSON round-trip for the engine's immutable values.

States, views, actions and log entries are frozen dataclasses built from a few shapes: ints, strings,
booleans, floats, ``None``, enums, tuples, frozensets, string- or int-keyed dicts, nested dataclasses and
pydantic models. One codec driven by the type hints serves every game, so a new game gets storage and replay
for free and cannot drift from its own types.

Unions of dataclasses decode by shape: the member whose fields fit. Members with the same fields (a card
effect ``Heal(amount)`` beside ``Damage(amount)``) must say which they are: a class attribute ``json_tag``
makes its instances carry ``"$type": <tag>``, and a union decodes to the member of that tag. A union that two
untagged members would both fit is refused rather than guessed.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

from .errors import IncompatibleState

T = TypeVar("T")
TAG = "$type"  # the discriminator key; no field name can clash with it


PLAIN = frozenset({type(None), bool, int, float, str})  # exactly these types are JSON as they are


def to_json(value: Any) -> Any:
    """Turn an engine value into plain JSON data (dicts, lists, numbers, strings, booleans, null)."""
    kind = type(value)
    if kind in PLAIN:
        return value
    return _encoder(kind)(value)


@functools.cache
def _encoder(kind: type) -> Callable[[Any], Any]:
    """How to encode a value of exactly ``kind``, worked out once per type: states are encoded on every commit
    and views at every leak check, so the type tests are not repeated for each of their thousands of values."""
    if issubclass(kind, enum.Enum):
        return lambda value: value.value
    if dataclasses.is_dataclass(kind):
        names = tuple(f.name for f in _fields(kind))
        tag = getattr(kind, "json_tag", None)
        if tag:
            return lambda value: {TAG: tag, **{name: to_json(getattr(value, name)) for name in names}}
        return lambda value: {name: to_json(getattr(value, name)) for name in names}
    if issubclass(kind, BaseModel):
        return lambda value: value.model_dump(mode="json")
    if issubclass(kind, tuple | list):
        return lambda value: [to_json(item) for item in value]
    if issubclass(kind, frozenset | set):
        return lambda value: sorted((to_json(item) for item in value), key=repr)
    if issubclass(kind, dict):
        return lambda value: {str(key): to_json(item) for key, item in value.items()}
    if issubclass(kind, bool | int | float | str):  # a subclass of a plain type that is no enum
        return lambda value: value
    raise TypeError(f"cannot encode {kind.__name__}")


def from_json(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from ``to_json`` output; wrong shapes raise ``IncompatibleState``."""
    try:
        return _decode(tp, data)
    except (KeyError, TypeError, ValueError) as exc:
        raise IncompatibleState(f"stored data does not fit {getattr(tp, '__name__', tp)}: {exc}") from exc


def _decode(tp: Any, data: Any) -> Any:
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        return _decode_union(typing.get_args(tp), data)
    if origin is typing.Literal:
        if data not in typing.get_args(tp):
            raise ValueError(f"{data!r} is not one of {typing.get_args(tp)}")
        return data
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], item) for item in data)
        if len(args) != len(data):
            raise ValueError("tuple length differs")
        return tuple(_decode(arg, item) for arg, item in zip(args, data, strict=True))
    if origin is frozenset:
        (arg,) = typing.get_args(tp)
        return frozenset(_decode(arg, item) for item in data)
    if origin is dict:
        key_type, value_type = typing.get_args(tp)
        return {_decode_key(key_type, key): _decode(value_type, item) for key, item in data.items()}
    if tp is type(None):
        if data is not None:
            raise ValueError("expected null")
        return None
    if isinstance(tp, type):
        return _decode_class(tp, data)
    raise TypeError(f"cannot decode into {tp!r}")


def _decode_key(tp: Any, key: str) -> Any:
    """JSON object keys are always text; ``to_json`` wrote int keys (and int enums) as their decimal text."""
    if isinstance(tp, type) and issubclass(tp, int) and not issubclass(tp, bool):
        return _decode(tp, int(key))
    return _decode(tp, key)


def _decode_union(args: tuple[Any, ...], data: Any) -> Any:
    if data is None and type(None) in args:
        return None
    members = [arg for arg in args if arg is not type(None)]
    if isinstance(data, dict) and TAG in data:
        tagged = [arg for arg in members if getattr(arg, "json_tag", None) == data[TAG]]
        if len(tagged) != 1:
            raise ValueError(f"no member of the union is tagged {data[TAG]!r}")
        return _decode(tagged[0], data)
    fits, errors = [], []
    for arg in members:
        try:
            fits.append(_decode(arg, data))
        except (KeyError, TypeError, ValueError) as exc:
            errors.append(exc)
    if not fits:
        raise ValueError(f"no member of the union fits: {errors}")
    if len({type(value) for value in fits}) > 1 and all(dataclasses.is_dataclass(value) for value in fits):
        raise TypeError(f"ambiguous union: {sorted(type(v).__name__ for v in fits)} all fit; give them a json_tag")
    return fits[0]


def _decode_class(tp: type, data: Any) -> Any:
    if issubclass(tp, enum.Enum):
        return tp(data)
    if tp is bool:
        if not isinstance(data, bool):
            raise ValueError("expected a boolean")
        return data
    if tp in (int, str):
        if not isinstance(data, tp) or isinstance(data, bool):
            raise ValueError(f"expected {tp.__name__}")
        return data
    if tp is float:
        return float(data)
    if dataclasses.is_dataclass(tp):
        tag = getattr(tp, "json_tag", None)
        if isinstance(data, dict) and TAG in data and data[TAG] != tag:
            raise ValueError(f"stored {data[TAG]!r}, expected {tp.__name__}")
        hints = _hints(tp)
        return tp(**{f.name: _decode(hints[f.name], data[f.name]) for f in _fields(tp) if _present(f, data)})
    if issubclass(tp, BaseModel):
        return tp.model_validate(data)
    raise TypeError(f"cannot decode into {tp.__name__}")


def _present(f: dataclasses.Field[Any], data: Any) -> bool:
    """Whether ``data`` holds field ``f``; a field added later with a default may be missing from data stored
    before it existed, and takes its default (any other missing field is an error)."""
    if f.name in data:
        return True
    if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
        raise KeyError(f.name)
    return False


@functools.cache
@functools.cache
def _fields(tp: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(tp) if f.init)


@functools.cache
def _hints(tp: type) -> dict[str, Any]:
    return typing.get_type_hints(tp)
