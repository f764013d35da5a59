"""What a valid organisation policy says that the installed tools cannot use as it is.

The loader judges a policy on its own: its JSON, its shape, its encrypted values. Whether
``web_search.maxResults`` is a field of an installed tool, whether its value fits, and whether
a field is a secret that must never travel as plain text, only the installed tools can say.
These checks are warnings: the rest of the policy applies, and values for tools that are not
installed yet are kept for when they are. ``studio policy check`` lists them with the loader's
problems.
"""

from __future__ import annotations

from collections.abc import Iterable

from studio.config.organization import OrganizationPolicy, PolicyProblem
from studio.config.policy.keys import pointer
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage
from studio.tools.registry import ToolRegistry
from studio.tools.settings import field_value_problem

__all__ = ["policy_problems", "refused_values"]

_NOT_INSTALLED = QT_TRANSLATE_NOOP(
    "PolicyCheck",
    "{key!r} is a setting of the tool {tool!r}, which is not installed; the value is kept and "
    "applies when the tool is installed",
)
_NO_FIELD = QT_TRANSLATE_NOOP(
    "PolicyCheck",
    "the tool {tool!r} has no setting {field!r}, so the value is not used; its settings are: "
    "{known}",
)
_NO_FIELDS = QT_TRANSLATE_NOOP("PolicyCheck", "none")
_PLAIN_SECRET = QT_TRANSLATE_NOOP(
    "PolicyCheck",
    "{key!r} is a secret and was shipped as plain text, so it was refused and the field stays "
    "empty; ship it as an ENC:v1: value (`studio policy encrypt --key {key}`)",
)
_PLAIN_SECRET_DEFAULT = QT_TRANSLATE_NOOP(
    "PolicyCheck",
    "{key!r} is a secret and was shipped as a plain-text default, so it was refused and each "
    "user's own value applies; secrets ship only as ENC:v1: values, always locked "
    "(`studio policy encrypt --key {key}`)",
)
_BAD_VALUE = QT_TRANSLATE_NOOP(
    "PolicyCheck", "the value does not fit the field, so the tool cannot run with it: {problem}"
)
_UNKNOWN_DISABLED = QT_TRANSLATE_NOOP(
    "PolicyCheck",
    "{tool!r} is not an installed tool or collection; it is kept and switched off when it is "
    "installed",
)
_UNKNOWN_CONFIDENCE = QT_TRANSLATE_NOOP(
    "PolicyCheck",
    "{tool!r} is not an installed tool or collection; its minimum confidence is kept and "
    "applies when it is installed",
)
_UNKNOWN_UNTRUSTED = QT_TRANSLATE_NOOP(
    "PolicyCheck",
    "{tool!r} is not an installed tool or collection; it is kept and runs without asking in "
    "chats with outside content when it is installed",
)
_UNKNOWN_DEFAULT = QT_TRANSLATE_NOOP(
    "PolicyCheck",
    "{tool!r} is not an installed tool or collection; it is kept among the default tools of "
    "{component} and selected when it is installed",
)

_NO_ORIGIN = "organisation policy"
"""The place of a decision that came from no file (a policy built in code)."""


def _warning(place: str, where: str, message: TranslatableMessage) -> PolicyProblem:
    return PolicyProblem.warning(place or _NO_ORIGIN, where, message)


def _setting_problems(
    policy: OrganizationPolicy,
    registry: ToolRegistry,
    key: str,
    value: str | None,
    *,
    installed_only: bool,
) -> PolicyProblem | None:
    """The one problem of setting ``key``; ``value`` is None for an encrypted value."""
    place = policy.origin(key)
    tool_id, _, name = key.partition(".")
    definition = registry.definition(tool_id)
    if definition is None:
        if installed_only:
            return None
        message = TranslatableMessage(_NOT_INSTALLED, key=key, tool=tool_id)
        return _warning(place, pointer(("settings", key)), message)
    spec = definition.settings_schema.properties.get(name)
    if spec is None:
        known = ", ".join(definition.settings_schema.properties) or _NO_FIELDS
        message = TranslatableMessage(_NO_FIELD, tool=tool_id, field=name, known=known)
        return _warning(place, pointer(("settings", key)), message)
    if value is None:
        # An encrypted value suits any field; a plain field's decrypted value is not judged
        # here, so that no message ever quotes what the organisation chose to encrypt.
        return None
    if spec.secret:
        locked = key in policy.locked_tool_settings
        message = TranslatableMessage(_PLAIN_SECRET if locked else _PLAIN_SECRET_DEFAULT, key=key)
        return _warning(place, pointer(("settings", key, "value")), message)
    problem = field_value_problem(name, spec, value, registry.implementation_for(definition))
    if problem:
        message = TranslatableMessage(_BAD_VALUE, problem=problem)
        return _warning(place, pointer(("settings", key, "value")), message)
    return None


def _unknown_ids(policy: OrganizationPolicy, registry: ToolRegistry) -> Iterable[PolicyProblem]:
    for tool_id in sorted(policy.disabled_tool_ids):
        if not registry.is_known(tool_id):
            yield _warning(
                policy.origin(f"disabled:{tool_id}"),
                pointer(("disabled_tools",)),
                TranslatableMessage(_UNKNOWN_DISABLED, tool=tool_id),
            )
    for tool_id in sorted(policy.minimum_confidence_by_tool_id):
        if not registry.is_known(tool_id):
            yield _warning(
                policy.origin(f"confidence:{tool_id}"),
                pointer(("minimum_confidence", "levels", tool_id)),
                TranslatableMessage(_UNKNOWN_CONFIDENCE, tool=tool_id),
            )
    for tool_id in sorted(policy.allowed_in_untrusted_chat_tool_ids):
        if not registry.is_known(tool_id):
            yield _warning(
                policy.origin(f"untrusted:{tool_id}"),
                pointer(("untrusted_chats", "allowed_tools")),
                TranslatableMessage(_UNKNOWN_UNTRUSTED, tool=tool_id),
            )
    for component, ids in sorted(policy.default_tool_ids_by_component.items()):
        for index, tool_id in enumerate(ids):
            if not registry.is_known(tool_id):
                yield _warning(
                    policy.origin(f"defaults:{component}"),
                    pointer(("default_tools", component, index)),
                    TranslatableMessage(_UNKNOWN_DEFAULT, tool=tool_id, component=component),
                )


def _settings_problems(
    policy: OrganizationPolicy, registry: ToolRegistry, *, installed_only: bool
) -> list[PolicyProblem]:
    values: dict[str, str | None] = {
        **policy.default_tool_settings,
        **policy.locked_tool_settings,
        **dict.fromkeys(policy.locked_tool_secrets),
    }
    return [
        problem
        for key in sorted(values)
        if (
            problem := _setting_problems(
                policy, registry, key, values[key], installed_only=installed_only
            )
        )
        is not None
    ]


def policy_problems(policy: OrganizationPolicy, registry: ToolRegistry) -> list[PolicyProblem]:
    """Every warning about ``policy`` that takes the installed tools to see, in key order.

    A setting of a tool that is not installed, a field the tool does not have, a secret
    shipped as plain text (never quoted), a plain value that fails its field's checks, and
    tool or collection ids that name nothing installed. Each problem's place is the label of
    the policy that decided the key, and ``where`` its JSON pointer in that file.
    """
    found = _settings_problems(policy, registry, installed_only=False)
    found += _unknown_ids(policy, registry)
    return found


def refused_values(policy: OrganizationPolicy, registry: ToolRegistry) -> list[PolicyProblem]:
    """The warnings about values an installed tool cannot use as the organisation set them.

    A field the tool does not have, a secret shipped as plain text, a value that fails its
    field's checks: the tool then runs without the organisation's value, or not at all, so
    the app tells its users (ids kept for tools not installed yet only concern the admin).
    """
    return _settings_problems(policy, registry, installed_only=True)
