"""One provider instance at run time: its settings, its key and its one HTTP client.

A :class:`Provider` is built from the :class:`~studio.config.providers.ProviderSettings` the
user set up and the API key from the keyring. It owns one ``httpx.AsyncClient`` for its whole
life (connections are reused across answers) and hands out a fresh
:class:`~studio.providers.base.ProviderAdapter` for every answer, because an adapter keeps that
answer's tool conversation. Which adapter depends on the profile's wire API; this is the only
place that maps an API to its adapter class (HS-4).

Close it with :meth:`Provider.aclose`, or use it as an async context manager.
"""

from __future__ import annotations

import asyncio
from types import TracebackType
from typing import Any, Self, assert_never

import httpx
from pydantic import SecretStr

from studio.config.profiles import WireApi
from studio.config.providers import ProviderSettings
from studio.kernel.context import ProviderContext
from studio.providers import _http, anthropic, chat_completions, responses
from studio.providers._adapter import StreamingAdapter
from studio.providers.base import Conversation, ProviderAdapter

__all__ = ["DEFAULT_TIMEOUT", "Provider"]

DEFAULT_TIMEOUT = httpx.Timeout(connect=10.0, read=120.0, write=30.0, pool=10.0)
"""How long a request may take at each step.

Ten seconds to connect is plenty for a reachable host; two minutes between two pieces of a
stream covers a reasoning model that thinks before its first token; a request body is written
in well under 30 seconds; and a pooled connection is free at once unless something is stuck.
A provider whose ``progress_timeout`` is longer than two minutes may be silent that long.

Silence is not the only way an answer stalls: a provider that trickles bytes or sends only
keep-alive events is stopped by the adapter once its ``progress_timeout`` passes without new
content (:class:`~studio.providers.errors.ProviderStalled`).
"""


class Provider:
    """A provider instance, ready to answer; see the module docstring.

    Args:
        settings: The provider as the user set it up.
        api_key: Its key from the keyring, or None for hosts that run without one.
        timeout: Overrides :data:`DEFAULT_TIMEOUT`; tests use short ones.
        sleep: Waits between retries of a refused request; tests inject one that returns.
    """

    def __init__(
        self,
        settings: ProviderSettings,
        api_key: SecretStr | None,
        *,
        timeout: httpx.Timeout = DEFAULT_TIMEOUT,
        sleep: _http.Sleep = asyncio.sleep,
    ) -> None:
        self._settings = settings
        self._api_key = api_key
        self._sleep = sleep
        if timeout is DEFAULT_TIMEOUT and settings.progress_timeout > (timeout.read or 0):
            # A provider given longer to make progress may also be silent that long.
            timeout = httpx.Timeout(
                connect=timeout.connect,
                read=settings.progress_timeout,
                write=timeout.write,
                pool=timeout.pool,
            )
        self._client = httpx.AsyncClient(
            base_url=settings.effective_base_url,
            headers=settings.profile.request_headers(api_key),
            timeout=timeout,
        )

    def __repr__(self) -> str:
        # Never the key, nor the headers that carry it.
        settings = self._settings
        return (
            f"Provider(name={settings.name!r}, type={settings.type.value!r}, "
            f"base_url={settings.effective_base_url!r}, model={settings.model!r})"
        )

    @property
    def settings(self) -> ProviderSettings:
        """The provider as the user set it up."""
        return self._settings

    def context(self) -> ProviderContext:
        """What the tool system needs to know: name, confidence and what the model can do."""
        return self._settings.context()

    def new_adapter(self, conversation: Conversation) -> ProviderAdapter:
        """A fresh adapter for one answer that starts from ``conversation``; never share it."""
        adapter_class: type[StreamingAdapter[Any]]
        match self._settings.profile.wire_api:
            case WireApi.CHAT_COMPLETIONS:
                adapter_class = chat_completions.ChatCompletionsAdapter
            case WireApi.RESPONSES:
                adapter_class = responses.ResponsesAdapter
            case WireApi.ANTHROPIC_MESSAGES:
                adapter_class = anthropic.AnthropicAdapter
            case unknown:
                assert_never(unknown)
        return adapter_class(
            self._settings, self._api_key, self._client, conversation, sleep=self._sleep
        )

    async def aclose(self) -> None:
        """Close the HTTP client and its connections; the provider cannot be used afterwards."""
        await self._client.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()
