"""Reading a document whose file has a few values Studio cannot use, keeping all the rest.

One out-of-range number in the settings file (a confidence level of 1000, say) must not cost the
user every other setting. :func:`validate_leaving_out` validates the document, and where
validation names values it refuses, it leaves exactly those out and tries again: a field left
out takes its default, an entry left out of a map or a list is gone. A value that is missing
where the model requires one takes the object holding it along. Only when nothing is left to
leave out, or the document as a whole is wrong, does it give up.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, TypeVar

import pydantic

__all__ = ["MAX_ROUNDS", "validate_leaving_out"]

DocumentT = TypeVar("DocumentT", bound=pydantic.BaseModel)

MAX_ROUNDS = 8
"""How many times validation is tried again; each round leaves out every value it refused."""

Location = tuple[int | str, ...]


def validate_leaving_out(
    model: type[DocumentT], data: dict[str, Any]
) -> tuple[DocumentT, list[str]]:
    """The document ``data`` holds, less the values ``model`` refuses, and their names.

    The names are the values' places in the file, dotted: ``tools.values.web_search.limit``.
    ``data`` itself is left unchanged.

    Raises:
        pydantic.ValidationError: what is wrong is not a value that can be left out (the
            document as a whole, or the same place again and again).
    """
    data = copy.deepcopy(data)
    left_out: list[str] = []
    for _ in range(MAX_ROUNDS):
        try:
            return model.model_validate(data), left_out
        except pydantic.ValidationError as error:
            places = _places(error)
            if not places or not all(_leave_out(data, place) for place in places):
                raise
            left_out.extend(".".join(str(part) for part in place) for place in places)
    return model.model_validate(data), left_out


def _places(error: pydantic.ValidationError) -> list[Location]:
    """Where the refused values are, in an order in which removing one moves no other."""
    places = set()
    for detail in error.errors():
        place = tuple(detail["loc"])
        if detail["type"] == "missing":
            # Nothing to leave out: the object missing it goes instead.
            place = place[:-1]
        if not place:
            return []
        places.add(place)
    # A place inside another that goes anyway needs no removal of its own.
    outermost = [
        place
        for place in places
        if not any(place[: len(other)] == other for other in places - {place})
    ]
    # Last first: within one list, a higher index goes before a lower one.
    return sorted(outermost, key=_order, reverse=True)


def _order(place: Location) -> tuple[tuple[int, int, str], ...]:
    return tuple((0, part, "") if isinstance(part, int) else (1, 0, part) for part in place)


def _leave_out(data: Any, place: Sequence[int | str]) -> bool:
    """Remove the value at ``place``; False when there is none there."""
    parent = data
    for part in place[:-1]:
        parent = _child(parent, part)
        if parent is None:
            return False
    last = place[-1]
    if isinstance(parent, dict) and last in parent:
        del parent[last]
        return True
    if isinstance(parent, list) and isinstance(last, int) and 0 <= last < len(parent):
        del parent[last]
        return True
    return False


def _child(value: Any, part: int | str) -> Any:
    if isinstance(value, dict):
        return value.get(part)
    if isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value):
        return value[part]
    return None
