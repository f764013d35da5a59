"""The 28 rules of the registry: each rejected item is skipped with a warning naming the rule."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from studio.kernel.context import ChatContext
from studio.kernel.definition import Component, ToolActivation, ToolDefinition, ToolFunction
from studio.tools import registry as registry_module
from studio.tools.registry import RegistryRule

REGISTRY_LOGGER = "studio.tools.registry"

PLUGIN_KEY = "plugin"


@dataclass
class ListSource:
    """A plugin-like definition source that hands over what the test gives it."""

    name: str
    items: list[Any]

    def definitions(self) -> Iterable[ToolDefinition | Mapping[str, Any]]:
        return self.items


class FailingSource:
    name = "broken"

    def definitions(self) -> Iterable[ToolDefinition | Mapping[str, Any]]:
        raise RuntimeError("the plugin folder vanished")


def raw(tool_id: str = "plugin_tool", **changes: Any) -> dict[str, Any]:
    """A valid definition as plugin data, with top-level keys replaced by ``changes``."""
    data: dict[str, Any] = {
        "schema_version": 1,
        "id": tool_id,
        "implementation_key": PLUGIN_KEY,
        "function": {
            "name": tool_id,
            "description": "A plugin tool.",
            "parameters": {"type": "object", "properties": {}},
        },
    }
    data.update(copy.deepcopy(changes))
    return data


def with_function(**changes: Any) -> dict[str, Any]:
    data = raw()
    data["function"].update(changes)
    return data


def with_settings(**schema: Any) -> dict[str, Any]:
    return raw(settings_schema=schema)


def rule_warnings(caplog: pytest.LogCaptureFixture, rule: RegistryRule) -> list[str]:
    return [
        record.getMessage()
        for record in caplog.records
        if record.name == REGISTRY_LOGGER
        and record.levelname == "WARNING"
        and record.getMessage().startswith(f"{rule}: ")
    ]


def assert_warned(caplog: pytest.LogCaptureFixture, rule: RegistryRule, *names: str) -> None:
    messages = rule_warnings(caplog, rule)
    assert messages, f"no {rule} warning in {caplog.messages!r}"
    assert any(all(name in message for name in names) for message in messages), messages


@pytest.fixture
def plugin_registry(make_registry, make_tool):
    """Builds a registry from a code tool with key ``plugin`` plus a plugin source."""

    def make(*items: Any):
        return make_registry(
            [make_tool("code_tool", key=PLUGIN_KEY)], sources=[ListSource("plugin", list(items))]
        )

    return make


def test_rules_have_stable_sequential_codes():
    assert [rule.value[0] for rule in RegistryRule] == [f"R{n:02d}" for n in range(1, 29)]
    assert str(RegistryRule.SCHEMA_VERSION) == "R03 schema version must be 1"


def test_registry_exports_its_public_names():
    assert set(registry_module.__all__) == {
        "CatalogEntry",
        "CodeDefinitionSource",
        "OfferBlockReason",
        "OfferCheck",
        "RegistryRule",
        "ToolDefinitionSource",
        "ToolRegistry",
        "block_message",
        "confidence_label",
    }
    for name in registry_module.__all__:
        assert getattr(registry_module, name) is not None


def test_registry_accepts_a_valid_plugin_definition(plugin_registry, caplog):
    registry = plugin_registry(raw())

    assert registry.definition("plugin_tool") is not None
    assert registry.definition("code_tool") is not None
    assert not [r for r in caplog.records if r.levelname == "WARNING"]


# Rules 1 and 2: implementations.


def test_rule_01_skips_an_implementation_without_key(make_registry, make_tool, caplog):
    tool = make_tool("nameless", key="  ")

    registry = make_registry([tool])

    assert registry.definition("nameless") is None
    assert_warned(caplog, RegistryRule.IMPLEMENTATION_KEY_EMPTY, type(tool).__qualname__)


def test_rule_02_keeps_the_first_implementation_of_a_key(make_registry, make_tool, caplog):
    first = make_tool("first", key="shared")
    second = make_tool("second", key="shared")

    registry = make_registry([first, second])

    definition = registry.definition("first")
    assert definition is not None
    assert registry.implementation_for(definition) is first
    assert registry.definition("second") is None
    assert_warned(caplog, RegistryRule.IMPLEMENTATION_KEY_DUPLICATE, "'shared'")


# Rules 3 to 15: one definition on its own.

DEFINITION_CASES = [
    pytest.param(RegistryRule.SCHEMA_VERSION, raw(schema_version=2), id="R03-version-2"),
    pytest.param(RegistryRule.SCHEMA_VERSION, raw(schema_version=0), id="R03-version-0"),
    pytest.param(RegistryRule.TOOL_ID_EMPTY, raw(""), id="R04-empty-id"),
    pytest.param(RegistryRule.TOOL_ID_EMPTY, raw("   "), id="R04-blank-id"),
    pytest.param(RegistryRule.DEFINITION_KEY_EMPTY, raw(implementation_key=""), id="R05"),
    pytest.param(RegistryRule.FUNCTION_NAME, with_function(name=""), id="R06-empty"),
    pytest.param(RegistryRule.FUNCTION_NAME, with_function(name="two words"), id="R06-space"),
    pytest.param(RegistryRule.FUNCTION_NAME, with_function(name="a" * 65), id="R06-65-chars"),
    pytest.param(RegistryRule.FUNCTION_NAME, with_function(name="größe"), id="R06-non-ascii"),
    pytest.param(RegistryRule.FUNCTION_NAME, with_function(name="tool\n"), id="R06-newline"),
    pytest.param(RegistryRule.FUNCTION_PARAMETERS, with_function(parameters=[]), id="R07-list"),
    pytest.param(
        RegistryRule.FUNCTION_PARAMETERS, with_function(parameters="object"), id="R07-string"
    ),
    pytest.param(
        RegistryRule.VISIBILITY_COMPONENTS,
        raw(visible_in={"allowed_components": ["CHAT", "NOWHERE"]}),
        id="R08-allowed",
    ),
    pytest.param(
        RegistryRule.VISIBILITY_COMPONENTS,
        raw(visible_in={"denied_components": ["chat"]}),
        id="R08-denied-wrong-case",
    ),
    pytest.param(RegistryRule.SETTINGS_TYPE, with_settings(type="array"), id="R09"),
    pytest.param(
        RegistryRule.SETTINGS_FIELD,
        with_settings(properties={" ": {"type": "string"}}),
        id="R10-blank-name",
    ),
    pytest.param(
        RegistryRule.SETTINGS_FIELD,
        with_settings(properties={"count": {"type": "integer"}}),
        id="R10-not-string",
    ),
    pytest.param(
        RegistryRule.SETTINGS_GROUP,
        with_settings(properties={"url": {"group": "  "}}),
        id="R11",
    ),
    pytest.param(
        RegistryRule.SETTINGS_CHOICES,
        with_settings(properties={"mode": {"option_source": "safe_search", "enum": ["A"]}}),
        id="R12",
    ),
    pytest.param(
        RegistryRule.SETTINGS_OPTION_SOURCE,
        with_settings(properties={"mode": {"option_source": "colours"}}),
        id="R13",
    ),
    pytest.param(
        RegistryRule.SETTINGS_REQUIRED_BLANK,
        with_settings(properties={"url": {}}, required=["url", " "]),
        id="R14",
    ),
    pytest.param(
        RegistryRule.SETTINGS_REQUIRED_UNKNOWN,
        with_settings(properties={"url": {}}, required=["token"]),
        id="R15",
    ),
]


@pytest.mark.parametrize(("rule", "data"), DEFINITION_CASES)
def test_rules_03_to_15_skip_an_invalid_definition(plugin_registry, caplog, rule, data):
    registry = plugin_registry(data)

    assert registry.definition(data["id"]) is None
    assert registry.definition("code_tool") is not None
    assert_warned(caplog, rule, f"{data['id']!r}", "'plugin'")


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(with_settings(type="OBJECT"), id="settings-type-case"),
        pytest.param(
            with_settings(properties={"url": {"type": "String", "group": ""}}), id="field-type"
        ),
        pytest.param(with_function(name="A-z_09"), id="function-name-charset"),
        pytest.param(with_function(name="a" * 64), id="function-name-64"),
        pytest.param(
            raw(visible_in={"allowed_components": ["CHAT"], "denied_components": []}),
            id="known-component",
        ),
        pytest.param(
            with_settings(properties={"language": {"option_source": "common_languages"}}),
            id="known-option-source",
        ),
    ],
)
def test_rules_accept_what_they_allow(plugin_registry, caplog, data):
    registry = plugin_registry(data)

    assert registry.definition(data["id"]) is not None
    assert not [r for r in caplog.records if r.levelname == "WARNING"]


def test_rules_report_the_first_broken_rule_only(plugin_registry, caplog):
    plugin_registry(raw(schema_version=3, implementation_key=""))

    assert_warned(caplog, RegistryRule.SCHEMA_VERSION, "'plugin_tool'")
    assert not rule_warnings(caplog, RegistryRule.DEFINITION_KEY_EMPTY)


# Rule 28: a usable parameters schema, for definitions from outside Studio's code.


@pytest.mark.parametrize(
    ("parameters", "reason"),
    [
        pytest.param(
            {"type": "object", "properties": {"q": {"type": "text"}}},
            "The parameters schema is invalid at '/properties/q/type'",
            id="unknown-type",
        ),
        pytest.param(
            {"type": "array", "items": {"type": "string"}},
            'its root needs "type": "object"',
            id="not-an-object",
        ),
        pytest.param(
            {"type": "object", "properties": {"q": {"$ref": "https://schemas.example/q.json"}}},
            "refers to another document at '/properties/q/$ref'",
            id="outside-reference",
        ),
        pytest.param(
            {"type": "object", "properties": {"q": {"$ref": "#/$defs/missing"}}},
            "points at nothing",
            id="dangling-reference",
        ),
    ],
)
def test_rule_28_skips_a_definition_whose_schema_cannot_be_used(
    plugin_registry, caplog, parameters, reason
):
    registry = plugin_registry(with_function(parameters=parameters))

    assert registry.definition("plugin_tool") is None
    assert registry.definition("code_tool") is not None
    assert_warned(caplog, RegistryRule.FUNCTION_SCHEMA, "'plugin_tool'", "'plugin'", reason)


def test_rule_28_accepts_a_schema_as_an_mcp_server_declares_it(plugin_registry, caplog):
    parameters = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {
            "path": {"type": "string", "description": "A file."},
            "options": {"$ref": "#/$defs/options"},
        },
        "required": ["path"],
        "$defs": {"options": {"type": "object", "properties": {"depth": {"type": "integer"}}}},
    }

    registry = plugin_registry(with_function(parameters=parameters))

    assert registry.definition("plugin_tool") is not None
    assert not [r for r in caplog.records if r.levelname == "WARNING"]


def test_rule_28_comes_after_the_other_definition_rules(plugin_registry, caplog):
    function = {"name": "plugin_tool", "description": "x", "parameters": {"type": 1}}
    plugin_registry(raw(schema_version=3, function=function))

    assert_warned(caplog, RegistryRule.SCHEMA_VERSION, "'plugin_tool'")
    assert not rule_warnings(caplog, RegistryRule.FUNCTION_SCHEMA)


# Rules 16 to 18: definitions against each other.


def test_rule_16_skips_a_definition_without_implementation(plugin_registry, caplog):
    registry = plugin_registry(raw(implementation_key="absent"))

    assert registry.definition("plugin_tool") is None
    assert_warned(caplog, RegistryRule.NO_IMPLEMENTATION, "'plugin_tool'", "absent")


def test_rule_17_keeps_the_first_definition_of_an_id(plugin_registry, caplog):
    registry = plugin_registry(
        raw("code_tool") | {"function": {"name": "other", "description": ""}}
    )

    definition = registry.definition("code_tool")
    assert definition is not None
    assert definition.function.name == "code_tool"
    assert_warned(caplog, RegistryRule.TOOL_ID_DUPLICATE, "'code_tool'", "'plugin'")


def test_rule_18_skips_a_function_name_registered_by_another_source(plugin_registry, caplog):
    data = raw("plugin_tool")
    data["function"]["name"] = "code_tool"

    registry = plugin_registry(data)

    assert registry.definition("plugin_tool") is None
    assert_warned(caplog, RegistryRule.FUNCTION_NAME_DUPLICATE, "'plugin_tool'", "code_tool")


# Rules 19 to 25: collections.


@pytest.fixture
def collection_registry(make_registry, make_tool, make_collection):
    """Tools a, b, c (selectable) and context; builds a registry with the given collections."""

    def make(*collections):
        tools = [
            make_tool("a"),
            make_tool("b"),
            make_tool("c"),
            make_tool("context", activation=ToolActivation.CONTEXT),
        ]
        return make_registry(tools, collections=[make_collection(*c) for c in collections])

    return make


def test_rule_19_skips_a_collection_without_id(collection_registry, caplog):
    registry = collection_registry(("", "a"))

    assert registry.collections() == ()
    assert_warned(caplog, RegistryRule.COLLECTION_ID_EMPTY, "collection ''")


def test_rule_20_skips_a_collection_named_like_a_tool(collection_registry, caplog):
    registry = collection_registry(("a", "b"))

    assert registry.collection("a") is None
    assert registry.collection_of("b") is None
    assert_warned(caplog, RegistryRule.COLLECTION_ID_IS_TOOL, "'a'")


def test_rule_21_keeps_the_first_collection_of_an_id(collection_registry, caplog):
    registry = collection_registry(("group", "a"), ("group", "b"))

    group = registry.collection("group")
    assert group is not None
    assert group.tool_ids == ("a",)
    assert_warned(caplog, RegistryRule.COLLECTION_ID_DUPLICATE, "'group'")


def test_rule_22_leaves_unknown_members_out(collection_registry, caplog):
    registry = collection_registry(("group", "a", "ghost"))

    assert registry.members_of("group") == ("a",)
    assert_warned(caplog, RegistryRule.COLLECTION_MEMBER_UNKNOWN, "'ghost'", "'group'")


def test_rule_23_leaves_context_tools_out(collection_registry, caplog):
    registry = collection_registry(("group", "a", "context"))

    assert registry.members_of("group") == ("a",)
    assert registry.collection_of("context") is None
    assert_warned(caplog, RegistryRule.COLLECTION_MEMBER_CONTEXT, "'context'", "'group'")


def test_rule_24_gives_a_tool_to_the_first_collection(collection_registry, caplog):
    registry = collection_registry(("first", "a", "b"), ("second", "b", "c"))

    assert registry.members_of("first") == ("a", "b")
    assert registry.members_of("second") == ("c",)
    assert registry.collection_of("b") == "first"
    assert_warned(caplog, RegistryRule.COLLECTION_MEMBER_TAKEN, "'b'", "'second'")


def test_rule_25_skips_a_collection_left_empty(collection_registry, caplog):
    registry = collection_registry(("first", "a"), ("empty", "a", "ghost"))

    assert registry.collection("empty") is None
    assert_warned(caplog, RegistryRule.COLLECTION_EMPTY, "'empty'")


def test_collection_repeating_a_member_keeps_it_once(collection_registry, caplog):
    registry = collection_registry(("group", "a", "b", "a"))

    assert registry.members_of("group") == ("a", "b")
    assert not [r for r in caplog.records if r.levelname == "WARNING"]


# Rules 26 and 27: per request.


async def test_rule_26_uses_the_registered_function_without_object_parameters(
    make_registry, make_tool, make_provider, caplog
):
    async def tailored(definition, context):
        return ToolFunction(name="tailored", description="x", parameters=["not", "an", "object"])

    registry = make_registry([make_tool("tailored", resolve_function=tailored)])

    runnable = await registry.runnable_tools(
        ["tailored"], make_provider(), Component.CHAT, ChatContext(), True
    )

    assert [tool.function for tool in runnable] == [registry.definitions()[0].function]
    assert_warned(caplog, RegistryRule.TAILORED_FUNCTION, "'tailored'", "JSON object")


async def test_rule_27_leaves_a_failing_tool_out_of_the_request(
    make_registry, make_tool, make_provider, caplog
):
    async def broken(definition, context):
        raise RuntimeError("index unavailable")

    registry = make_registry([make_tool("broken", resolve_function=broken), make_tool("fine")])

    runnable = await registry.runnable_tools(
        ["broken", "fine"], make_provider(), Component.CHAT, ChatContext(), True
    )

    assert [tool.name for tool in runnable] == ["fine"]
    assert registry.is_known("broken")
    assert_warned(caplog, RegistryRule.RESOLUTION_FAILED, "'broken'")


# Whatever arrives, the registry never raises.


@pytest.mark.parametrize(
    "item",
    [
        pytest.param({"id": "no_function", "implementation_key": PLUGIN_KEY}, id="missing-field"),
        pytest.param(raw(colour="blue"), id="unknown-key"),
        pytest.param(raw(minimum_provider_confidence="SKY_HIGH"), id="bad-enum"),
    ],
)
def test_registry_skips_a_mapping_pydantic_rejects(plugin_registry, caplog, item):
    registry = plugin_registry(item, raw("second"))

    assert registry.definition(item["id"]) is None
    assert registry.definition("second") is not None
    assert any("'plugin'" in m and "malformed" in m for m in caplog.messages)


def test_registry_skips_an_item_that_is_no_definition(plugin_registry, caplog):
    registry = plugin_registry(42, raw())

    assert registry.definition("plugin_tool") is not None
    assert any("'plugin'" in m and "int" in m for m in caplog.messages)


def test_registry_skips_a_failing_source(make_registry, make_tool, caplog):
    registry = make_registry([make_tool("code_tool")], sources=[FailingSource()])

    assert registry.definition("code_tool") is not None
    assert any("'broken'" in m for m in caplog.messages)


def test_registry_skips_an_implementation_whose_definition_fails(make_registry, make_tool, caplog):
    broken = make_tool("broken", definition_error=ValueError("cannot say"))

    registry = make_registry([broken, make_tool("fine")])

    assert registry.definition("broken") is None
    assert registry.definition("fine") is not None
    assert any(type(broken).__qualname__ in m for m in caplog.messages)


def test_registry_reads_validated_definition_objects_from_a_source(
    make_registry, make_tool, caplog
):
    definition = ToolDefinition.model_validate(raw())
    source = ListSource("plugin", [definition])

    registry = make_registry([make_tool("code_tool", key=PLUGIN_KEY)], sources=[source])

    assert registry.definition("plugin_tool") == definition


def test_registry_reads_sources_once(make_registry, make_tool):
    calls = []

    class CountingSource:
        name = "counting"

        def definitions(self):
            calls.append(1)
            return [raw()]

    registry = make_registry([make_tool("code_tool", key=PLUGIN_KEY)], sources=[CountingSource()])
    registry.definitions()
    registry.catalog(Component.CHAT)

    assert calls == [1]
