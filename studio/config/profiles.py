"""What Studio knows about each kind of provider host, as data.

Every host-specific fact lives here as a flag on a :class:`ProviderProfile`: which wire API the
host speaks, where it is reached by default, whether it needs a key and how the key is sent,
whether it enforces strict tool schemas and whether it accepts a request for sequential tool
calls. The tool calling loop, the tools and the UI read these flags and never branch on a
provider's name, so supporting another host means adding a profile, not editing the loop.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from types import MappingProxyType

from pydantic import SecretStr

from studio.kernel.policy import ModelCapability
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableText

__all__ = ["ANTHROPIC_VERSION", "ProviderProfile", "ProviderType", "WireApi", "profile_for"]

ANTHROPIC_VERSION = "2023-06-01"
"""The Messages API version Studio speaks; Anthropic requires it on every request."""


class ProviderType(enum.Enum):
    """The kinds of provider host; each value is the name the command line and files use."""

    OPENAI_RESPONSES = "openai-responses"
    OPENAI_CHAT = "openai-chat"
    ANTHROPIC = "anthropic"
    OLLAMA = "ollama"
    LMSTUDIO = "lmstudio"
    LLAMACPP = "llamacpp"
    VLLM = "vllm"
    OPENROUTER = "openrouter"
    GROQ = "groq"
    MISTRAL = "mistral"
    HUGGINGFACE = "huggingface"
    OPENAI_COMPATIBLE = "openai-compatible"


class WireApi(enum.Enum):
    """The request and stream formats Studio speaks; one adapter module each (HS-4)."""

    CHAT_COMPLETIONS = "chat-completions"
    RESPONSES = "responses"
    ANTHROPIC_MESSAGES = "anthropic-messages"


_API_CAPABILITY = MappingProxyType(
    {
        WireApi.CHAT_COMPLETIONS: ModelCapability.CHAT_COMPLETION_API,
        WireApi.RESPONSES: ModelCapability.RESPONSES_API,
        WireApi.ANTHROPIC_MESSAGES: ModelCapability.MESSAGES_API,
    }
)


@dataclass(frozen=True, kw_only=True)
class ProviderProfile:
    """The facts about one kind of host that change how Studio talks to it.

    The defaults describe the common case, an OpenAI-compatible cloud host; each profile states
    only where its host differs.
    """

    type: ProviderType
    display_name: TranslatableText
    """The name the UI shows, translated there (context ``"ProviderType"``)."""
    wire_api: WireApi
    default_base_url: str | None
    """Where the host is reached unless the user says otherwise; None when there is no public
    or conventional address, so the user must give one."""
    requires_api_key: bool = True
    """False for hosts that usually run without authentication, such as local servers."""
    self_hosted: bool = False
    """The host runs on a machine the user controls, by default their own."""
    enforces_strict_schemas: bool = False
    """The host binds the model's arguments to the tool schema, so tools may be sent with
    ``strict: true``. Hosts that merely accept the flag get schemas as written: with strict
    schemas some rejected calls that omitted optional arguments, and some models invented
    placeholders for them."""
    may_ask_for_sequential_calls: bool = True
    """The host accepts ``parallel_tool_calls: false``; False for hosts that reject the
    request because of it."""
    api_key_header: str = "Authorization"
    """The request header that carries the API key."""
    api_key_prefix: str = "Bearer "
    """Written before the key in :attr:`api_key_header`."""
    fixed_headers: tuple[tuple[str, str], ...] = ()
    """Headers the host requires on every request, whatever the key."""

    @property
    def default_capabilities(self) -> frozenset[ModelCapability]:
        """What a model on this host can do unless the user's settings say otherwise.

        Function calling plus the host's API: the pair the registry needs before it offers tools.
        """
        return frozenset({ModelCapability.FUNCTION_CALLING, _API_CAPABILITY[self.wire_api]})

    def request_headers(self, api_key: SecretStr | None) -> dict[str, str]:
        """The headers every request to this host carries; the key only when one is given.

        The result holds the key in plain text: send it, never log it.
        """
        headers = dict(self.fixed_headers)
        if api_key is not None:
            headers[self.api_key_header] = self.api_key_prefix + api_key.get_secret_value()
        return headers


_PROFILES: tuple[ProviderProfile, ...] = (
    ProviderProfile(
        type=ProviderType.OPENAI_RESPONSES,
        display_name=QT_TRANSLATE_NOOP("ProviderType", "OpenAI (Responses API)"),
        wire_api=WireApi.RESPONSES,
        default_base_url="https://api.openai.com/v1",
        enforces_strict_schemas=True,
    ),
    ProviderProfile(
        type=ProviderType.OPENAI_CHAT,
        display_name=QT_TRANSLATE_NOOP("ProviderType", "OpenAI (Chat Completions API)"),
        wire_api=WireApi.CHAT_COMPLETIONS,
        default_base_url="https://api.openai.com/v1",
        enforces_strict_schemas=True,
    ),
    ProviderProfile(
        type=ProviderType.ANTHROPIC,
        display_name=QT_TRANSLATE_NOOP("ProviderType", "Anthropic"),
        wire_api=WireApi.ANTHROPIC_MESSAGES,
        default_base_url="https://api.anthropic.com/v1",
        api_key_header="x-api-key",
        api_key_prefix="",
        fixed_headers=(("anthropic-version", ANTHROPIC_VERSION),),
    ),
    ProviderProfile(
        type=ProviderType.OLLAMA,
        display_name=QT_TRANSLATE_NOOP("ProviderType", "Ollama"),
        wire_api=WireApi.CHAT_COMPLETIONS,
        default_base_url="http://localhost:11434/v1",
        requires_api_key=False,
        self_hosted=True,
    ),
    ProviderProfile(
        type=ProviderType.LMSTUDIO,
        display_name=QT_TRANSLATE_NOOP("ProviderType", "LM Studio"),
        wire_api=WireApi.CHAT_COMPLETIONS,
        default_base_url="http://localhost:1234/v1",
        requires_api_key=False,
        self_hosted=True,
    ),
    ProviderProfile(
        type=ProviderType.LLAMACPP,
        display_name=QT_TRANSLATE_NOOP("ProviderType", "llama.cpp"),
        wire_api=WireApi.CHAT_COMPLETIONS,
        default_base_url="http://localhost:8080/v1",
        requires_api_key=False,
        self_hosted=True,
    ),
    ProviderProfile(
        type=ProviderType.VLLM,
        display_name=QT_TRANSLATE_NOOP("ProviderType", "vLLM"),
        wire_api=WireApi.CHAT_COMPLETIONS,
        default_base_url="http://localhost:8000/v1",
        requires_api_key=False,
        self_hosted=True,
    ),
    ProviderProfile(
        type=ProviderType.OPENROUTER,
        display_name=QT_TRANSLATE_NOOP("ProviderType", "OpenRouter"),
        wire_api=WireApi.CHAT_COMPLETIONS,
        default_base_url="https://openrouter.ai/api/v1",
    ),
    ProviderProfile(
        type=ProviderType.GROQ,
        display_name=QT_TRANSLATE_NOOP("ProviderType", "Groq"),
        wire_api=WireApi.CHAT_COMPLETIONS,
        default_base_url="https://api.groq.com/openai/v1",
    ),
    ProviderProfile(
        type=ProviderType.MISTRAL,
        display_name=QT_TRANSLATE_NOOP("ProviderType", "Mistral AI"),
        wire_api=WireApi.CHAT_COMPLETIONS,
        default_base_url="https://api.mistral.ai/v1",
    ),
    ProviderProfile(
        type=ProviderType.HUGGINGFACE,
        display_name=QT_TRANSLATE_NOOP("ProviderType", "Hugging Face"),
        wire_api=WireApi.CHAT_COMPLETIONS,
        default_base_url="https://router.huggingface.co/v1",
        may_ask_for_sequential_calls=False,
    ),
    ProviderProfile(
        type=ProviderType.OPENAI_COMPATIBLE,
        display_name=QT_TRANSLATE_NOOP("ProviderType", "Other OpenAI-compatible host"),
        wire_api=WireApi.CHAT_COMPLETIONS,
        default_base_url=None,
        # Anything from a local server to a cloud gateway: whether it wants a key is unknown.
        requires_api_key=False,
    ),
)

_BY_TYPE = MappingProxyType({profile.type: profile for profile in _PROFILES})


def profile_for(provider_type: ProviderType) -> ProviderProfile:
    """The profile of ``provider_type``; every type has exactly one."""
    return _BY_TYPE[provider_type]
