"""Pickling frozen dataclasses that mypyc compiles (standard library only).

A frozen dataclass with ``slots=True`` pickles its fields and sets them back with
``object.__setattr__``. Compiled by mypyc (``hatch_build.py``), the same class pickles by
setting each field as an attribute, which its frozen ``__setattr__`` refuses. A class (or the
root of a family of classes) that is compiled and crosses processes (``sim --jobs``, ``build
--png --jobs``) therefore says how to pickle it, the same way either way:

    def __reduce__(self) -> Reduced:
        return reduced(self)

The value comes back as the uncompiled class brings it back: its fields set in place, its
checks not run again.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

Reduced = tuple[Any, tuple[type, tuple[object, ...]]]
"""What ``__reduce__`` answers: the function that rebuilds a value, and its arguments."""


def reduced(value: object) -> Reduced:
    """``value`` as pickle stores it: its class and the values of its fields, in order."""
    kind: Any = type(value)
    return rebuilt, (kind, tuple(getattr(value, each.name) for each in fields(kind)))


def rebuilt(kind: Any, values: tuple[object, ...]) -> object:
    """The value of dataclass ``kind`` with these field values, set in place (its own
    ``__new__``: a compiled class refuses ``object.__new__``)."""
    made: object = kind.__new__(kind)
    for each, value in zip(fields(kind), values, strict=True):
        object.__setattr__(made, each.name, value)
    return made
