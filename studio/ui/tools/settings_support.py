"""What the tools settings page and the tool selection share about tool settings.

The labels of settings fields, so that both name a missing setting alike, and following the
settings' changes for as long as a widget exists.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TypeVar

import shiboken6
from PySide6.QtWidgets import QWidget

from studio.tools.registry import ToolRegistry
from studio.tools.settings import ToolSettingsService
from studio.ui.i18n import translate

__all__ = ["notify_on_change", "settings_field_labels"]

_Widget = TypeVar("_Widget", bound=QWidget)


def settings_field_labels(
    registry: ToolRegistry, tool_ids: tuple[str, ...], names: tuple[str, ...]
) -> list[str]:
    """The translated labels of settings fields ``names``, looked up in the tools ``tool_ids``.

    A name no tool describes is shown as it is. The settings page and the selection's reasons
    both name missing settings this way, so the two say the same.
    """
    labels: dict[str, str] = {}
    for tool_id in tool_ids:
        definition = registry.definition(tool_id)
        implementation = registry.implementation_for(definition) if definition else None
        if definition is None or implementation is None:
            continue
        for name, spec in definition.settings_schema.properties.items():
            labels.setdefault(name, translate(implementation.settings_field_label(name, spec)))
    return [labels.get(name, name) for name in names]


def notify_on_change(
    settings: ToolSettingsService, widget: _Widget, notify: Callable[[_Widget], object]
) -> None:
    """Call ``notify(widget)`` after every settings change, for as long as ``widget`` exists.

    The service keeps its listeners for good, so the listener holds the widget weakly and
    checks that the Qt object still exists. ``notify`` receives the widget rather than
    capturing it, so that it does not keep the widget alive.
    """
    ref = weakref.ref(widget)

    def changed() -> None:
        target = ref()
        if target is not None and shiboken6.isValid(target):
            notify(target)

    settings.add_listener(changed)
