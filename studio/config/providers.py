"""The providers the user set up: host type, address, model and trust, plus keys in the keyring.

Each provider instance is a :class:`ProviderSettings` in the profile's ``providers.json``; its
API key lives only in the OS keyring, under the provider's name. The file is read on first use,
not when a profile opens, so a command that never touches providers never sets a broken file
aside without telling anyone. Errors, all :class:`~studio.errors.ConfigError`::

    ConfigError                      (studio.errors)
    ├── InvalidProviderError         a name, base URL, model or other value cannot be used
    ├── DuplicateProviderError       a provider with this name exists already
    ├── UnknownProviderError         no provider has this name
    ├── MissingApiKeyError           the provider's type needs an API key and none was given
    └── ManagedProviderError         the organisation manages this provider; it cannot change

The organisation's providers (its policy's ``providers``) come first in every list. They are
never written to ``providers.json``: a user's own provider of the same name stays in the file,
hidden while the policy has one of that name, and returns when the policy withdraws it. A key
the policy ships is held only in memory; a key each user enters for a managed provider has its
own keyring entry (:func:`managed_api_key_secret_id`), so it never mixes with the key of the
user's own provider of that name. Only a provider the policy ships can be trusted
(:func:`is_trusted`). What users are told about managed providers, and where their keys come
from (:class:`~studio.config.managed_providers.KeyMode`), is in
:mod:`studio.config.managed_providers`.

Their messages, the validation messages included, are translatable templates with values
(``QT_TRANSLATE_NOOP``), so the UI shows them in the user's language.
"""

from __future__ import annotations

import asyncio
import json
import logging
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Protocol
from urllib.parse import urlsplit

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    SecretStr,
    ValidationError,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import PydanticCustomError

from studio.config import managed_providers
from studio.config.labels import KeyState
from studio.config.managed_providers import KeyMode
from studio.config.profiles import ProviderProfile, ProviderType, profile_for
from studio.config.secrets import (
    KeyringBackendInfo,
    SecretId,
    SecretStore,
    keyring_backend,
    unavailable_reason,
)
from studio.config.store import DocumentStore, Reloaded
from studio.errors import ConfigError, SecretStoreError
from studio.kernel.context import ProviderContext
from studio.kernel.policy import ConfidenceLevel, ModelCapability
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage, TranslatableText

__all__ = [
    "DEFAULT_PROGRESS_TIMEOUT",
    "MAX_PROGRESS_TIMEOUT",
    "NAME_MAX_LENGTH",
    "PROVIDERS_VERSION",
    "ConfidenceName",
    "DuplicateProviderError",
    "InvalidProviderError",
    "ManagedProvider",
    "ManagedProviderError",
    "MissingApiKeyError",
    "ProviderPolicy",
    "ProviderSettings",
    "ProviderStore",
    "ProvidersDocument",
    "UnknownProviderError",
    "api_key_secret_id",
    "is_trusted",
    "managed_api_key_secret_id",
]

logger = logging.getLogger(__name__)

PROVIDERS_VERSION = 1
"""The version of the providers file this Studio writes."""

NAME_MAX_LENGTH = 64
"""The longest provider name; names appear in menus, the keyring and the command line."""

DEFAULT_PROGRESS_TIMEOUT = 120.0
"""Seconds an answer may go without new content before it is stopped, unless the user says."""

MAX_PROGRESS_TIMEOUT = 3600.0
"""The longest progress timeout a provider may have: an hour."""

_NAME_PUNCTUATION = frozenset(" -_.")
_MODEL_MAX_LENGTH = 256

_BLANK_NAME = QT_TRANSLATE_NOOP("ProviderSettings", "A provider name must not be blank.")
_INVALID_NAME = QT_TRANSLATE_NOOP(
    "ProviderSettings",
    "The provider name {name!r} is not valid: use 1 to {length} letters, digits, spaces, '-', "
    "'_' or '.'.",
)
_BLANK_MODEL = QT_TRANSLATE_NOOP("ProviderSettings", "The model must not be blank.")
_INVALID_MODEL = QT_TRANSLATE_NOOP(
    "ProviderSettings",
    "The model {model!r} is not valid: use at most {length} printable characters.",
)
_INVALID_BASE_URL = QT_TRANSLATE_NOOP(
    "ProviderSettings",
    "The base URL {url!r} is not valid: give an absolute http:// or https:// address, such as "
    "https://api.example.com/v1.",
)
_CREDENTIALS_IN_URL = QT_TRANSLATE_NOOP(
    "ProviderSettings",
    "A base URL takes no user name, password, query or fragment; Studio keeps the API key in "
    "the OS keyring.",
)
_NOT_JSON = QT_TRANSLATE_NOOP(
    "ProviderSettings", "The additional API parameters must be plain JSON values."
)
_NO_DEFAULT_ADDRESS = QT_TRANSLATE_NOOP(
    "ProviderSettings",
    "The provider type {type!r} has no default address, so it needs a base URL.",
)
_INVALID_SETTING = QT_TRANSLATE_NOOP(
    "ProviderSettings", "The provider setting {field!r} is not valid: {problem}."
)
_UNKNOWN = QT_TRANSLATE_NOOP(
    "ProviderStore", "There is no provider {name!r}; the providers: {known}."
)
_UNKNOWN_NONE = QT_TRANSLATE_NOOP(
    "ProviderStore", "There is no provider {name!r}; the providers: none are set up."
)
_DUPLICATE = QT_TRANSLATE_NOOP("ProviderStore", "There is already a provider {name!r}.")
_NEEDS_KEY = QT_TRANSLATE_NOOP("ProviderStore", "The provider type {type!r} needs an API key.")
_KEY_UNREADABLE = QT_TRANSLATE_NOOP(
    "ProviderStore",
    "No API key could be read for the provider {name!r}, whose type {type!r} needs one. {reason}",
)
_KEY_NOT_STORED = QT_TRANSLATE_NOOP(
    "ProviderStore",
    "No API key could be read for the provider {name!r}: none is stored, and its type {type!r} "
    "needs one. Enter the key in the provider's settings, or remove the provider and add it "
    "again with its key.",
)
_SET_ASIDE = QT_TRANSLATE_NOOP(
    "ProviderStore",
    "Your providers file could not be read as a list of providers, so Studio started with no "
    "providers. The original file is kept as {kept!r}.",
)
_SET_ASIDE_BECAUSE = QT_TRANSLATE_NOOP(
    "ProviderStore",
    "Your providers file could not be read as a list of providers ({reason}), so Studio "
    "started with no providers. The original file is kept as {kept!r}.",
)
_REREAD_SET_ASIDE = QT_TRANSLATE_NOOP(
    "ProviderStore",
    "Your providers file changed while Studio was running but could not be read as a list of "
    "providers, so Studio kept the providers it had and saved them again. The changed file is "
    "kept as {kept!r}.",
)


class InvalidProviderError(ConfigError):
    """A provider's name, base URL, model or another value cannot be used."""


class DuplicateProviderError(ConfigError):
    """A provider with this name exists already."""


class UnknownProviderError(ConfigError):
    """No provider has this name."""


class MissingApiKeyError(ConfigError):
    """The provider's type needs an API key and none was given, or none can be read."""


class ManagedProviderError(ConfigError):
    """The organisation manages this provider: it cannot be changed or removed by the user."""


def api_key_secret_id(name: str) -> SecretId:
    """Where the API key of the provider called ``name`` lives in the keyring."""
    return SecretId(store="providers", owner=name, name="api_key")


def managed_api_key_secret_id(name: str) -> SecretId:
    """Where a user's own API key for the organisation's provider ``name`` lives in the keyring.

    Apart from :func:`api_key_secret_id`: a key the user keeps for their own provider of the
    same name must never go to the organisation's host, nor be replaced by the key they enter
    for the organisation's provider.
    """
    return SecretId(store="managed-providers", owner=name, name="api_key")


def _invalid(kind: str, template: TranslatableText, **values: object) -> PydanticCustomError:
    """A validation error whose message stays translatable (see :func:`_describe`)."""
    return PydanticCustomError(
        kind, "{message}", {"message": TranslatableMessage(template, **values)}
    )


def _check_name(value: str) -> str:
    name = value.strip()
    if not name:
        raise _invalid("provider_name", _BLANK_NAME)
    if len(name) > NAME_MAX_LENGTH or not all(
        character.isalpha() or character.isdecimal() or character in _NAME_PUNCTUATION
        for character in name
    ):
        # The name is shown (it may be long or odd, but it is never a secret).
        raise _invalid("provider_name", _INVALID_NAME, name=name, length=NAME_MAX_LENGTH)
    return name


def _check_model(value: str) -> str:
    model = value.strip()
    if not model:
        raise _invalid("provider_model", _BLANK_MODEL)
    if len(model) > _MODEL_MAX_LENGTH or any(
        unicodedata.category(character).startswith("C") for character in model
    ):
        raise _invalid("provider_model", _INVALID_MODEL, model=model, length=_MODEL_MAX_LENGTH)
    return model


def _check_base_url(value: str) -> str:
    url = value.strip()
    try:
        parts = urlsplit(url)
        _ = parts.port  # urlsplit checks the port only when it is read.
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
        raise _invalid("provider_base_url", _INVALID_BASE_URL, url=url)
    # A key in the address would end up in the providers file, in plain text.
    if parts.username is not None or parts.password is not None or parts.query or parts.fragment:
        raise _invalid("provider_base_url", _CREDENTIALS_IN_URL)
    # Adapters append their paths ("/chat/completions"), so one form is stored.
    return url.rstrip("/")


def _confidence_from_name(value: object) -> object:
    if isinstance(value, str):
        try:
            return ConfidenceLevel.parse(value)
        except ValueError as error:
            raise PydanticCustomError("provider_confidence", str(error)) from None
    return value


def _check_json(value: dict[str, Any]) -> dict[str, Any]:
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        raise _invalid("provider_parameters", _NOT_JSON) from None
    return value


def _capability_names(capabilities: frozenset[ModelCapability]) -> list[str]:
    # Sorted, so that saving the same providers writes the same file.
    return sorted(capability.value for capability in capabilities)


ConfidenceName = Annotated[
    ConfidenceLevel,
    BeforeValidator(_confidence_from_name),
    # Stored by name: the numbers are an implementation detail, a name is what people edit.
    PlainSerializer(lambda level: level.name, return_type=str),
    WithJsonSchema({"type": "string", "enum": [level.name for level in ConfidenceLevel]}),
]
"""A confidence level as files write it: by name, such as ``"HIGH"``."""


class ProviderSettings(BaseModel):
    """One provider the user set up: which host, which model, how far it is trusted.

    Never the API key: that lives in the keyring (:func:`api_key_secret_id`). Name, type, model
    and confidence have no defaults on purpose: there is no sensible default provider, and how
    far a provider is trusted is always the user's decision.
    """

    model_config = ConfigDict(extra="ignore", frozen=True)

    name: Annotated[
        str,
        AfterValidator(_check_name),
        Field(
            title="Name",
            description=(
                f"How the provider is called in Studio; unique, 1 to {NAME_MAX_LENGTH} letters, "
                "digits, spaces, '-', '_' or '.'."
            ),
        ),
    ]
    type: Annotated[
        ProviderType,
        Field(title="Provider type", description="The kind of host, which sets its API."),
    ]
    base_url: Annotated[
        Annotated[str, AfterValidator(_check_base_url)] | None,
        Field(
            title="Base URL",
            description="The API's address; empty for the provider type's default address.",
        ),
    ] = None
    model: Annotated[
        str,
        AfterValidator(_check_model),
        Field(title="Model", description="The model id as the host names it."),
    ]
    confidence: Annotated[
        ConfidenceName,
        Field(
            title="Confidence",
            description="How far you trust this provider with your data; tools ask for a minimum.",
        ),
    ]
    capabilities: Annotated[
        Annotated[frozenset[ModelCapability], PlainSerializer(_capability_names)] | None,
        Field(
            title="Capabilities",
            description="What the model can do; unset for the provider type's defaults.",
        ),
    ] = None
    additional_parameters: Annotated[
        dict[str, Any],
        AfterValidator(_check_json),
        Field(
            title="Additional API parameters",
            description="Sent with every request, such as temperature.",
        ),
    ] = {}
    progress_timeout: Annotated[
        float,
        Field(
            gt=0,
            le=MAX_PROGRESS_TIMEOUT,
            # The file names it only where the user changed it, so older files stay as written.
            exclude_if=lambda seconds: seconds == DEFAULT_PROGRESS_TIMEOUT,
            title="Progress timeout",
            description=(
                "Seconds an answer may go without new text or tool call content before Studio "
                "stops it; keep-alive events do not count."
            ),
        ),
    ] = DEFAULT_PROGRESS_TIMEOUT

    @model_validator(mode="after")
    def _has_base_url(self) -> ProviderSettings:
        if self.base_url is None and self.profile.default_base_url is None:
            raise _invalid("provider_base_url", _NO_DEFAULT_ADDRESS, type=self.type.value)
        return self

    @classmethod
    def from_user(cls, **values: Any) -> ProviderSettings:
        """Validate values a person typed; a refusal names the problem in one sentence.

        Raises:
            InvalidProviderError: a value cannot be used.
        """
        try:
            return cls.model_validate(values)
        except ValidationError as error:
            raise InvalidProviderError(_describe(error)) from None

    @property
    def profile(self) -> ProviderProfile:
        """The facts about this provider's kind of host."""
        return profile_for(self.type)

    @property
    def effective_base_url(self) -> str:
        """The address requests go to: the user's, else the provider type's default."""
        url = self.base_url or self.profile.default_base_url
        assert url is not None, "validation guarantees an address"
        return url

    @property
    def effective_capabilities(self) -> frozenset[ModelCapability]:
        """What the model can do: the user's override, else the provider type's defaults."""
        if self.capabilities is None:
            return self.profile.default_capabilities
        return self.capabilities

    def context(self, *, trusted: bool = False) -> ProviderContext:
        """What the tool system needs to know: name, confidence and what the model can do.

        Args:
            trusted: The organisation trusts this provider (see :meth:`ProviderStore.context`,
                which knows the policy).
        """
        return ProviderContext(
            name=self.name,
            confidence=self.confidence,
            capabilities=self.effective_capabilities,
            trusted=trusted,
            self_hosted=self.profile.self_hosted,
        )


def _describe(error: ValidationError) -> str:
    first = error.errors(include_url=False, include_input=False)[0]
    # Studio's own checks write whole sentences; pydantic's messages need the field named.
    message = first.get("ctx", {}).get("message")
    if isinstance(message, TranslatableMessage):
        return message
    if first["type"].startswith("provider_"):
        return first["msg"]
    field = ".".join(str(part) for part in first["loc"]) or "provider"
    return TranslatableMessage(_INVALID_SETTING, field=field, problem=first["msg"])


class ProvidersDocument(BaseModel):
    """Everything in the providers file."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    version: int = PROVIDERS_VERSION
    providers: Annotated[
        tuple[ProviderSettings, ...],
        Field(title="Providers", description="The providers the user set up, in their order."),
    ] = ()

    @model_validator(mode="after")
    def _names_unique(self) -> ProvidersDocument:
        seen: set[str] = set()
        for provider in self.providers:
            if _name_key(provider.name) in seen:
                raise ValueError(f"two providers are called {provider.name!r}")
            seen.add(_name_key(provider.name))
        return self


def _name_key(name: str) -> str:
    # Names differing only in case are one name: some keyrings (Windows) ignore case.
    return name.casefold()


@dataclass(frozen=True, kw_only=True)
class ManagedProvider:
    """A provider the organisation configured for every user, from its policy."""

    settings: ProviderSettings
    """The provider as the organisation configured it; users cannot change it."""
    key_mode: KeyMode
    """Where its API key comes from."""
    api_key: SecretStr | None = field(default=None, repr=False)
    """The decrypted shipped key, only in memory; never written anywhere."""
    origin: str = ""
    """The label of the policy it came from."""


class ProviderPolicy(Protocol):
    """What the store reads of the organisation's policy.

    :class:`~studio.config.organization.OrganizationPolicy` is one; that module builds on this
    one, so it cannot be imported here.
    """

    @property
    def providers(self) -> Sequence[ManagedProvider]:
        """The providers every user gets."""
        ...

    @property
    def trusted_provider_names(self) -> frozenset[str]:
        """Providers that may continue chats asking for a higher confidence than their own."""
        ...


def is_trusted(policy: ProviderPolicy | None, name: str) -> bool:
    """Whether the organisation trusts the provider called ``name``.

    Only a provider the policy ships can be trusted: one it lists as trusted and configures
    itself. A user's own provider never is, whatever it is called, since anyone can give a
    provider a trusted name and point it at any host; while the policy ships a provider of a
    name, the store hides the user's own provider of that name. Names compare ignoring case,
    as provider names do everywhere.
    """
    if policy is None:
        return False
    key = _name_key(name)
    return any(_name_key(trusted) == key for trusted in policy.trusted_provider_names) and any(
        _name_key(managed.settings.name) == key for managed in policy.providers
    )


class ProviderStore:
    """The user's providers and their API keys; the one way to read or change them.

    The command line and the app both go through here, so the file and the keyring stay in
    step: a provider's key is stored when it is added and deleted when it is removed.

    Args:
        path: The providers file.
        secrets: Where the API keys live.
        organization: The organisation's policy: its providers come first and cannot be
            changed, and it names which of them it trusts. None decides nothing.
    """

    def __init__(
        self, path: Path, secrets: SecretStore, *, organization: ProviderPolicy | None = None
    ) -> None:
        self._file = DocumentStore(
            path,
            ProvidersDocument,
            version=PROVIDERS_VERSION,
            label="providers file",
            set_aside=_SET_ASIDE,
            set_aside_because=_SET_ASIDE_BECAUSE,
        )
        self._secrets = secrets
        self._organization = organization
        self._document: ProvidersDocument | None = None
        self._notice: TranslatableMessage | None = None
        self._kept: Path | None = None
        # Each change starts from the current document; overlapping changes would lose one.
        self._update_lock = asyncio.Lock()

    @property
    def path(self) -> Path:
        """The providers file."""
        return self._file.path

    def _current(self) -> ProvidersDocument:
        if self._document is None:
            # A small file, read once and synchronously, like the settings file. One the system
            # refuses to read (a folder in its place) lists no providers and says why; changes,
            # which read the file again first, fail until it is fixed.
            loaded = self._file.load_for_start()
            self._document, self._notice = loaded.document, loaded.notice
            self._kept = loaded.kept
        return self._document

    async def reload(self) -> Reloaded:
        """Read the file again, for changes made elsewhere (``studio providers add``, an editor).

        Studio's own writes read back unchanged. A file that became unreadable is kept aside
        as at the start, but Studio goes on with the providers it had and writes them back, so
        neither the user's edit nor the providers are lost.

        Raises:
            ConfigError: the system refused to read or write the file; what was read before
                is kept.
        """
        async with self._update_lock:
            held = self._current()
            document, kept = await self._read_again()
            if kept is None:
                return Reloaded(changed=document != held)
            await asyncio.to_thread(self._file.save, held)
            return Reloaded(
                changed=False, notice=TranslatableMessage(_REREAD_SET_ASIDE, kept=str(kept))
            )

    async def _read_again(self) -> tuple[ProvidersDocument, Path | None]:
        """The providers as the file holds them now, so that a change never undoes another's.

        Returns the document and None, or, when the file has become unreadable (it is then kept
        aside), the document held before and where the file went.
        """
        held = self._current()
        loaded = await asyncio.to_thread(self._file.load)
        if loaded.kept is not None:
            return held, loaded.kept
        self._document = loaded.document
        return loaded.document, None

    @property
    def load_notice(self) -> TranslatableMessage | None:
        """What the user should be told about reading the file, if anything.

        Reading it reads the file, if that has not happened yet.
        """
        self._current()
        return self._notice

    @property
    def set_aside_copy(self) -> Path | None:
        """Where an unreadable providers file was moved to when it was read, else None.

        Reading it reads the file, if that has not happened yet.
        """
        self._current()
        return self._kept

    def list(self) -> tuple[ProviderSettings, ...]:
        """Every provider: the organisation's first, then the user's in the order they were added.

        A user's provider whose name the organisation uses (ignoring case) is left out while
        the policy has it; it stays in the file and is listed again once the policy drops it.
        """
        managed = tuple(provider.settings for provider in self._managed_providers())
        taken = {_name_key(provider.name) for provider in managed}
        own = (p for p in self._current().providers if _name_key(p.name) not in taken)
        return (*managed, *own)

    def _managed_providers(self) -> Sequence[ManagedProvider]:
        return self._organization.providers if self._organization is not None else ()

    def managed(self, name: str) -> ManagedProvider | None:
        """The organisation's provider called ``name``, ignoring case, or None."""
        key = _name_key(name)
        return next(
            (p for p in self._managed_providers() if _name_key(p.settings.name) == key), None
        )

    def is_managed(self, name: str) -> bool:
        """Whether the organisation manages the provider called ``name`` (ignoring case)."""
        return self.managed(name) is not None

    def managed_label(self, name: str) -> TranslatableMessage | None:
        """The marker "Managed by your organisation: <policy>" of a managed provider, or None."""
        managed = self.managed(name)
        return None if managed is None else managed_providers.managed_label(managed.origin)

    def accepts_user_key(self, name: str) -> bool:
        """Whether the user may set or delete the API key of the provider called ``name``.

        True for the user's own providers and for managed ones whose policy leaves each user
        to enter their own key; False where the organisation ships the key.
        """
        return managed_providers.accepts_user_key(self._key_mode(name))

    def key_problem(self, name: str) -> TranslatableMessage | None:
        """Why a managed provider has no usable key although its policy ships one, else None."""
        managed = self.managed(name)
        if managed is None:
            return None
        return managed_providers.key_problem(
            managed.settings.name, managed.key_mode, managed.origin
        )

    def key_label(self, name: str, state: KeyState) -> TranslatableText:
        """The label the app and the command line show for a provider's key.

        Args:
            name: The provider.
            state: Its :meth:`key_state`; a key the organisation ships has a label of its own.
        """
        return managed_providers.key_label(self._key_mode(name), state)

    def _key_mode(self, name: str) -> KeyMode | None:
        # Where the key of a managed provider comes from; None for the user's own provider.
        managed = self.managed(name)
        return None if managed is None else managed.key_mode

    def context(self, name: str) -> ProviderContext:
        """What the tool system needs to know of the provider ``name``, trust included.

        The name is compared ignoring case, as a person names a provider.

        Raises:
            UnknownProviderError: there is none.
        """
        return self.context_for(self.require(name))

    def context_for(self, settings: ProviderSettings) -> ProviderContext:
        """What the tool system needs to know of the provider ``settings``, trust included."""
        return settings.context(trusted=self.trusts(settings.name))

    def trusts(self, name: str) -> bool:
        """Whether the organisation trusts the provider called ``name`` (see :func:`is_trusted`).

        Only one of the organisation's own providers can be; the user's never is.
        """
        return is_trusted(self._organization, name)

    def get(self, name: str) -> ProviderSettings | None:
        """The provider called ``name`` exactly, or None."""
        return next((p for p in self.list() if p.name == name), None)

    def find(self, name: str) -> ProviderSettings | None:
        """The provider called ``name``, ignoring case as names do (see :meth:`add`), or None."""
        return _find(self.list(), name)

    def require(self, name: str) -> ProviderSettings:
        """The provider called ``name``, ignoring case, as a person names it.

        Raises:
            UnknownProviderError: there is none; the message lists the providers.
        """
        return self._checked(name, self.find(name))

    def _require(self, name: str) -> ProviderSettings:
        # Changes and keys name a provider exactly, as the app and scripts pass it on.
        return self._checked(name, self.get(name))

    def _checked(self, name: str, provider: ProviderSettings | None) -> ProviderSettings:
        if provider is None:
            known = ", ".join(repr(p.name) for p in self.list())
            if not known:
                raise UnknownProviderError(_UNKNOWN_NONE, name=name)
            raise UnknownProviderError(_UNKNOWN, name=name, known=known)
        return provider

    async def api_key(self, name: str) -> SecretStr | None:
        """The API key of the provider called ``name``, or None when none is stored.

        Raises:
            UnknownProviderError: there is no such provider.
            SecretStoreError: the keyring cannot be read.
        """
        provider = self._require(name)
        managed = self.managed(provider.name)
        if managed is None:
            return await self._secrets.get(api_key_secret_id(provider.name))
        match managed.key_mode:
            case KeyMode.SHIPPED:
                # Held in memory only; never written to the keyring or a file.
                return managed.api_key
            case KeyMode.EACH_USER:
                return await self._secrets.get(managed_api_key_secret_id(provider.name))
            case KeyMode.REFUSED:
                return None

    async def key_state(self, name: str) -> KeyState:
        """Whether the keyring holds the API key of the provider called ``name``.

        :attr:`KeyState.UNREADABLE` when there is no usable keyring or it fails to answer
        (the failure is logged, never the key). For a managed provider whose policy ships its
        key, :attr:`KeyState.STORED` when the key could be used, else :attr:`KeyState.NONE`
        and :meth:`key_problem` says why; :meth:`key_label` names where the key comes from.

        Raises:
            UnknownProviderError: there is no such provider.
        """
        managed = self.managed(self._require(name).name)
        if managed is not None and managed.key_mode is not KeyMode.EACH_USER:
            return KeyState.STORED if await self.api_key(name) is not None else KeyState.NONE
        if await self.keyring_unavailable_reason() is not None:
            return KeyState.UNREADABLE
        try:
            key = await self.api_key(name)
        except SecretStoreError as error:
            logger.warning("Could not read the key of %r: %s", name, error)
            return KeyState.UNREADABLE
        return KeyState.NONE if key is None else KeyState.STORED

    async def request_api_key(self, name: str) -> SecretStr | None:
        """The API key to send to the provider called ``name``, checked before any request.

        A provider whose type needs a key gets its key or an error saying why there is none,
        never a request without one that the host would refuse as a bad key.

        Returns:
            The stored key; None only when the type needs no key and none is stored.

        Raises:
            UnknownProviderError: there is no such provider.
            MissingApiKeyError: the type needs a key and none can be read; the message says
                whether no keyring is available or no key is stored.
            SecretStoreError: the keyring failed while reading the key.
        """
        provider = self._require(name)
        managed = self.managed(provider.name)
        if managed is not None:
            # The organisation meant the provider to have a key: never ask without it.
            refused = managed_providers.key_problem(provider.name, managed.key_mode, managed.origin)
            if refused is not None:
                raise MissingApiKeyError(refused)
        key = await self.api_key(provider.name)
        if key is not None and key.get_secret_value().strip():
            return key
        if not provider.profile.requires_api_key:
            return None
        reason = await self.keyring_unavailable_reason()
        if reason is not None:
            raise MissingApiKeyError(
                _KEY_UNREADABLE, name=provider.name, type=provider.type.value, reason=reason
            )
        if managed is not None:
            raise MissingApiKeyError(
                managed_providers.key_not_stored(provider.name, managed.origin)
            )
        raise MissingApiKeyError(_KEY_NOT_STORED, name=provider.name, type=provider.type.value)

    async def keyring_backend(self) -> KeyringBackendInfo | None:
        """Which keyring backend holds the keys (to name one the user chose); None if none."""
        return await keyring_backend(self._secrets)

    async def keyring_unavailable_reason(self) -> str | None:
        """Why no API key can be read or stored at all (no usable keyring), or None."""
        return await unavailable_reason(self._secrets)

    async def add(self, settings: ProviderSettings, api_key: SecretStr | None) -> None:
        """Add a provider and store its key in the keyring; a blank key counts as none.

        The keyring is written first: when it fails, nothing changed. Without a key, a key
        left in the keyring under the same name is deleted, so a new provider never sends an
        old one's key to its host.

        Raises:
            DuplicateProviderError: a provider has this name (compared ignoring case), the
                user's or the organisation's.
            MissingApiKeyError: the provider's type needs a key and none was given.
            SecretStoreError: the keyring cannot store the key.
        """
        if api_key is not None and not api_key.get_secret_value().strip():
            api_key = None
        async with self._update_lock:
            document, _ = await self._read_again()
            managed = self.managed(settings.name)
            clash = managed.settings if managed is not None else None
            clash = clash or _find(document.providers, settings.name)
            if clash is not None:
                raise DuplicateProviderError(_DUPLICATE, name=clash.name)
            if api_key is None and settings.profile.requires_api_key:
                raise MissingApiKeyError(_NEEDS_KEY, type=settings.type.value)
            secret_id = api_key_secret_id(settings.name)
            if api_key is None:
                await self._secrets.delete(secret_id)
            else:
                await self._secrets.set(secret_id, api_key)
            updated = document.model_copy(update={"providers": (*document.providers, settings)})
            try:
                await asyncio.to_thread(self._file.save, updated)
            except Exception:
                # Not on cancellation: the save goes on in its thread and may well succeed.
                if api_key is not None:
                    await self._forget_key(secret_id)
                raise
            self._document = updated
        logger.info("Added the provider %r (%s)", settings.name, settings.type.value)

    async def update(self, settings: ProviderSettings, api_key: SecretStr | None = None) -> None:
        """Replace the provider called ``settings.name`` (its place in the list stays).

        The stored key stays unless ``api_key`` brings a new one (a blank key counts as
        none). A new key is stored first and the old one put back if the file cannot be saved,
        so a failed change leaves provider and key as they were.

        A managed provider cannot change; where its policy leaves the key to each user, the
        user's own key can (``settings`` are then the organisation's, unchanged).

        Raises:
            UnknownProviderError: there is no provider of that name.
            ManagedProviderError: the organisation manages the provider.
            MissingApiKeyError: the new type needs a key and none is stored or given.
            SecretStoreError: the keyring cannot store the new key.
        """
        if api_key is not None and not api_key.get_secret_value().strip():
            api_key = None
        managed = self.managed(settings.name)
        if managed is not None:
            if settings != managed.settings:
                raise self._managed_error(managed)
            if api_key is not None:
                # Refused where the organisation ships the key.
                await self.set_api_key(managed.settings.name, api_key)
            return
        async with self._update_lock:
            document, _ = await self._read_again()
            current = self._require(settings.name)
            secret_id = api_key_secret_id(current.name)
            old_key = await self._secrets.get(secret_id)
            if api_key is None and old_key is None and settings.profile.requires_api_key:
                raise MissingApiKeyError(_NEEDS_KEY, type=settings.type.value)
            if api_key is not None:
                await self._secrets.set(secret_id, api_key)
            providers = tuple(settings if p is current else p for p in document.providers)
            updated = document.model_copy(update={"providers": providers})
            try:
                await asyncio.to_thread(self._file.save, updated)
            except Exception:
                if api_key is not None:
                    await self._restore_key(secret_id, old_key)
                raise
            self._document = updated
        logger.info("Changed the provider %r (%s)", settings.name, settings.type.value)

    async def remove(self, name: str) -> ProviderSettings:
        """Remove the provider called ``name`` and delete its key; return what was removed.

        The file is written first, so the provider is gone even if the keyring then fails.

        Raises:
            UnknownProviderError: there is no such provider.
            ManagedProviderError: the organisation manages the provider.
            SecretStoreError: the keyring cannot delete the key; the provider is removed.
        """
        managed = self.managed(name)
        if managed is not None:
            raise ManagedProviderError(
                managed_providers.removal_refused(managed.settings.name, managed.origin)
            )
        async with self._update_lock:
            document, _ = await self._read_again()
            removed = self._require(name)
            kept = tuple(p for p in document.providers if p is not removed)
            updated = document.model_copy(update={"providers": kept})
            await asyncio.to_thread(self._file.save, updated)
            self._document = updated
            await self._secrets.delete(api_key_secret_id(removed.name))
        logger.info("Removed the provider %r", removed.name)
        return removed

    async def set_api_key(self, name: str, api_key: SecretStr | None) -> None:
        """Store the user's API key for the provider called ``name``; None or blank deletes it.

        For a managed provider whose policy leaves the key to each user, this is the user's
        own key for it, kept apart from the key of any provider of their own.

        Raises:
            UnknownProviderError: there is no such provider.
            ManagedProviderError: the organisation ships the provider's key.
            SecretStoreError: the keyring cannot store or delete the key.
        """
        if api_key is not None and not api_key.get_secret_value().strip():
            api_key = None
        provider = self._require(name)
        managed = self.managed(provider.name)
        if managed is not None and not managed_providers.accepts_user_key(managed.key_mode):
            raise ManagedProviderError(
                managed_providers.key_change_refused(provider.name, managed.origin)
            )
        secret_id = (
            api_key_secret_id(provider.name)
            if managed is None
            else managed_api_key_secret_id(provider.name)
        )
        async with self._update_lock:
            if api_key is None:
                await self._secrets.delete(secret_id)
            else:
                await self._secrets.set(secret_id, api_key)
        logger.info("%s the API key of %r", "Stored" if api_key else "Deleted", provider.name)

    @staticmethod
    def _managed_error(managed: ManagedProvider) -> ManagedProviderError:
        return ManagedProviderError(
            managed_providers.change_refused(
                managed.settings.name, managed.key_mode, managed.origin
            )
        )

    async def _restore_key(self, secret_id: SecretId, old_key: SecretStr | None) -> None:
        # Puts back the key a failed change replaced; like _forget_key, only logs a failure.
        if old_key is None:
            await self._forget_key(secret_id)
            return
        try:
            await self._secrets.set(secret_id, old_key)
        except Exception as error:
            logger.warning("The old key of %r could not be put back: %s", secret_id.owner, error)

    async def _forget_key(self, secret_id: SecretId) -> None:
        # Undoes a key stored for a provider that could not be saved; the save's error is the
        # one to report, so a failure here is only logged.
        try:
            await self._secrets.delete(secret_id)
        except Exception as error:
            logger.warning("The key of %r stayed in the keyring: %s", secret_id.owner, error)


def _find(providers: Iterable[ProviderSettings], name: str) -> ProviderSettings | None:
    key = _name_key(name)
    return next((p for p in providers if _name_key(p.name) == key), None)
