"""The run-time provider: one client, an adapter per answer chosen by the wire API, no key shown."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import SecretStr

from studio.config.profiles import ProviderType
from studio.config.providers import ProviderSettings
from studio.kernel.context import ProviderContext
from studio.kernel.policy import ConfidenceLevel, ModelCapability
from studio.providers.anthropic import AnthropicAdapter
from studio.providers.base import ChatMessage, Conversation
from studio.providers.chat_completions import ChatCompletionsAdapter
from studio.providers.provider import DEFAULT_TIMEOUT, Provider
from studio.providers.responses import ResponsesAdapter

SECRET = "sk-live-5be2c0ffee77"
CONVERSATION = Conversation(system_prompt="", messages=(ChatMessage(role="user", text="Hi"),))


def settings(**changes: Any) -> ProviderSettings:
    values: dict[str, Any] = {
        "name": "Work OpenAI",
        "type": ProviderType.OPENAI_CHAT,
        "model": "gpt-4o-mini",
        "confidence": ConfidenceLevel.MEDIUM,
    }
    values.update(changes)
    return ProviderSettings.from_user(**values)


@pytest.mark.parametrize(
    ("provider_type", "adapter_class"),
    [
        (ProviderType.OPENAI_CHAT, ChatCompletionsAdapter),
        (ProviderType.OLLAMA, ChatCompletionsAdapter),
        (ProviderType.HUGGINGFACE, ChatCompletionsAdapter),
        (ProviderType.OPENAI_RESPONSES, ResponsesAdapter),
        (ProviderType.ANTHROPIC, AnthropicAdapter),
    ],
    ids=lambda value: value.value if isinstance(value, ProviderType) else value.__name__,
)
async def test_new_adapter_follows_the_wire_api(
    provider_type: ProviderType, adapter_class: type[Any]
) -> None:
    async with Provider(settings(type=provider_type), SecretStr(SECRET)) as provider:
        first = provider.new_adapter(CONVERSATION)
        second = provider.new_adapter(CONVERSATION)

    assert type(first) is adapter_class
    assert first is not second


async def test_context_names_the_provider_its_confidence_and_capabilities() -> None:
    capabilities = frozenset({ModelCapability.FUNCTION_CALLING})
    async with Provider(
        settings(confidence=ConfidenceLevel.HIGH, capabilities=capabilities), None
    ) as provider:
        context = provider.context()

    assert context == ProviderContext(
        name="Work OpenAI", confidence=ConfidenceLevel.HIGH, capabilities=capabilities
    )


async def test_context_uses_the_profiles_capabilities_by_default() -> None:
    async with Provider(settings(type=ProviderType.ANTHROPIC), None) as provider:
        context = provider.context()

    assert context.capabilities == provider.settings.profile.default_capabilities
    assert context.can_use_tools


async def test_repr_names_the_provider_but_never_the_key() -> None:
    async with Provider(settings(base_url="https://llm.example/v1"), SecretStr(SECRET)) as provider:
        text = repr(provider)

    assert SECRET not in text
    assert text == (
        "Provider(name='Work OpenAI', type='openai-chat', base_url='https://llm.example/v1', "
        "model='gpt-4o-mini')"
    )


async def test_aclose_closes_the_client_so_no_adapter_can_send() -> None:
    provider = Provider(settings(), None)
    await provider.aclose()

    adapter = provider.new_adapter(CONVERSATION)
    with pytest.raises(RuntimeError, match="closed"):
        async for _ in adapter.execute_round(None, include_tools=False):
            pass


def test_default_timeout_is_explicit() -> None:
    assert DEFAULT_TIMEOUT.connect == 10.0
    assert DEFAULT_TIMEOUT.read == 120.0
    assert DEFAULT_TIMEOUT.write is not None
    assert DEFAULT_TIMEOUT.pool is not None
