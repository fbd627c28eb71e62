"""``engine.frozen.replace``: the same copies as ``dataclasses.replace``, checks included, at a third of the cost."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest

from engine.frozen import replace


@dataclass(frozen=True, slots=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Checked:
    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("a must not be negative")


@dataclass(frozen=True)
class Unslotted:
    a: int


def test_a_copy_equals_and_hashes_as_the_dataclasses_copy() -> None:
    old = Plain(1, (2, 3))
    new = replace(old, b=(4,))
    assert new == dataclasses.replace(old, b=(4,)) == Plain(1, (4,))
    assert hash(new) == hash(Plain(1, (4,))) and old == Plain(1, (2, 3)), "the original is untouched"
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.a = 5  # type: ignore[misc]


def test_every_set_of_changed_fields_copies_the_others_untouched() -> None:
    """The copier is written per class and set of changed names: none, one, and all of them, in either order."""
    old = Plain(1, (2, 3))
    assert replace(old) == old and replace(old) is not old
    assert replace(old, a=7) == Plain(7, (2, 3)) and replace(old, b=()) == Plain(1, ())
    assert replace(old, a=7, b=(8,)) == replace(old, b=(8,), a=7) == Plain(7, (8,))
    assert old == Plain(1, (2, 3))


def test_an_unknown_field_is_refused() -> None:
    with pytest.raises(TypeError, match="no field 'c'"):
        replace(Plain(1), c=2)


def test_a_class_that_checks_itself_still_checks_the_copy() -> None:
    assert replace(Checked(1), a=2) == Checked(2)
    with pytest.raises(ValueError, match="negative"):
        replace(Checked(1), a=-1)


def test_a_class_without_slots_is_copied_as_before() -> None:
    assert replace(Unslotted(1), a=2) == Unslotted(2)


@dataclass(frozen=True, slots=True)
class Derived(Plain):
    c: str = "x"


@dataclass(frozen=True)
class UnslottedBase:
    a: int


@dataclass(frozen=True, slots=True)
class OnUnslottedBase(UnslottedBase):
    b: int = 0


def test_inherited_fields_are_copied_from_the_base_class_slots_or_through_dataclasses() -> None:
    assert replace(Derived(1, (2,), "y"), c="z") == Derived(1, (2,), "z")
    assert replace(Derived(1), a=3).b == () and replace(Derived(1), a=3).a == 3
    assert replace(OnUnslottedBase(1, 2), b=5) == OnUnslottedBase(1, 5)
