"""JSON round-trip for the engine's immutable values.

States, views, actions and log entries are frozen dataclasses built from a few shapes: ints, strings,
booleans, floats, ``None``, enums, tuples, frozensets, string- or int-keyed dicts, nested dataclasses and
pydantic models. One codec driven by the type hints serves every game, so a new game gets storage and replay
for free and cannot drift from its own types.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from typing import Any, TypeVar

from pydantic import BaseModel

from .errors import IncompatibleState

T = TypeVar("T")


def to_json(value: Any) -> Any:
    """Turn an engine value into plain JSON data (dicts, lists, numbers, strings, booleans, null)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value.value if isinstance(value, enum.Enum) else value
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value):
        return {f.name: to_json(getattr(value, f.name)) for f in _fields(type(value))}
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, tuple | list):
        return [to_json(item) for item in value]
    if isinstance(value, frozenset | set):
        return sorted((to_json(item) for item in value), key=repr)
    if isinstance(value, dict):
        return {str(key): to_json(item) for key, item in value.items()}
    raise TypeError(f"cannot encode {type(value).__name__}")


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
    errors = []
    for arg in args:
        if arg is type(None):
            continue
        try:
            return _decode(arg, data)
        except (KeyError, TypeError, ValueError) as exc:
            errors.append(exc)
    raise ValueError(f"no member of the union fits: {errors}")


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
def _fields(tp: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(tp) if f.init)


@functools.cache
def _hints(tp: type) -> dict[str, Any]:
    return typing.get_type_hints(tp)
