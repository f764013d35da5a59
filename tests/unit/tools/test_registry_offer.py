"""Offer checks: every block reason, their order, and the message the selection UI shows."""

from __future__ import annotations

import itertools

import pytest

from studio.config.organization import OrganizationPolicy
from studio.kernel.definition import Component, SettingsField, SettingsSchema, ToolVisibility
from studio.kernel.policy import (
    ConfidenceLevel,
    ModelCapability,
    OutboundDataRestriction,
    ToolOutboundData,
)
from studio.kernel.translatable import TranslatableText
from studio.tools.registry import OfferBlockReason, block_message

R = OfferBlockReason
UNRESTRICTED = OutboundDataRestriction.UNRESTRICTED
NEEDS_URL = SettingsSchema(properties={"url": SettingsField()}, required=("url",))
ONLY_ASSISTANTS = ToolVisibility(chat=False)


organization = OrganizationPolicy


async def test_offer_allows_a_plain_tool(make_registry, make_tool, make_provider):
    registry = make_registry([make_tool("plain")])

    check = await registry.offer_check("plain", make_provider(), Component.CHAT)

    assert check.reasons == ()
    assert check.allowed
    assert block_message(check) == ""


async def test_offer_blocks_when_tool_use_is_switched_off(
    make_registry, make_settings, make_tool, make_provider
):
    settings = make_settings(organization(tools_enabled=False))
    registry = make_registry([make_tool("plain")], settings_service=settings)

    check = await registry.offer_check("plain", make_provider(), Component.CHAT)

    # The tool itself is not switched off, so "tool use is off" says it all.
    assert check.reasons == (R.TOOLS_SWITCHED_OFF,)


@pytest.mark.parametrize(
    "capabilities",
    [
        pytest.param(frozenset(), id="nothing"),
        pytest.param(frozenset({ModelCapability.CHAT_COMPLETION_API}), id="no-function-calling"),
        pytest.param(frozenset({ModelCapability.FUNCTION_CALLING}), id="no-api"),
    ],
)
async def test_offer_blocks_a_model_that_cannot_call_tools(
    make_registry, make_tool, make_provider, capabilities
):
    registry = make_registry([make_tool("plain")])

    check = await registry.offer_check(
        "plain", make_provider(capabilities=capabilities), Component.CHAT
    )

    assert check.reasons == (R.MODEL_CANNOT_USE_TOOLS,)


async def test_offer_blocks_a_tool_needing_a_capability_the_model_lacks(
    make_registry, make_tool, make_provider
):
    needs_messages_api = frozenset({ModelCapability.FUNCTION_CALLING, ModelCapability.MESSAGES_API})
    registry = make_registry([make_tool("picky", capabilities=needs_messages_api)])

    check = await registry.offer_check("picky", make_provider(), Component.CHAT)

    assert check.reasons == (R.MODEL_CANNOT_USE_TOOLS,)


@pytest.mark.parametrize(
    ("tool_id", "visible_in", "available"),
    [
        pytest.param("ghost", ToolVisibility(), True, id="unknown"),
        pytest.param("plain", ONLY_ASSISTANTS, True, id="invisible-in-chat"),
        pytest.param("plain", ToolVisibility(), False, id="preview-off"),
    ],
)
async def test_offer_blocks_a_tool_not_available_here(
    make_registry, make_tool, make_provider, tool_id, visible_in, available
):
    registry = make_registry([make_tool("plain", visible_in=visible_in, available=available)])

    check = await registry.offer_check(tool_id, make_provider(), Component.CHAT)

    assert check.reasons == (R.NOT_AVAILABLE_HERE,)


async def test_offer_blocks_a_tool_the_organisation_switched_off(
    make_registry, make_settings, make_tool, make_provider
):
    settings = make_settings(organization(disabled_tool_ids=frozenset({"plain"})))
    registry = make_registry([make_tool("plain")], settings_service=settings)

    check = await registry.offer_check("plain", make_provider(), Component.CHAT)

    assert check.reasons == (R.TOOL_SWITCHED_OFF,)
    assert check.disabled_by_organization
    assert not check.disabled_by_user
    assert block_message(check) == "Your organisation has switched this tool off."


async def test_offer_blocks_a_tool_the_user_switched_off(
    make_registry, settings, make_tool, make_provider
):
    registry = make_registry([make_tool("plain")])
    await settings.set_tool_enabled("plain", False)

    check = await registry.offer_check("plain", make_provider(), Component.CHAT)

    assert check.reasons == (R.TOOL_SWITCHED_OFF,)
    assert check.disabled_by_user
    assert not check.disabled_by_organization
    assert block_message(check) == "You have switched this tool off in the settings."


@pytest.mark.parametrize("named", ["mail", "read_mail", "search_mails"])
async def test_naming_the_collection_or_any_member_switches_off_all_of_it(
    make_registry, make_settings, make_tool, make_collection, make_provider, named
):
    settings = make_settings(organization(disabled_tool_ids=frozenset({named})))
    registry = make_registry(
        [make_tool("search_mails"), make_tool("read_mail")],
        collections=[make_collection("mail", "search_mails", "read_mail")],
        settings_service=settings,
    )

    for entry_id in ("mail", "search_mails", "read_mail"):
        check = await registry.check(entry_id, make_provider(), UNRESTRICTED)
        assert check.reasons == (R.TOOL_SWITCHED_OFF,), entry_id


async def test_check_reports_tool_use_off_as_the_tool_switched_off(
    make_registry, make_settings, make_tool, make_provider
):
    # Request preparation asks check only, so tool use being off must show there too.
    settings = make_settings(organization(tools_enabled=False))
    registry = make_registry([make_tool("plain")], settings_service=settings)

    check = await registry.check("plain", make_provider(), UNRESTRICTED)

    assert check.reasons == (R.TOOL_SWITCHED_OFF,)
    assert block_message(check) == "Tool use is switched off."


async def test_offer_blocks_a_tool_missing_required_settings(
    make_registry, make_tool, make_provider
):
    registry = make_registry([make_tool("wiki", settings_schema=NEEDS_URL)])

    check = await registry.offer_check("wiki", make_provider(), Component.CHAT)

    assert check.reasons == (R.NOT_CONFIGURED,)
    assert check.missing_required_fields == ("url",)
    assert block_message(check) == (
        "Some required settings are missing (url). Set them up to use this tool."
    )


async def test_offer_allows_a_tool_once_its_settings_are_saved(
    make_registry, settings, make_tool, make_provider
):
    tool = make_tool("wiki", settings_schema=NEEDS_URL)
    registry = make_registry([tool])
    await settings.set_value(tool.definition(), "url", "https://wiki.example.org/")

    assert (await registry.offer_check("wiki", make_provider(), Component.CHAT)).reasons == ()


async def test_offer_blocks_a_tool_whose_own_validation_fails(
    make_registry, make_tool, make_provider
):
    registry = make_registry([make_tool("wiki", validation_message="The address is not HTTPS.")])

    check = await registry.offer_check("wiki", make_provider(), Component.CHAT)

    assert check.reasons == (R.NOT_CONFIGURED,)
    assert check.configuration_message == "The address is not HTTPS."
    assert block_message(check) == (
        "The settings of this tool need attention: The address is not HTTPS."
    )


async def test_offer_blocks_a_provider_below_the_tool_minimum(
    make_registry, make_tool, make_provider
):
    registry = make_registry([make_tool("wiki", minimum=ConfidenceLevel.HIGH)])

    check = await registry.offer_check(
        "wiki", make_provider(ConfidenceLevel.MEDIUM), Component.CHAT
    )

    assert check.reasons == (R.PROVIDER_CONFIDENCE_TOO_LOW,)
    assert check.required_confidence == ConfidenceLevel.HIGH
    assert check.provider_confidence == ConfidenceLevel.MEDIUM
    assert block_message(check) == (
        "This tool needs a provider with confidence high or higher; the selected provider has "
        "medium."
    )


@pytest.mark.parametrize("provider_level", list(ConfidenceLevel), ids=lambda level: level.name)
async def test_a_minimum_of_none_asks_nothing(
    make_registry, make_tool, make_provider, provider_level
):
    registry = make_registry([make_tool("free", minimum=ConfidenceLevel.NONE)])

    check = await registry.check("free", make_provider(provider_level), UNRESTRICTED)

    assert check.reasons == ()


async def test_offer_lists_every_reason_in_check_order(
    make_registry, make_settings, make_tool, make_provider
):
    settings = make_settings(
        organization(tools_enabled=False, disabled_tool_ids=frozenset({"wiki"}))
    )
    tool = make_tool(
        "wiki",
        visible_in=ONLY_ASSISTANTS,
        settings_schema=NEEDS_URL,
        minimum=ConfidenceLevel.HIGH,
        capabilities=frozenset({ModelCapability.FUNCTION_CALLING, ModelCapability.MESSAGES_API}),
    )
    registry = make_registry([tool], settings_service=settings)

    check = await registry.offer_check("wiki", make_provider(ConfidenceLevel.LOW), Component.CHAT)

    assert check.reasons == (
        R.TOOLS_SWITCHED_OFF,
        R.MODEL_CANNOT_USE_TOOLS,
        R.NOT_AVAILABLE_HERE,
        R.TOOL_SWITCHED_OFF,
        R.NOT_CONFIGURED,
        R.PROVIDER_CONFIDENCE_TOO_LOW,
    )
    assert block_message(check) == " ".join(
        [
            "Tool use is switched off.",
            "The selected model cannot call tools.",
            "This tool is not available here.",
            "Your organisation has switched this tool off.",
            "Some required settings are missing (url). Set them up to use this tool.",
            "This tool needs a provider with confidence high or higher; the selected provider "
            "has low.",
        ]
    )


async def test_check_lists_every_reason_including_outbound(
    make_registry, settings, make_tool, make_provider
):
    tool = make_tool(
        "fetch",
        settings_schema=NEEDS_URL,
        minimum=ConfidenceLevel.HIGH,
        outbound=ToolOutboundData.MODEL_CHOSEN_ADDRESSES,
    )
    registry = make_registry([tool])
    await settings.set_tool_enabled("fetch", False)

    check = await registry.check(
        "fetch", make_provider(ConfidenceLevel.LOW), OutboundDataRestriction.ONLY_LINKS_FROM_CHAT
    )

    assert check.reasons == (
        R.TOOL_SWITCHED_OFF,
        R.NOT_CONFIGURED,
        R.PROVIDER_CONFIDENCE_TOO_LOW,
        R.OUTBOUND_DATA_RESTRICTED,
    )
    assert block_message(check).endswith(
        "This chat holds content that must not leave the app through this tool."
    )


async def test_block_message_formats_after_translating(make_registry, make_tool, make_provider):
    registry = make_registry([make_tool("wiki", minimum=ConfidenceLevel.HIGH)])
    check = await registry.offer_check("wiki", make_provider(ConfidenceLevel.LOW), Component.CHAT)
    seen: list[TranslatableText] = []

    def translate(text: TranslatableText) -> str:
        seen.append(text)
        return f"<{text}>"

    message = block_message(check, translate)

    assert all(text.context == "ToolOffer" for text in seen)
    assert "{required}" in seen[0]
    assert message == (
        "<This tool needs a provider with confidence <high> or higher; the selected provider "
        "has <low>.>"
    )


# Confidence with collections: the highest level named for the collection or a member wins,
# and a collection's own minimum replaces its members'.


@pytest.fixture
def mail_registry(make_registry, make_tool, make_collection):
    def make(settings_service=None, collection_minimum=ConfidenceLevel.VERY_LOW):
        return make_registry(
            [
                make_tool("search_mails", minimum=ConfidenceLevel.HIGH),
                make_tool("read_mail", minimum=ConfidenceLevel.HIGH),
            ],
            collections=[
                make_collection("mail", "search_mails", "read_mail", minimum=collection_minimum)
            ],
            settings_service=settings_service,
        )

    return make


@pytest.mark.parametrize("entry_id", ["mail", "search_mails", "read_mail"])
async def test_collection_minimum_replaces_the_members_own(mail_registry, make_provider, entry_id):
    registry = mail_registry()

    check = await registry.check(entry_id, make_provider(ConfidenceLevel.LOW), UNRESTRICTED)

    assert check.required_confidence == ConfidenceLevel.VERY_LOW
    assert check.allowed


@pytest.mark.parametrize(
    ("user_levels", "required"),
    [
        pytest.param({"mail": ConfidenceLevel.LOW}, ConfidenceLevel.LOW, id="collection-only"),
        pytest.param(
            {"read_mail": ConfidenceLevel.MEDIUM}, ConfidenceLevel.MEDIUM, id="member-only"
        ),
        pytest.param(
            {"mail": ConfidenceLevel.LOW, "read_mail": ConfidenceLevel.MEDIUM},
            ConfidenceLevel.MEDIUM,
            id="member-higher",
        ),
        pytest.param(
            {"mail": ConfidenceLevel.HIGH, "search_mails": ConfidenceLevel.MODERATE},
            ConfidenceLevel.HIGH,
            id="collection-higher",
        ),
        pytest.param(
            {"search_mails": ConfidenceLevel.UNTRUSTED},
            ConfidenceLevel.UNTRUSTED,
            id="lower-than-own",
        ),
    ],
)
async def test_highest_level_named_for_collection_or_member_wins(
    mail_registry, settings, make_provider, user_levels, required
):
    registry = mail_registry()
    for tool_id, level in user_levels.items():
        await settings.set_minimum_confidence(tool_id, level)

    for entry_id in ("mail", "search_mails", "read_mail"):
        check = await registry.check(entry_id, make_provider(ConfidenceLevel.LOW), UNRESTRICTED)
        assert check.required_confidence == required, entry_id


async def test_organisation_level_for_a_member_applies_to_the_collection(
    mail_registry, make_settings, make_provider
):
    settings = make_settings(
        organization(minimum_confidence_by_tool_id={"search_mails": ConfidenceLevel.HIGH})
    )
    registry = mail_registry(settings)

    check = await registry.offer_check(
        "mail", make_provider(ConfidenceLevel.MEDIUM), Component.CHAT
    )

    assert check.reasons == (R.PROVIDER_CONFIDENCE_TOO_LOW,)


# Outbound data: every level a tool declares, under every restriction, policed or not.

BLOCKED = {
    (OutboundDataRestriction.ONLY_CONFIGURED_SERVICES, ToolOutboundData.THIRD_PARTY_QUERIES, False),
    (
        OutboundDataRestriction.ONLY_CONFIGURED_SERVICES,
        ToolOutboundData.MODEL_CHOSEN_ADDRESSES,
        False,
    ),
    (OutboundDataRestriction.ONLY_LINKS_FROM_CHAT, ToolOutboundData.THIRD_PARTY_QUERIES, False),
    (OutboundDataRestriction.ONLY_LINKS_FROM_CHAT, ToolOutboundData.MODEL_CHOSEN_ADDRESSES, False),
}

OUTBOUND_MATRIX = [
    pytest.param(
        restriction, outbound, enforces, id=f"{restriction.name}-{outbound.name}-{enforces}"
    )
    for restriction, outbound, enforces in itertools.product(
        OutboundDataRestriction, ToolOutboundData, (False, True)
    )
]


@pytest.mark.parametrize(("restriction", "outbound", "enforces"), OUTBOUND_MATRIX)
async def test_outbound_matrix(
    make_registry, make_tool, make_provider, restriction, outbound, enforces
):
    registry = make_registry([make_tool("tool", outbound=outbound, enforces=enforces)])

    check = await registry.check("tool", make_provider(), restriction)

    expected = (R.OUTBOUND_DATA_RESTRICTED,) if (restriction, outbound, enforces) in BLOCKED else ()
    assert check.reasons == expected


@pytest.mark.parametrize("restriction", list(OutboundDataRestriction))
async def test_offer_ignores_the_chat_restriction(
    make_registry, make_tool, make_provider, restriction
):
    # The selection UI does not know the chat's content; the request applies the restriction.
    registry = make_registry([make_tool("fetch", outbound=ToolOutboundData.MODEL_CHOSEN_ADDRESSES)])

    assert (await registry.offer_check("fetch", make_provider(), Component.CHAT)).reasons == ()


@pytest.mark.parametrize(
    ("members", "outbound", "enforces", "blocked"),
    [
        pytest.param(
            [(ToolOutboundData.NONE, False), (ToolOutboundData.THIRD_PARTY_QUERIES, True)],
            ToolOutboundData.THIRD_PARTY_QUERIES,
            True,
            False,
            id="outbound-member-polices",
        ),
        pytest.param(
            [
                (ToolOutboundData.MODEL_CHOSEN_ADDRESSES, True),
                (ToolOutboundData.THIRD_PARTY_QUERIES, False),
            ],
            ToolOutboundData.MODEL_CHOSEN_ADDRESSES,
            False,
            True,
            id="one-outbound-member-does-not",
        ),
        pytest.param(
            [(ToolOutboundData.CONFIGURED_SERVICE, False), (ToolOutboundData.NONE, False)],
            ToolOutboundData.CONFIGURED_SERVICE,
            False,
            False,
            id="nothing-leaves",
        ),
    ],
)
async def test_collection_outbound_is_its_most_outbound_member(
    make_registry, make_tool, make_collection, make_provider, members, outbound, enforces, blocked
):
    tools = [
        make_tool(f"t{n}", outbound=data, enforces=polices)
        for n, (data, polices) in enumerate(members)
    ]
    registry = make_registry(tools, collections=[make_collection("group", "t0", "t1")])

    entry = registry.entry("group")
    check = await registry.check(
        "group", make_provider(), OutboundDataRestriction.ONLY_CONFIGURED_SERVICES
    )

    assert entry is not None
    assert (entry.outbound_data, entry.enforces_restriction) == (outbound, enforces)
    assert (check.reasons == (R.OUTBOUND_DATA_RESTRICTED,)) is blocked
