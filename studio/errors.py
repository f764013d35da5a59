"""Studio's exceptions, one tree for the whole application.

::

    StudioError
    ├── ConfigError                  a settings or configuration file cannot be used
    │   ├── SettingLockedError       the organisation manages this value
    │   ├── UnknownSettingError      no such tool or settings field
    │   └── (providers)              studio.config.providers: invalid, duplicate, unknown
    ├── SecretStoreError             the OS keyring cannot store or read a secret
    │   └── NoKeyringError           there is no usable keyring backend at all
    ├── ToolError                    something about one tool call
    │   ├── ToolExecutionBlocked     an intentional policy block: a BLOCKED trace
    │   └── ToolArgumentError        a model argument was refused: the model can correct it
    ├── ProviderError                studio.providers.errors: a model request failed
    ├── WebRetrievalError            studio.web.errors: a page could not be read, or was refused
    └── SearchError                  studio.web.search.errors: a web search failed

The branches named by module live next to the code that raises them and draw their own trees.
Messages name identifiers with ``!r``. A message the user may read is a translatable template
(``QT_TRANSLATE_NOOP``) plus values, passed to :class:`StudioError`: ``str(error)`` stays the
English text for logs and the command line, and the UI shows ``error.text(translate)``.

No exception carries a secret value or a model's argument values, except
:class:`ToolArgumentError`, whose message quotes the refused value back to the model
(shortened) and is therefore never logged.
"""

from __future__ import annotations

from collections.abc import Mapping

from studio.kernel.translatable import (
    QT_TRANSLATE_NOOP,
    TranslatableMessage,
    TranslatableText,
    Translate,
    fill,
)

_LOCKED = QT_TRANSLATE_NOOP(
    "ConfigError", "The setting {field!r} of tool {tool!r} is managed by your organisation."
)

__all__ = [
    "ConfigError",
    "NoKeyringError",
    "SecretStoreError",
    "SettingLockedError",
    "StudioError",
    "ToolArgumentError",
    "ToolError",
    "ToolExecutionBlocked",
    "UnknownSettingError",
]


class StudioError(Exception):
    """The base of every error Studio raises on purpose.

    Args:
        message: What went wrong, in English. A :class:`TranslatableText` (a template marked
            with ``QT_TRANSLATE_NOOP``) or a :class:`TranslatableMessage` lets the UI show it
            in the user's language.
        **values: The values the template names; filled in after translating. Only a
            translatable template takes values.
    """

    template: TranslatableText | None
    """The translatable template of the message, or None for a plain English message."""
    values: Mapping[str, object]
    """The values :attr:`template` names."""

    def __init__(self, message: str = "", /, **values: object) -> None:
        if isinstance(message, TranslatableMessage) and not values:
            self.template, self.values = message.template, message.values
            message = str(message)
        elif isinstance(message, TranslatableText):
            self.template, self.values = message, values
            message = fill(message, values)
        elif values:
            raise TypeError("only a translatable template takes values")
        else:
            self.template, self.values = None, {}
        super().__init__(message)

    def as_message(self) -> str:
        """The message as a ``str`` that still translates where it is shown.

        A :class:`TranslatableMessage` when the error has a template, else the English text;
        for passing an error's message on as data (a tool's configuration problem).
        """
        if self.template is None:
            return str(self)
        return TranslatableMessage(self.template, **self.values)

    def text(self, translate: Translate = str) -> str:
        """The message in the language ``translate`` renders; English when it has no template.

        A translation that does not fit the values falls back to English.
        """
        if self.template is None:
            return str(self)
        return fill(self.template, self.values, translate)


class ConfigError(StudioError):
    """A settings or configuration file, or a value in it, cannot be used."""


class SettingLockedError(ConfigError):
    """The organisation locked this setting, so the user cannot change it."""

    def __init__(self, tool_id: str, field: str) -> None:
        super().__init__(_LOCKED, field=field, tool=tool_id)
        self.tool_id = tool_id
        self.field = field


class UnknownSettingError(ConfigError):
    """The tool or one of its settings fields does not exist."""


class SecretStoreError(StudioError):
    """The OS keyring refused to store, read or delete a secret."""


class NoKeyringError(SecretStoreError):
    """No usable keyring backend exists, so secrets cannot be stored safely."""


class ToolError(StudioError):
    """Something went wrong with one tool call."""


class ToolExecutionBlocked(ToolError):
    """A tool refused a call on purpose, by policy.

    The executor returns the message to the model as plain text and records the call as BLOCKED.
    The message is a translatable template: the UI translates it first, then fills in ``values``.
    """

    template: TranslatableText

    def __init__(self, message: TranslatableText, **values: object) -> None:
        super().__init__(message, **values)


class ToolArgumentError(ToolError):
    """A model-provided argument was refused; the message tells the model how to fix it."""
