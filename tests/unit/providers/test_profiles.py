"""Provider profiles: every host fact the loop, tools and UI read instead of a provider name."""

from __future__ import annotations

import dataclasses

import pytest
from pydantic import SecretStr

from studio.config import profiles
from studio.config.profiles import (
    ANTHROPIC_VERSION,
    ProviderProfile,
    ProviderType,
    WireApi,
    profile_for,
)
from studio.kernel.policy import ModelCapability, can_use_tools
from studio.kernel.translatable import TranslatableText

KEY = "sk-test-5b1e0c"

OPENAI_TYPES = {ProviderType.OPENAI_RESPONSES, ProviderType.OPENAI_CHAT}
SELF_HOSTED_TYPES = {
    ProviderType.OLLAMA,
    ProviderType.LMSTUDIO,
    ProviderType.LLAMACPP,
    ProviderType.VLLM,
}

DEFAULT_BASE_URLS = {
    ProviderType.OPENAI_RESPONSES: "https://api.openai.com/v1",
    ProviderType.OPENAI_CHAT: "https://api.openai.com/v1",
    ProviderType.ANTHROPIC: "https://api.anthropic.com/v1",
    ProviderType.OLLAMA: "http://localhost:11434/v1",
    ProviderType.LMSTUDIO: "http://localhost:1234/v1",
    ProviderType.LLAMACPP: "http://localhost:8080/v1",
    ProviderType.VLLM: "http://localhost:8000/v1",
    ProviderType.OPENROUTER: "https://openrouter.ai/api/v1",
    ProviderType.GROQ: "https://api.groq.com/openai/v1",
    ProviderType.MISTRAL: "https://api.mistral.ai/v1",
    ProviderType.HUGGINGFACE: "https://router.huggingface.co/v1",
    ProviderType.OPENAI_COMPATIBLE: None,
}

ALL_TYPES = pytest.mark.parametrize("provider_type", list(ProviderType), ids=lambda t: t.value)


def test_provider_type_values_are_the_command_line_names() -> None:
    assert [provider_type.value for provider_type in ProviderType] == [
        "openai-responses",
        "openai-chat",
        "anthropic",
        "ollama",
        "lmstudio",
        "llamacpp",
        "vllm",
        "openrouter",
        "groq",
        "mistral",
        "huggingface",
        "openai-compatible",
    ]


def test_profiles_module_exports_its_public_names() -> None:
    assert sorted(profiles.__all__) == [
        "ANTHROPIC_VERSION",
        "ProviderProfile",
        "ProviderType",
        "WireApi",
        "profile_for",
    ]


@ALL_TYPES
def test_profile_for_returns_the_profile_of_that_type(provider_type: ProviderType) -> None:
    profile = profile_for(provider_type)

    assert isinstance(profile, ProviderProfile)
    assert profile.type is provider_type


@ALL_TYPES
def test_profile_default_base_url_is_the_hosts(provider_type: ProviderType) -> None:
    assert profile_for(provider_type).default_base_url == DEFAULT_BASE_URLS[provider_type]


@ALL_TYPES
def test_profile_wire_api_follows_the_host(provider_type: ProviderType) -> None:
    expected = {
        ProviderType.OPENAI_RESPONSES: WireApi.RESPONSES,
        ProviderType.ANTHROPIC: WireApi.ANTHROPIC_MESSAGES,
    }.get(provider_type, WireApi.CHAT_COMPLETIONS)

    assert profile_for(provider_type).wire_api is expected


def test_wire_api_values_name_the_apis() -> None:
    assert [api.value for api in WireApi] == ["chat-completions", "responses", "anthropic-messages"]


@ALL_TYPES
def test_only_openai_enforces_strict_schemas(provider_type: ProviderType) -> None:
    assert profile_for(provider_type).enforces_strict_schemas is (provider_type in OPENAI_TYPES)


@ALL_TYPES
def test_only_hugging_face_may_not_be_asked_for_sequential_calls(
    provider_type: ProviderType,
) -> None:
    allowed = profile_for(provider_type).may_ask_for_sequential_calls

    assert allowed is (provider_type is not ProviderType.HUGGINGFACE)


@ALL_TYPES
def test_self_hosted_types_need_no_api_key(provider_type: ProviderType) -> None:
    profile = profile_for(provider_type)

    assert profile.self_hosted is (provider_type in SELF_HOSTED_TYPES)
    optional_key = SELF_HOSTED_TYPES | {ProviderType.OPENAI_COMPATIBLE}
    assert profile.requires_api_key is (provider_type not in optional_key)


@ALL_TYPES
def test_default_capabilities_allow_tool_calling_over_the_hosts_api(
    provider_type: ProviderType,
) -> None:
    profile = profile_for(provider_type)
    api_capability = {
        WireApi.CHAT_COMPLETIONS: ModelCapability.CHAT_COMPLETION_API,
        WireApi.RESPONSES: ModelCapability.RESPONSES_API,
        WireApi.ANTHROPIC_MESSAGES: ModelCapability.MESSAGES_API,
    }[profile.wire_api]

    assert profile.default_capabilities == {ModelCapability.FUNCTION_CALLING, api_capability}
    assert can_use_tools(profile.default_capabilities)


@ALL_TYPES
def test_display_name_is_translatable_in_the_provider_type_context(
    provider_type: ProviderType,
) -> None:
    name = profile_for(provider_type).display_name

    assert isinstance(name, TranslatableText)
    assert name.context == "ProviderType"
    assert name.strip()


def test_display_names_are_distinct() -> None:
    names = [profile_for(provider_type).display_name for provider_type in ProviderType]

    assert len(set(names)) == len(names)


@pytest.mark.parametrize(
    "provider_type",
    [t for t in ProviderType if t is not ProviderType.ANTHROPIC],
    ids=lambda t: t.value,
)
def test_request_headers_send_the_key_as_bearer_token(provider_type: ProviderType) -> None:
    headers = profile_for(provider_type).request_headers(SecretStr(KEY))

    assert headers == {"Authorization": f"Bearer {KEY}"}


def test_request_headers_send_anthropics_key_and_version() -> None:
    headers = profile_for(ProviderType.ANTHROPIC).request_headers(SecretStr(KEY))

    assert headers == {"x-api-key": KEY, "anthropic-version": "2023-06-01"}
    assert ANTHROPIC_VERSION == "2023-06-01"


@ALL_TYPES
def test_request_headers_without_key_hold_only_the_fixed_headers(
    provider_type: ProviderType,
) -> None:
    profile = profile_for(provider_type)

    assert profile.request_headers(None) == dict(profile.fixed_headers)
    assert "Authorization" not in profile.request_headers(None)


def test_profiles_cannot_be_changed() -> None:
    profile = profile_for(ProviderType.GROQ)

    with pytest.raises(dataclasses.FrozenInstanceError):
        profile.enforces_strict_schemas = True  # type: ignore[misc]
    assert profile_for(ProviderType.GROQ).enforces_strict_schemas is False
