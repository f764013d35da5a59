"""One organisation policy file, as declared once: its model, its JSON Schema and its keys.

The file is JSON and nothing in it runs. :class:`PolicyDocument` is the declaration: the loader
validates files against it, ``studio policy check`` reports its errors with their places, and
the JSON Schema Studio ships (:func:`json_schema`, published as ``docs/policy.schema.json``)
is derived from it, so the three cannot disagree. Unknown keys are errors, not ignored: a typo
in a lock must not pass unnoticed as a setting nobody reads.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    StrictBool,
    StrictInt,
    StrictStr,
    WithJsonSchema,
    field_validator,
)
from pydantic_core import PydanticCustomError

from studio.config.policy.keys import SETTING_KEY_PATTERN
from studio.config.providers import (
    DEFAULT_PROGRESS_TIMEOUT,
    MAX_PROGRESS_TIMEOUT,
    ProviderSettings,
)
from studio.kernel.definition import Component
from studio.kernel.policy import ConfidenceLevel, OutboundDataRestriction

__all__ = [
    "MAX_PRIORITY",
    "SCHEMA_ID",
    "MinimumConfidence",
    "PolicyDocument",
    "PolicyProvider",
    "SettingMode",
    "SettingRule",
    "UntrustedChats",
    "json_schema",
]

SCHEMA_ID = "https://studio.invalid/schemas/policy-v1.json"
"""The schema's ``$id``; editors match it from a file's ``$schema`` key."""

MAX_PRIORITY = 1_000_000
_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"
_TOOL_ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"


def _matching(pattern: str, kind: str, message: str) -> Callable[[str], str]:
    """A check of a string against ``pattern`` that refuses in words rather than as a regex."""
    compiled = re.compile(pattern)

    def check(value: str) -> str:
        if compiled.fullmatch(value) is None:
            raise PydanticCustomError(kind, message, {"value": value[:80]})
        return value

    return check


def _whole(value: object) -> object:
    """``3.0`` as ``3``: JSON (and its schema) count it as a whole number, so Studio does too."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _string_or_number(value: object) -> object:
    value = _whole(value)
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise PydanticCustomError("policy_value", "the value must be a string or a whole number")
    return value


def _confidence_name(value: object) -> ConfidenceLevel:
    # Only the names, as the schema lists them: a policy is checked the same way by an editor.
    if isinstance(value, str) and value in ConfidenceLevel.__members__:
        return ConfidenceLevel[value]
    names = ", ".join(ConfidenceLevel.__members__)
    raise PydanticCustomError(
        "policy_confidence", "the level must be one of {names}", {"names": names}
    )


_ConfidenceName = Annotated[
    ConfidenceLevel,
    PlainValidator(_confidence_name),
    WithJsonSchema({"type": "string", "enum": list(ConfidenceLevel.__members__)}),
]


_SettingKey = Annotated[
    StrictStr,
    AfterValidator(
        _matching(
            SETTING_KEY_PATTERN,
            "policy_setting_key",
            "'{value}' is not a setting key; write '<tool id>.<field>', such as "
            "'web_search.maxResults'",
        )
    ),
    WithJsonSchema({"type": "string", "pattern": SETTING_KEY_PATTERN}),
]
_ToolId = Annotated[
    StrictStr,
    AfterValidator(
        _matching(
            _TOOL_ID_PATTERN,
            "policy_tool_id",
            "'{value}' is not a tool or collection id; ids are letters, digits, '_' and '-'",
        )
    ),
    WithJsonSchema({"type": "string", "pattern": _TOOL_ID_PATTERN}),
]


class SettingMode(enum.Enum):
    """How the organisation sets a value."""

    LOCKED = "locked"
    """The organisation's value applies; users cannot change it."""
    DEFAULT = "default"
    """The organisation's value applies until a user saves their own."""


class SettingRule(BaseModel):
    """One tool setting the organisation decides."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    value: Annotated[
        str | int,
        PlainValidator(_string_or_number),
        WithJsonSchema({"type": ["string", "integer"]}),
        Field(
            # It may be a shipped secret (encrypted or, refused, in plain text).
            repr=False,
            description=(
                "The value, as the settings dialog would store it; numbers may be written as "
                "numbers. A secret field takes only an ENC:v1: value and is always locked."
            ),
        ),
    ]
    mode: Annotated[
        SettingMode,
        Field(description="locked: users cannot change it; default: used until a user saves one."),
    ] = SettingMode.LOCKED

    @property
    def text(self) -> str:
        """The value as the settings service keeps it."""
        return str(self.value)


class MinimumConfidence(BaseModel):
    """The least trusted provider each tool or collection may run with."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    levels: Annotated[
        dict[_ToolId, _ConfidenceName],
        Field(description="Tool or collection id -> confidence level name, such as HIGH."),
    ] = {}
    users_may_raise: Annotated[
        StrictBool,
        Field(
            description=(
                "true: users may ask for a higher level than the organisation's, never a lower "
                "one; false: the levels are fixed."
            )
        ),
    ] = False


class UntrustedChats(BaseModel):
    """Which tools run without asking in chats that took in outside content.

    Such a chat may carry instructions from whoever wrote the web page or mail, so a tool that
    would send data the model chose out of Studio, or change something, asks the user first.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    allowed_tools: Annotated[
        list[_ToolId],
        Field(
            description=(
                "Tool or collection ids that run without asking in such chats; a collection's "
                "id covers its tools. Ids of tools not installed yet are kept. Additive: every "
                "policy's list counts."
            )
        ),
    ] = []
    users_may_allow: Annotated[
        StrictBool | None,
        Field(
            description=(
                "false: users cannot let tools run without asking; their own choices are "
                "ignored and the switch is locked. Left out, another policy decides, else users "
                "may."
            )
        ),
    ] = None


class PolicyProvider(ProviderSettings):
    """A provider every user gets, as the organisation configured it; users cannot change it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # Stricter than a user's providers file, as the published schema says: a level by its exact
    # name, and a number written as a number.
    confidence: Annotated[
        _ConfidenceName,
        Field(
            title="Confidence",
            description="How far the organisation trusts this provider with data.",
        ),
    ]
    progress_timeout: Annotated[
        float,
        Field(
            strict=True,
            gt=0,
            le=MAX_PROGRESS_TIMEOUT,
            title="Progress timeout",
            description=(
                "Seconds an answer may go without new text or tool call content before Studio "
                "stops it; keep-alive events do not count."
            ),
        ),
    ] = DEFAULT_PROGRESS_TIMEOUT
    api_key: Annotated[
        StrictStr | None,
        Field(
            repr=False,
            description=(
                "The API key, only as an ENC:v1: value; leave it out and each user enters "
                "their own key (or none, for a provider that needs none)."
            ),
        ),
    ] = None


class PolicyDocument(BaseModel):
    """Everything one policy file may say; every key but ``id`` may be left out."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        title="Studio organisation policy",
        json_schema_extra={"$id": SCHEMA_ID},
        use_enum_values=False,
    )

    schema_: Annotated[
        StrictStr | None,
        Field(alias="$schema", description="The schema the file follows, for editors."),
    ] = None
    id: Annotated[
        StrictStr,
        Field(
            pattern=_ID_PATTERN,
            description="Names the file in notices and in `studio policy check`.",
        ),
    ]
    priority: Annotated[
        StrictInt,
        Field(
            ge=-MAX_PRIORITY,
            le=MAX_PRIORITY,
            description=(
                "Among policies from the same kind of location, the higher priority wins per key."
            ),
        ),
    ] = 0
    description: Annotated[StrictStr | None, Field(description="Free text for administrators.")] = (
        None
    )
    tools_enabled: Annotated[
        StrictBool | None,
        Field(description="false hides tool calling from every user."),
    ] = None
    disabled_tools: Annotated[
        list[_ToolId] | None,
        Field(
            description=(
                "Tool or collection ids switched off for everyone; ids of tools not installed "
                "yet are kept. Additive: every policy's list counts."
            )
        ),
    ] = None
    minimum_confidence: MinimumConfidence | None = None
    settings: Annotated[
        dict[_SettingKey, SettingRule] | None,
        Field(description='"<tool id>.<field>" -> the value and whether it is locked.'),
    ] = None
    trusted_providers: Annotated[
        list[StrictStr] | None,
        Field(
            description=(
                "Names of providers a policy ships (`providers`) that the organisation trusts "
                "with any chat content: they may continue chats that ask for a higher "
                "confidence than their own. A user's own provider is never trusted, whatever "
                "its name."
            )
        ),
    ] = None
    providers: Annotated[
        list[PolicyProvider] | None,
        Field(description="Providers every user gets; users cannot change or remove them."),
    ] = None
    default_tools: Annotated[
        dict[Component, list[_ToolId]] | None,
        Field(description="Per place in the app, the tools selected when something new starts."),
    ] = None
    preview_features: Annotated[
        StrictBool | None,
        Field(
            description=(
                "Whether users may switch on features marked as preview. This release has no "
                "preview features; the key is kept for those to come (a policy that cannot be "
                "used counts as false)."
            )
        ),
    ] = None
    minimum_outbound_data_restriction: Annotated[
        Literal["ONLY_CONFIGURED_SERVICES", "ONLY_LINKS_FROM_CHAT", "UNRESTRICTED"] | None,
        Field(
            description=(
                "The least restriction a data source that asks for one gets: where tool calls "
                "may send data once a chat holds such content."
            )
        ),
    ] = None
    untrusted_chats: UntrustedChats | None = None

    @field_validator("priority", mode="before")
    @classmethod
    def _whole_priority(cls, value: object) -> object:
        return _whole(value)

    @property
    def outbound_restriction(self) -> OutboundDataRestriction | None:
        """:attr:`minimum_outbound_data_restriction` as the kernel's level."""
        name = self.minimum_outbound_data_restriction
        return None if name is None else OutboundDataRestriction[name]


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a policy file, as Studio ships and publishes it."""
    schema = PolicyDocument.model_json_schema(by_alias=True, mode="validation")
    closed: dict[str, Any] = _closed(
        {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}
    )
    return closed


def _closed(node: Any) -> Any:
    """``node`` with every object whose keys follow a pattern closed to other keys.

    The model refuses a key that does not match (a setting key without a dot); so must the
    schema, or an editor would pass a file Studio refuses.
    """
    if isinstance(node, list):
        return [_closed(item) for item in node]
    if not isinstance(node, dict):
        return node
    closed = {key: _closed(value) for key, value in node.items()}
    if "patternProperties" in closed and "additionalProperties" not in closed:
        closed["additionalProperties"] = False
    return closed
