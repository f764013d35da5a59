"""Every tool setting's effective value, and the one way to change it.

Plain fields: the organisation's locked value, else the user's, else the organisation's
default. Secrets: the organisation's locked value, else the OS keyring; secrets have no
defaults. Saving skips locked fields, sends secrets to the keyring only and deletes them when
emptied. The registry, the selection UI, the settings dialog and the command line all read and
write through this service, so they always agree.
"""

from __future__ import annotations

import asyncio
import enum
import logging
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from pydantic import SecretStr

from studio.config.models import UserSettings
from studio.config.organization import OrganizationPolicy, setting_key
from studio.config.secrets import SecretId, SecretStore
from studio.config.store import LoadResult, SettingsStore
from studio.errors import ConfigError, SettingLockedError, UnknownSettingError
from studio.kernel.context import MASK, SettingsValues
from studio.kernel.definition import Component, SettingsField, ToolDefinition
from studio.kernel.policy import ConfidenceLevel
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage
from studio.tools.implementation import ToolImplementation
from studio.tools.setting_fields import ChoiceSetting, declared, option_problem, refused

__all__ = [
    "ConfigurationState",
    "FieldState",
    "ToolSettingsService",
    "ValueSource",
    "field_value_problem",
    "option_value_problem",
]

logger = logging.getLogger(__name__)

_UNKNOWN_SETTING = QT_TRANSLATE_NOOP(
    "ToolSettings", "The tool {tool!r} has no setting {name!r}; its settings are: {known}."
)
_BELOW_ORGANIZATION = QT_TRANSLATE_NOOP(
    "ToolSettings",
    "Your organisation asks for at least {minimum} for {tool!r}; {level} is lower. Choose "
    "{minimum} or higher.",
)
_OVERRIDDEN = QT_TRANSLATE_NOOP(
    "ToolSettings",
    "Your settings file sets {names}, which your organisation manages, so Studio uses the "
    "organisation's values. Your own values stay in the file and return if the organisation "
    "stops managing them.",
)
_HIDDEN_VALUE_REFUSED = QT_TRANSLATE_NOOP(
    "ToolSettings", "The setting {name!r} holds a value it cannot use; the value is not shown."
)
_NOT_CHECKED = "The value could not be checked. See the logs for details."
_CHECK_FAILED = QT_TRANSLATE_NOOP(
    "ToolSettings", "The tool's settings could not be checked. See the logs for details."
)


class ValueSource(enum.Enum):
    """Where a field's effective value comes from."""

    ORGANIZATION_LOCKED = "organization-locked"
    USER = "user"
    ORGANIZATION_DEFAULT = "organization-default"
    KEYRING = "keyring"
    UNSET = "unset"


@dataclass(frozen=True, kw_only=True)
class FieldState:
    """One settings field as the dialog and the command line show it; never a secret value."""

    name: str
    spec: SettingsField
    required: bool
    value: str
    """The effective plain value; always "" for a secret, and for a plain value the
    organisation shipped encrypted."""
    has_value: bool
    source: ValueSource
    organization_default: str | None
    origin: str = ""
    """The policy behind a locked value or an organisation default, as the app names it."""
    hidden: bool = False
    """Whether the value is never shown: a secret, or a plain value the organisation shipped
    encrypted."""

    @property
    def locked(self) -> bool:
        """Whether the organisation manages this field."""
        return self.source == ValueSource.ORGANIZATION_LOCKED


@dataclass(frozen=True, kw_only=True)
class ConfigurationState:
    """Whether a tool's settings let it run, and if not, why."""

    missing_required_fields: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()
    """Every problem with the values that are set, in schema order, then the tool's problems of
    the whole configuration; its final check adds its message only when nothing else failed."""

    @property
    def message(self) -> str | None:
        """The first problem, when the required fields are all set."""
        return self.problems[0] if self.problems and not self.missing_required_fields else None

    @property
    def is_configured(self) -> bool:
        """True when the tool may be offered to a model."""
        return not self.missing_required_fields and not self.problems


class ToolSettingsService:
    """Reads and writes tool settings across the organisation, the user file and the keyring.

    Args:
        store: The user's settings file.
        secrets: Where secret values live.
        organization: What the organisation decides; nothing when None.
        loaded: The settings file as the caller has just read it from ``store``, so that
            start-up reads it once for every service; when None it is read now.
    """

    def __init__(
        self,
        store: SettingsStore,
        secrets: SecretStore,
        organization: OrganizationPolicy | None = None,
        *,
        loaded: LoadResult | None = None,
    ) -> None:
        self._store = store
        self._secrets = secrets
        self.organization = organization or OrganizationPolicy()
        if loaded is None:
            loaded = store.load()
        self._settings = loaded.settings
        self.load_notice = loaded.notice
        """What the user should be told about reading the settings file, if anything."""
        self._listeners: list[Callable[[], None]] = []
        # Each change copies the settings, saves the copy and keeps it; changes that overlapped
        # would each start from the same copy and the last to finish would drop the others.
        self._update_lock = asyncio.Lock()

    # Switches and levels; ``ids`` name a catalog entry: its own id and its members' ids.

    @property
    def tools_enabled(self) -> bool:
        """Whether tool calling is switched on at all."""
        return self.organization.tools_enabled

    def is_disabled_by_organization(self, ids: Iterable[str]) -> bool:
        """Whether the organisation switched off any of ``ids``.

        A policy that could not be read could have switched off any tool, so then all are.
        """
        organization = self.organization
        return organization.restricts_all_tools or any(
            tool_id in organization.disabled_tool_ids for tool_id in ids
        )

    def is_disabled_by_user(self, ids: Iterable[str]) -> bool:
        """Whether the user switched off any of ``ids``."""
        return any(tool_id in self._settings.tools.disabled_tool_ids for tool_id in ids)

    def is_tool_active(self, ids: Sequence[str]) -> bool:
        """Tools are on, and neither the organisation nor the user switched this one off."""
        return (
            self.tools_enabled
            and not self.is_disabled_by_organization(ids)
            and not self.is_disabled_by_user(ids)
        )

    async def set_tool_enabled(
        self, tool_id: str, enabled: bool, *, member_ids: Sequence[str] = ()
    ) -> None:
        """Switch a tool or collection on or off for this user.

        ``member_ids`` are a collection's tools: the organisation switching off any of them
        switches off the collection, and switching the collection on clears the user's
        switches of its members too.

        Raises:
            SettingLockedError: the organisation switched it off.
        """
        ids = {tool_id, *member_ids}
        if enabled and self.is_disabled_by_organization(ids):
            raise SettingLockedError(tool_id, "enabled")

        def change(settings: UserSettings) -> None:
            disabled = [i for i in settings.tools.disabled_tool_ids if i not in ids]
            settings.tools.disabled_tool_ids = disabled if enabled else [*disabled, tool_id]

        await self._update(change)

    # Chats with outside content; ``member_ids`` are a collection's tools, ``collection_id``
    # the collection a tool belongs to. An allowance of a collection covers its tools; a
    # collection counts as allowed when it is, or every one of its tools is. One tool's
    # allowance never reaches the other tools of its collection.

    def _organization_untrusted_allowances(self) -> frozenset[str]:
        organization = self.organization
        # A policy that could not be read could have allowed nothing, so nothing is.
        if organization.restricts_all_tools:
            return frozenset()
        return organization.allowed_in_untrusted_chat_tool_ids

    def _users_may_allow_in_untrusted_chats(self) -> bool:
        organization = self.organization
        return organization.users_may_allow_in_untrusted_chats and not (
            organization.restricts_all_tools
        )

    def _user_untrusted_allowances(self) -> frozenset[str]:
        if not self._users_may_allow_in_untrusted_chats():
            return frozenset()
        return frozenset(self._settings.tools.allowed_in_untrusted_chat_tool_ids)

    def _organization_allows(
        self, tool_id: str, member_ids: Sequence[str], collection_id: str | None = None
    ) -> bool:
        return _covered(
            self._organization_untrusted_allowances(), tool_id, member_ids, collection_id
        )

    def is_allowed_in_untrusted_chats(
        self, tool_id: str, member_ids: Sequence[str] = (), *, collection_id: str | None = None
    ) -> bool:
        """Whether ``tool_id`` runs without asking in chats that took in outside content.

        The organisation's allowance counts always; the user's only where the organisation
        lets users allow. Without either, such a chat asks before the tool sends data the
        model chose out of Studio or changes something.

        Args:
            tool_id: A tool or collection id.
            member_ids: For a collection, its tools.
            collection_id: For a tool in a collection, the collection, whose allowance
                covers the tool (the executor asks about the tool it calls).
        """
        allowed = self._organization_untrusted_allowances() | self._user_untrusted_allowances()
        return _covered(allowed, tool_id, member_ids, collection_id)

    def is_untrusted_chat_allowance_locked(
        self, tool_id: str, member_ids: Sequence[str] = ()
    ) -> bool:
        """Whether the organisation decides the allowance of ``tool_id`` in such chats.

        It does when it allows the tool itself, or when users may not allow tools there.
        """
        return not self._users_may_allow_in_untrusted_chats() or self._organization_allows(
            tool_id, member_ids
        )

    def untrusted_chat_allowance_origin(self, tool_id: str, member_ids: Sequence[str] = ()) -> str:
        """The label of the policy behind a locked allowance of ``tool_id``, or "".

        The policy that allows the tool, else the one that keeps users from allowing it.
        """
        organization = self.organization
        if self._organization_allows(tool_id, member_ids):
            for key in (tool_id, *member_ids):
                if origin := organization.origin(f"untrusted:{key}"):
                    return origin
        return organization.origin("untrusted_chats")

    async def set_allowed_in_untrusted_chats(
        self, tool_id: str, allowed: bool, *, member_ids: Sequence[str] = ()
    ) -> None:
        """Let a tool or collection run without asking in chats with outside content, or not.

        Asking again for a collection clears the user's allowances of its tools too, so that
        none of them keeps running without asking.

        Raises:
            SettingLockedError: the organisation decides it.
        """
        if self.is_untrusted_chat_allowance_locked(tool_id, member_ids):
            raise SettingLockedError(tool_id, "allowed in chats with outside content")
        ids = {tool_id, *member_ids}

        def change(settings: UserSettings) -> None:
            tools = settings.tools
            kept = [i for i in tools.allowed_in_untrusted_chat_tool_ids if i not in ids]
            tools.allowed_in_untrusted_chat_tool_ids = [*kept, tool_id] if allowed else kept

        await self._update(change)

    def minimum_confidence_of(self, tool_id: str) -> ConfidenceLevel | None:
        """The minimum the settings name for ``tool_id`` itself, or None when they name none.

        The organisation's level, unless users may raise it and this one asked for more; else
        the user's own.
        """
        organization = self.organization.minimum_confidence_by_tool_id.get(tool_id)
        own = self._settings.tools.minimum_confidence_by_tool_id.get(tool_id)
        if organization is None:
            return own
        if own is not None and tool_id in self.organization.minimum_confidence_raisable:
            # Users may ask for more than the organisation, never for less.
            return max(organization, own)
        return organization

    def minimum_confidence(self, ids: Sequence[str], own: ConfidenceLevel) -> ConfidenceLevel:
        """The lowest provider confidence the entry may run with.

        Where settings name the entry or any of its members, the highest of those levels
        applies; otherwise the entry's own minimum.
        """
        levels = [level for level in map(self.minimum_confidence_of, ids) if level is not None]
        return max(levels) if levels else own

    def is_minimum_confidence_locked(self, tool_id: str) -> bool:
        """Whether the organisation fixed the minimum confidence of ``tool_id``."""
        return (
            tool_id in self.organization.minimum_confidence_by_tool_id
            and tool_id not in self.organization.minimum_confidence_raisable
        )

    def organization_minimum_confidence(self, tool_id: str) -> ConfidenceLevel | None:
        """The least the organisation asks of ``tool_id``, if it asks anything."""
        return self.organization.minimum_confidence_by_tool_id.get(tool_id)

    async def set_minimum_confidence(self, tool_id: str, level: ConfidenceLevel | None) -> None:
        """Set (or with None, clear) the user's minimum confidence for a tool or collection.

        Where the organisation lets users raise its minimum, a lower level is refused.

        Raises:
            SettingLockedError: the organisation fixed it.
            ConfigError: the level is below the organisation's minimum.
        """
        if self.is_minimum_confidence_locked(tool_id):
            raise SettingLockedError(tool_id, "minimum confidence")
        floor = self.organization_minimum_confidence(tool_id)
        if floor is not None and level is not None and level < floor:
            raise ConfigError(
                _BELOW_ORGANIZATION, tool=tool_id, level=level.name, minimum=floor.name
            )

        def change(settings: UserSettings) -> None:
            levels = settings.tools.minimum_confidence_by_tool_id
            if level is None:
                levels.pop(tool_id, None)
            else:
                levels[tool_id] = level

        await self._update(change)

    def default_tool_ids(self, component: Component) -> tuple[str, ...]:
        """The tools selected when a new chat or assistant starts in ``component``."""
        own = self._settings.tools.default_tool_ids_by_component.get(component.value)
        if own is not None:
            return tuple(own)
        return tuple(self.organization.default_tool_ids_by_component.get(component.value, ()))

    async def set_default_tool_ids(self, component: Component, ids: Sequence[str]) -> None:
        """Save the user's default tools for ``component``."""
        await self._update(
            lambda s: s.tools.default_tool_ids_by_component.__setitem__(component.value, list(ids))
        )

    def overridden_by_organization(self) -> tuple[str, ...]:
        """What the user's file sets that the organisation manages, as ``"<tool>.<field>"``.

        A value edited into the file by hand cannot beat a lock; the organisation's value
        applies and the user's stays underneath.
        """
        organization = self.organization
        tools = self._settings.tools
        keys = [
            setting_key(tool_id, name)
            for tool_id, fields in tools.values.items()
            for name in fields
            if organization.is_locked(tool_id, name)
        ]
        keys += [
            f"{tool_id}.minimum_confidence"
            for tool_id, level in tools.minimum_confidence_by_tool_id.items()
            if self.is_minimum_confidence_locked(tool_id)
            or level < organization.minimum_confidence_by_tool_id.get(tool_id, level)
        ]
        if not self._users_may_allow_in_untrusted_chats():
            allowed = self._organization_untrusted_allowances()
            keys += [
                f"{tool_id}.allowed_in_untrusted_chats"
                for tool_id in tools.allowed_in_untrusted_chat_tool_ids
                if tool_id not in allowed
            ]
        return tuple(sorted(keys))

    @property
    def policy_notice(self) -> TranslatableMessage | None:
        """What to tell the user about values in their file the organisation overrides."""
        keys = self.overridden_by_organization()
        if not keys:
            return None
        return TranslatableMessage(_OVERRIDDEN, names=", ".join(repr(key) for key in keys))

    def origin(self, tool_id: str, name: str) -> str:
        """The policy a field's organisation value comes from, or "" (see :class:`FieldState`)."""
        return self.organization.origin(setting_key(tool_id, name))

    # Field values.

    def _plain_state(self, tool_id: str, name: str) -> tuple[str, ValueSource]:
        key = setting_key(tool_id, name)
        locked = self.organization.locked_tool_settings.get(key)
        if locked is None:
            # An encrypted value for a plain field: decrypted by the loader, locked like any.
            locked = self.organization.locked_tool_secrets.get(key)
        if locked is not None:
            return locked, ValueSource.ORGANIZATION_LOCKED
        own = self._settings.tools.values.get(tool_id, {}).get(name)
        if own is not None:
            return own, ValueSource.USER
        default = self.organization.default_tool_settings.get(key)
        if default is not None:
            return default, ValueSource.ORGANIZATION_DEFAULT
        return "", ValueSource.UNSET

    async def _secret(self, tool_id: str, name: str) -> tuple[SecretStr | None, ValueSource]:
        key = setting_key(tool_id, name)
        locked = self.organization.locked_tool_secrets.get(key)
        if locked is not None:
            return SecretStr(locked) if locked else None, ValueSource.ORGANIZATION_LOCKED
        if key in self.organization.locked_tool_settings:
            # A secret locked as plain text is refused (the policy check says so): the field
            # stays locked and empty, and the user's own keyring entry is not used either. As a
            # default it is only ignored: secrets have no defaults, and the user's own applies.
            return None, ValueSource.ORGANIZATION_LOCKED
        stored = await self._secrets.get(SecretId.tool_setting(tool_id, name))
        return stored, ValueSource.KEYRING if stored else ValueSource.UNSET

    async def field_states(self, definition: ToolDefinition) -> list[FieldState]:
        """Every settings field of a tool, in schema order, without secret values."""
        states = []
        schema = definition.settings_schema
        for name, spec in schema.properties.items():
            if spec.secret:
                secret, source = await self._secret(definition.id, name)
                # A locked secret the loader could not decrypt is empty: locked, yet no value.
                value, has_value = "", bool(secret and secret.get_secret_value().strip())
            else:
                value, source = self._plain_state(definition.id, name)
                has_value = bool(value.strip())
                if setting_key(definition.id, name) in self.organization.locked_tool_secrets:
                    # The organisation encrypted this value on purpose: the tool gets it, no
                    # dialog or command shows it.
                    value = ""
            default_key = setting_key(definition.id, name)
            states.append(
                FieldState(
                    name=name,
                    spec=spec,
                    required=schema.is_required(name),
                    value=value,
                    has_value=has_value,
                    source=source,
                    organization_default=None
                    if spec.secret
                    else self.organization.default_tool_settings.get(default_key),
                    origin=self.organization.origin(default_key),
                    hidden=spec.secret or default_key in self.organization.locked_tool_secrets,
                )
            )
        return states

    async def effective_values(self, definition: ToolDefinition) -> SettingsValues:
        """The values a tool runs with, secrets included (handle with care, never log)."""
        values: dict[str, str] = {}
        for name, spec in definition.settings_schema.properties.items():
            if spec.secret:
                secret, _ = await self._secret(definition.id, name)
                values[name] = secret.get_secret_value() if secret else ""
            else:
                values[name] = self._plain_state(definition.id, name)[0]
        return SettingsValues(values, self._hidden(definition))

    def _hidden(self, definition: ToolDefinition) -> frozenset[str]:
        """The fields whose values are never shown or quoted.

        The secrets, and plain fields the organisation shipped encrypted.
        """
        encrypted = self.organization.locked_tool_secrets
        return frozenset(
            name
            for name, spec in definition.settings_schema.properties.items()
            if spec.secret or setting_key(definition.id, name) in encrypted
        )

    async def configuration_state(
        self,
        definition: ToolDefinition,
        implementation: ToolImplementation,
        *,
        unsaved: Mapping[str, str] | None = None,
    ) -> ConfigurationState:
        """Whether the tool's settings let it run: required fields, each value, its own checks.

        Every missing field, every value that fails its field's checks and every problem of
        the whole configuration the tool reports (``configuration_problems``) are listed at
        once; the tool's final check (``validate_configuration``) runs only when those all pass.

        Args:
            definition: the tool whose settings are checked.
            implementation: the tool's implementation, for its own checks.
            unsaved: values not saved yet, by field name, checked in place of the effective
                ones; the settings dialog checks this way what saving would leave.
        """
        values = await self.effective_values(definition)
        schema = definition.settings_schema
        hidden = values.secret_fields
        if unsaved:
            values = SettingsValues({**values, **unsaved}, hidden)
        missing = tuple(name for name in schema.required if not values.value(name))
        problems = tuple(
            problem
            for name, spec in schema.properties.items()
            if (
                problem := field_value_problem(
                    name,
                    # A hidden value is judged like a secret: no message quotes it.
                    spec.model_copy(update={"secret": True}) if name in hidden else spec,
                    values.value(name),
                    implementation,
                )
            )
        )
        problems += self._whole_problems(definition, implementation, values, problems)
        if missing or problems:
            return ConfigurationState(missing_required_fields=missing, problems=problems)
        message: str | None
        try:
            message = await implementation.validate_configuration(values)
        except Exception as error:
            # A tool whose own check crashes must not run on settings nobody checked. The check
            # held the secrets and may have put one into its error (a URL with a key in it), so
            # the traceback is logged with every secret value masked.
            logger.error(
                "The configuration check of tool %r failed.\n%s",
                definition.id,
                _masked_traceback(error, values, hidden),
            )
            message = _CHECK_FAILED
        return ConfigurationState(problems=(message,) if message else ())

    def _whole_problems(
        self,
        definition: ToolDefinition,
        implementation: ToolImplementation,
        values: SettingsValues,
        known: tuple[str, ...],
    ) -> tuple[str, ...]:
        """The tool's problems of the whole configuration, without those already listed."""
        try:
            found = implementation.configuration_problems(values)
        except Exception as error:
            logger.error(
                "The configuration check of tool %r failed.\n%s",
                definition.id,
                _masked_traceback(error, values, values.secret_fields),
            )
            found = (_CHECK_FAILED,)
        listed = [str(problem) for problem in known]
        new: list[str] = []
        for problem in found:
            if str(problem) not in listed:
                listed.append(str(problem))
                new.append(problem)
        return tuple(new)

    def _require_field(self, definition: ToolDefinition, name: str) -> SettingsField:
        spec = definition.settings_schema.properties.get(name)
        if spec is None:
            known = ", ".join(definition.settings_schema.properties) or "none"
            raise UnknownSettingError(_UNKNOWN_SETTING, tool=definition.id, name=name, known=known)
        if self.organization.is_locked(definition.id, name):
            raise SettingLockedError(definition.id, name)
        return spec

    async def set_value(
        self,
        definition: ToolDefinition,
        name: str,
        value: str,
        *,
        implementation: ToolImplementation | None = None,
    ) -> None:
        """Save one field; an empty value clears it.

        The value is checked first, as :func:`field_value_problem` describes; with
        ``implementation``, the tool's own check of the field runs too.

        Raises:
            UnknownSettingError: the tool has no such field.
            SettingLockedError: the organisation manages it.
            ConfigError: the value does not fit the field; nothing is saved.
            SecretStoreError: a secret could not be stored in the keyring.
        """
        spec = self._require_field(definition, name)
        problem = field_value_problem(name, spec, value, implementation)
        if problem:
            raise ConfigError(problem)
        await self._write(definition.id, name, spec, value)
        self._notify()

    async def unset_value(self, definition: ToolDefinition, name: str) -> None:
        """Clear the user's value of one field (a secret is deleted from the keyring)."""
        await self.set_value(definition, name, "")

    async def save_values(
        self,
        definition: ToolDefinition,
        values: Mapping[str, str],
        *,
        implementation: ToolImplementation | None = None,
    ) -> None:
        """Save several fields at once, as the settings dialog does; locked fields are skipped.

        A secret field missing from ``values`` is left as it is: the dialog never shows a
        stored secret, so it only sends one the user typed or cleared. Each value is checked
        as in :meth:`set_value`.

        Raises:
            ConfigError: a value does not fit its field; nothing is saved.
            SecretStoreError: a secret could not be stored in the keyring.
        """
        writable = {
            name: spec
            for name, spec in definition.settings_schema.properties.items()
            if name in values and not self.organization.is_locked(definition.id, name)
        }
        for name, spec in writable.items():
            problem = field_value_problem(name, spec, values[name], implementation)
            if problem:
                raise ConfigError(problem)
        for name, spec in writable.items():
            await self._write(definition.id, name, spec, values[name])
        self._notify()

    async def _write(self, tool_id: str, name: str, spec: SettingsField, value: str) -> None:
        text = value.strip()
        if spec.secret:
            secret_id = SecretId.tool_setting(tool_id, name)
            if text:
                await self._secrets.set(secret_id, SecretStr(text))
            else:
                await self._secrets.delete(secret_id)
            return

        def change(settings: UserSettings) -> None:
            fields = settings.tools.values.setdefault(tool_id, {})
            if text:
                fields[name] = text
            else:
                fields.pop(name, None)
                if not fields:
                    settings.tools.values.pop(tool_id)

        await self._update(change, notify=False)

    # Persistence and change notification.

    def add_listener(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` after every change (the UI refreshes the selection)."""
        self._listeners.append(listener)

    def held_settings(self) -> UserSettings:
        """A copy of the settings as Studio holds them (to write back a file that broke)."""
        return self._settings.model_copy(deep=True)

    def adopt(self, settings: UserSettings) -> bool:
        """Take ``settings``, just read again from the file; tell the listeners if tools changed.

        Returns:
            Whether the tool settings differ from those held before.
        """
        changed = settings.tools != self._settings.tools
        self._settings = settings
        if changed:
            self._notify()
        return changed

    def _notify(self) -> None:
        for listener in self._listeners:
            listener()

    async def _update(self, change: Callable[[UserSettings], None], *, notify: bool = True) -> None:
        async with self._update_lock:
            # Other parts of the app write their own sections of the same file (the language,
            # for one), so the change starts from the file as it is now, not as it was read.
            current = await asyncio.to_thread(self._store.load)
            updated = current.settings.model_copy(deep=True)
            change(updated)
            await asyncio.to_thread(self._store.save, updated)
            self._settings = updated
        if notify:
            self._notify()


def _covered(
    allowed: frozenset[str], tool_id: str, member_ids: Sequence[str], collection_id: str | None
) -> bool:
    """Whether ``allowed`` names the tool, its collection, or every tool of a collection."""
    if tool_id in allowed or (collection_id is not None and collection_id in allowed):
        return True
    return bool(member_ids) and all(member in allowed for member in member_ids)


def _masked_traceback(
    error: Exception, values: SettingsValues, secret_fields: Iterable[str]
) -> str:
    text = "".join(traceback.format_exception(error))
    secrets = {values.get(name, "").strip() for name in secret_fields} - {""}
    # The longest first, so that a secret containing another is masked whole.
    for secret in sorted(secrets, key=len, reverse=True):
        text = text.replace(secret, MASK)
    return text


def option_value_problem(name: str, spec: SettingsField, value: str) -> TranslatableMessage | None:
    """Why ``value`` is not one of the field's options, or None when it is (or is empty).

    Stored values are checked too: they may predate the current list or come from an
    organisation's configuration.
    """
    if not value:
        return None
    setting = declared(name, spec)
    offered = setting.offered() if isinstance(setting, ChoiceSetting) else None
    if offered is None:
        return None
    return option_problem(name, offered, value, secret=spec.secret)


def field_value_problem(
    name: str,
    spec: SettingsField,
    value: str,
    implementation: ToolImplementation | None = None,
) -> str | None:
    """Why ``value`` cannot be kept in field ``name``, or None when it can (or is empty).

    The field's declaration judges it (:meth:`Setting.problem`: its choices, a whole number
    within its bounds, its own check); a field that only exists as data is judged by the
    declaration it amounts to (:func:`declared`). Then, for a plain field, the tool's own check
    (:meth:`ToolImplementation.setting_problem`). The message names the field, what is wrong
    and what would be valid; it never quotes a secret.
    """
    text = value.strip()
    if not text:
        return None
    setting = implementation.declared_settings.get(name) if implementation else None
    try:
        problem = (setting or declared(name, spec)).problem(text)
    except Exception:
        logger.exception("The check of setting %r failed.", name)
        return refused(name, _NOT_CHECKED)
    if problem and spec.secret and text in str(problem):
        # Whatever the field's check said, a secret's value is never repeated.
        return TranslatableMessage(_HIDDEN_VALUE_REFUSED, name=name)
    if problem or spec.secret or implementation is None:
        return problem
    try:
        own = implementation.setting_problem(name, text)
    except Exception:
        logger.exception("The check of setting %r failed.", name)
        own = _NOT_CHECKED
    return refused(name, own) if own else None
