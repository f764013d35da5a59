"""Helpers for adapter tests: providers pointed at the fake server, and rounds run to the end."""

from __future__ import annotations

from typing import Any

from pydantic import SecretStr

from studio.config.profiles import ProviderType
from studio.config.providers import ProviderSettings
from studio.kernel.policy import ConfidenceLevel
from studio.kernel.rounds import AdapterTextDelta, Round, RoundCompleted
from studio.providers.base import Conversation, ProviderAdapter
from studio.providers.provider import Provider


async def no_sleep(seconds: float) -> None:
    """Stands in for ``asyncio.sleep`` so retry tests do not wait."""


class AdapterFactory:
    """Makes adapters of providers that talk to the fake server, and closes them afterwards."""

    def __init__(
        self,
        server_url: str,
        provider_type: ProviderType,
        secret: str,
        conversation: Conversation,
    ) -> None:
        self._server_url = server_url
        self._provider_type = provider_type
        self._secret = secret
        self._conversation = conversation
        self._providers: list[Provider] = []

    def make(
        self,
        conversation: Conversation | None = None,
        provider_type: ProviderType | None = None,
        **changes: Any,
    ) -> ProviderAdapter:
        """An adapter for one answer; ``changes`` override the provider's settings."""
        settings = ProviderSettings.from_user(
            name="Test host",
            type=provider_type or self._provider_type,
            base_url=f"{self._server_url}/v1",
            model="test-model",
            confidence=ConfidenceLevel.MEDIUM,
            **changes,
        )
        provider = Provider(settings, SecretStr(self._secret), sleep=no_sleep)
        self._providers.append(provider)
        return provider.new_adapter(conversation or self._conversation)

    async def aclose(self) -> None:
        """Close every provider made."""
        for provider in self._providers:
            await provider.aclose()


class Streamed:
    """What one round yielded: its deltas and, if it completed, its round."""

    def __init__(self) -> None:
        self.deltas: list[AdapterTextDelta] = []
        self.round: Round | None = None

    @property
    def text(self) -> str:
        """The text of all deltas."""
        return "".join(delta.text for delta in self.deltas)

    async def run(
        self, adapter: ProviderAdapter, instruction: str | None = None, include_tools: bool = True
    ) -> Streamed:
        """Run one round to its end, keeping what it yielded."""
        async for event in adapter.execute_round(instruction, include_tools):
            if isinstance(event, RoundCompleted):
                self.round = event.round
            else:
                self.deltas.append(event)
        return self


async def run_round(
    adapter: ProviderAdapter, instruction: str | None = None, include_tools: bool = True
) -> tuple[Streamed, Round]:
    """Run one round that must complete; its stream and its round."""
    streamed = await Streamed().run(adapter, instruction, include_tools)
    assert streamed.round is not None
    return streamed, streamed.round
