"""Reading organisation policies and merging them into one :class:`OrganizationPolicy`.

A policy is used whole or not at all. It must be UTF-8 JSON of at most
:data:`~studio.config.policy.locations.MAX_POLICY_BYTES`, nested at most :data:`MAX_DEPTH`
levels, holding at most :data:`MAX_VALUES` values, with no key twice in one object and no NaN
or Infinity, and it must fit :class:`~studio.config.policy.document.PolicyDocument`. Every
problem is reported at once with its place (the first :data:`MAX_PROBLEMS` of them). A policy
that fails any of this is not read half-way: none of it applies, and because it could have
switched any tool off, every tool is off until it is fixed. What else it could have decided
is then decided the strict way, unless a policy of a higher tier decided it: no preview
features, no trusted providers, the strictest outbound restriction.

The policies in force merge per key: the first in precedence (a higher tier, then a higher
priority, then the order the locations list them) wins. A key is one setting
(``"<tool id>.<field>"``), one tool's minimum confidence (with the ``users_may_raise`` of the
policy that set it), one place's default tools, one provider by name, or one switch
(``tools_enabled``, ``preview_features``, the outbound restriction,
``untrusted_chats.users_may_allow``). ``trusted_providers`` is one list: the first policy that
has one decides it whole. ``disabled_tools`` is additive: a tool any policy switches off is
off. The tools a policy lets run without asking in chats with outside content
(``untrusted_chats.allowed_tools``) are additive too; a policy that could not be read allows
none there and lets no user allow one, whatever the other policies say. Shipped secrets are
decrypted here and kept in memory only; one that does not decrypt leaves its field locked and
empty.
"""

from __future__ import annotations

import codecs
import json
import logging
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import pydantic
from pydantic import SecretStr

from studio.config import json_text
from studio.config.managed_providers import KeyMode
from studio.config.organization import OrganizationPolicy, PolicyProblem, PolicySource
from studio.config.policy.encryption import PolicySecretError, decrypt, is_encrypted
from studio.config.policy.keys import pointer, provider_key
from studio.config.policy.locations import (
    MAX_POLICY_BYTES,
    DeliveredSecret,
    PolicyText,
    Tier,
    policy_secret,
    policy_texts,
    read_file_text,
)
from studio.config.providers import ManagedProvider, ProviderSettings
from studio.kernel.policy import ConfidenceLevel, OutboundDataRestriction
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage

if TYPE_CHECKING:
    # The models are built on the first policy there is to read: most machines have none, and
    # every start would pay for them.
    from studio.config.policy.document import PolicyDocument, PolicyProvider

__all__ = [
    "MAX_DEPTH",
    "MAX_PROBLEMS",
    "MAX_VALUES",
    "ParsedPolicy",
    "load_policy",
    "merge",
    "parse",
    "read_file",
]

logger = logging.getLogger(__name__)

MAX_DEPTH = 16
"""How deeply a policy may nest; a real one uses four levels."""
MAX_PROBLEMS = 50
"""How many problems of one policy are listed; the rest are counted."""
MAX_VALUES = 20_000
"""How many values (objects, arrays, strings, numbers...) a policy may hold; a real one holds
some hundreds. It bounds the time spent checking one, whatever it holds."""

_NOT_UTF8 = QT_TRANSLATE_NOOP(
    "PolicyLoader", "the policy is not UTF-8 text (the bytes at offset {offset} are not)"
)
_TOO_DEEP = QT_TRANSLATE_NOOP("PolicyLoader", "the policy nests more than {limit} levels deep")
_TOO_MANY_VALUES = QT_TRANSLATE_NOOP(
    "PolicyLoader", "the policy holds more than {limit} values, which no policy needs"
)
_NOT_CHECKED = QT_TRANSLATE_NOOP(
    "PolicyLoader", "the policy could not be checked; see the log for details"
)
_NOT_JSON = QT_TRANSLATE_NOOP("PolicyLoader", "the policy is not JSON: {error}")
_DUPLICATE = QT_TRANSLATE_NOOP(
    "PolicyLoader", "the key {key!r} appears more than once in the same object"
)
_NOT_A_NUMBER = QT_TRANSLATE_NOOP(
    "PolicyLoader", "{constant} is not a JSON number; write a number or a string"
)
_NOT_AN_OBJECT = QT_TRANSLATE_NOOP("PolicyLoader", "a policy must be a JSON object")
_MORE_PROBLEMS = QT_TRANSLATE_NOOP("PolicyLoader", "and {count} more problems")
_PLAIN_SECRET = QT_TRANSLATE_NOOP(
    "PolicyLoader",
    "the API key of provider {name!r} is not encrypted, so it was refused; ship it as an "
    "ENC:v1: value (`studio policy encrypt`) or leave it out so each user enters their own",
)
_SECRET_DEFAULT = QT_TRANSLATE_NOOP(
    "PolicyLoader", "{key!r} holds an encrypted value, which is always locked, not a default"
)
_SAME_ID = QT_TRANSLATE_NOOP(
    "PolicyLoader", "another policy already has the id {policy_id!r} ({other}); ids must differ"
)
_NOT_DELIVERED = QT_TRANSLATE_NOOP("PolicyLoader", "the policy secret: {problem}")
_NOT_DECRYPTED = QT_TRANSLATE_NOOP(
    "PolicyLoader", "the value of {key!r} could not be decrypted ({error})"
)
_NOT_READABLE = QT_TRANSLATE_NOOP("PolicyLoader", "the policy could not be read")
_TRUSTED_NOT_SHIPPED = QT_TRANSLATE_NOOP(
    "PolicyLoader",
    "{name!r} is listed as trusted, but no policy ships a provider of that name; only providers "
    "a policy ships can be trusted",
)


@dataclass(frozen=True, kw_only=True)
class ParsedPolicy:
    """One policy read and checked: its document when valid, else its problems."""

    text: PolicyText
    document: PolicyDocument | None
    problems: tuple[PolicyProblem, ...] = ()

    @property
    def source(self) -> PolicySource:
        """What the app lists about it."""
        document = self.document
        return PolicySource(
            place=self.text.place,
            tier=int(self.text.tier),
            policy_id=document.id if document else "",
            priority=document.priority if document else 0,
            in_force=document is not None,
        )


def _error_pointer(location: Iterable[int | str]) -> str:
    """The JSON pointer of a pydantic error location ("/" for the whole file).

    A refused key of an object is pointed at by its own name (pydantic adds ``[key]``).
    """
    return pointer(part for part in location if part != "[key]")


class _DuplicateKeyError(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _DuplicateKeyError(key)
        seen[key] = value
    return seen


class _ConstantError(ValueError):
    def __init__(self, constant: str) -> None:
        super().__init__(constant)
        self.constant = constant


def _refuse_constant(constant: str) -> object:
    raise _ConstantError(constant)


def _problem(
    text: PolicyText, message: TranslatableMessage | str, where: str = ""
) -> PolicyProblem:
    return PolicyProblem(place=text.place, where=where, message=message)


def _shape_problem(value: object) -> TranslatableMessage | None:
    """Why ``value`` is too deep or too large to check, or None.

    Walked without recursion and counting every visit, so managed preferences whose lists
    share or contain themselves (a binary property list can say so) end the walk too.
    """
    pending: list[tuple[object, int]] = [(value, 1)]
    count = 0
    while pending:
        item, depth = pending.pop()
        count += 1
        if count > MAX_VALUES:
            return TranslatableMessage(_TOO_MANY_VALUES, limit=MAX_VALUES)
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                return TranslatableMessage(_TOO_DEEP, limit=MAX_DEPTH)
            children = item.values() if isinstance(item, dict) else item
            if count + len(children) > MAX_VALUES:
                return TranslatableMessage(_TOO_MANY_VALUES, limit=MAX_VALUES)
            pending += [(child, depth + 1) for child in children]
    return None


def _data(text: PolicyText) -> tuple[object, tuple[PolicyProblem, ...]]:
    """The JSON value a policy holds, or the one reason it holds none."""
    if text.problem is not None:
        return None, (_problem(text, text.problem),)
    if text.content is None:
        data, problem = text.value, None
    else:
        data, problem = _json(text, text.content)
    if problem is None and (shape := _shape_problem(data)) is not None:
        problem = _problem(text, shape)
    return (None, (problem,)) if problem is not None else (data, ())


def _json(text: PolicyText, content: bytes) -> tuple[object, PolicyProblem | None]:
    """The value the bytes of a policy hold as JSON, or why they hold none."""
    if len(content) > MAX_POLICY_BYTES:
        return None, _problem(text, _NOT_READABLE)
    # A byte order mark is accepted (editors on Windows write one); offsets count it.
    start = len(codecs.BOM_UTF8) if content.startswith(codecs.BOM_UTF8) else 0
    try:
        decoded = content[start:].decode("utf-8")
    except UnicodeDecodeError as error:
        offset = start + error.start
        return None, _problem(text, TranslatableMessage(_NOT_UTF8, offset=offset))
    if json_text.nesting_depth(decoded) > MAX_DEPTH:
        return None, _problem(text, TranslatableMessage(_TOO_DEEP, limit=MAX_DEPTH))
    try:
        return json.loads(
            decoded, object_pairs_hook=_unique_object, parse_constant=_refuse_constant
        ), None
    except _DuplicateKeyError as error:
        message = TranslatableMessage(_DUPLICATE, key=error.key)
    except _ConstantError as error:
        message = TranslatableMessage(_NOT_A_NUMBER, constant=error.constant)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        return None, _problem(text, TranslatableMessage(_NOT_JSON, error=error.msg), where)
    except (ValueError, RecursionError) as error:
        message = TranslatableMessage(_NOT_JSON, error=type(error).__name__)
    return None, _problem(text, message)


def parse(text: PolicyText) -> ParsedPolicy:
    """Check one policy whole: every problem at once, each with its place."""
    data, problems = _data(text)
    if problems:
        return ParsedPolicy(text=text, document=None, problems=problems)
    if not isinstance(data, dict):
        return ParsedPolicy(
            text=text, document=None, problems=(_problem(text, _NOT_AN_OBJECT, "/"),)
        )
    try:
        from studio.config.policy.document import PolicyDocument

        document = PolicyDocument.model_validate(data)
    except pydantic.ValidationError as error:
        errors = error.errors(include_url=False, include_input=False)
        found = [
            _problem(text, item["msg"], _error_pointer(item["loc"]))
            for item in errors[:MAX_PROBLEMS]
        ]
        if len(errors) > MAX_PROBLEMS:
            rest = TranslatableMessage(_MORE_PROBLEMS, count=len(errors) - MAX_PROBLEMS)
            found.append(_problem(text, rest))
        return ParsedPolicy(text=text, document=None, problems=tuple(found))
    except Exception as error:
        # A check that fails in an unforeseen way must not stop Studio, nor let the policy
        # pass: it counts as broken. Only the kind of error is logged, never the values.
        logger.error(
            "Organisation policy %s could not be checked: %s", text.place, type(error).__name__
        )
        return ParsedPolicy(text=text, document=None, problems=(_problem(text, _NOT_CHECKED),))
    return ParsedPolicy(text=text, document=document)


def read_file(path: Path) -> ParsedPolicy:
    """Read and check one policy file, as ``studio policy check FILE`` does."""
    return parse(read_file_text(path, Tier.ENVIRONMENT))


class _Merger:
    """Takes the policies in precedence order; the first to decide a key keeps it."""

    def __init__(self, secret: DeliveredSecret) -> None:
        self.secret = secret
        self.tools_enabled: bool | None = None
        self.disabled: set[str] = set()
        self.untrusted_allowed: set[str] = set()
        self.users_may_allow: bool | None = None
        self.confidence: dict[str, ConfidenceLevel] = {}
        self.raisable: set[str] = set()
        self.locked: dict[str, str] = {}
        self.locked_secrets: dict[str, str] = {}
        self.defaults: dict[str, str] = {}
        self.default_tools: dict[str, tuple[str, ...]] = {}
        self.trusted: set[str] | None = None
        self.providers: dict[str, ManagedProvider] = {}
        self.preview: bool | None = None
        self.outbound: OutboundDataRestriction | None = None
        self.origins: dict[str, str] = {}
        self.tiers: dict[str, int] = {}
        """Per decision, the tier of the policy that made it."""
        self.warnings: list[PolicyProblem] = []
        self._tier = 0

    def _claim(self, key: str, label: str) -> bool:
        if key in self.origins:
            return False
        self.origins[key] = label
        self.tiers[key] = self._tier
        return True

    def _decrypt(self, place: str, where: str, key: str, value: str) -> str:
        try:
            return decrypt(value, secret=self.secret.value, key=key)
        except PolicySecretError as error:
            message = (
                TranslatableMessage(error.template, **error.values)
                if error.template
                else error.args[0]
            )
            self.warnings.append(PolicyProblem.warning(place, where, message))
            logger.warning("Organisation policy %s, %s: %s", place, where, error)
            return ""
        except Exception as error:
            # Whatever else fails leaves the value undecrypted like a wrong secret would;
            # only the kind of error is logged, never the value.
            message = TranslatableMessage(_NOT_DECRYPTED, key=key, error=type(error).__name__)
            self.warnings.append(PolicyProblem.warning(place, where, message))
            logger.warning("Organisation policy %s, %s: %s", place, where, message)
            return ""

    def add(self, document: PolicyDocument, source: PolicySource) -> None:
        self._tier = source.tier
        self._switches(document, source.label)
        self._settings(document, source.place, source.label)
        self._providers(document, source.place, source.label)

    def _switches(self, document: PolicyDocument, label: str) -> None:
        if document.tools_enabled is not None and self._claim("tools_enabled", label):
            self.tools_enabled = document.tools_enabled
        for tool_id in document.disabled_tools or ():
            self.disabled.add(tool_id)
            self.origins.setdefault(f"disabled:{tool_id}", label)
        self._untrusted_chats(document, label)
        if document.minimum_confidence is not None:
            for tool_id, level in document.minimum_confidence.levels.items():
                if self._claim(f"confidence:{tool_id}", label):
                    self.confidence[tool_id] = level
                    if document.minimum_confidence.users_may_raise:
                        self.raisable.add(tool_id)
        if document.preview_features is not None and self._claim("preview_features", label):
            self.preview = document.preview_features
        if document.outbound_restriction is not None and self._claim("outbound", label):
            self.outbound = document.outbound_restriction
        for component, ids in (document.default_tools or {}).items():
            if self._claim(f"defaults:{component.value}", label):
                self.default_tools[component.value] = tuple(ids)

    def _untrusted_chats(self, document: PolicyDocument, label: str) -> None:
        rules = document.untrusted_chats
        if rules is None:
            return
        for tool_id in rules.allowed_tools:
            self.untrusted_allowed.add(tool_id)
            self.origins.setdefault(f"untrusted:{tool_id}", label)
        if rules.users_may_allow is not None and self._claim("untrusted_chats", label):
            self.users_may_allow = rules.users_may_allow

    def strict_untrusted_chats(self, label: str) -> None:
        """Allow nothing in chats with outside content, as a broken policy of any tier must.

        It could have said that users may not allow, so they may not; and it could have
        switched any tool off, so the allowances of the other policies are dropped too.
        """
        self.untrusted_allowed = set()
        self.users_may_allow = False
        for key in [key for key in self.origins if key.startswith("untrusted:")]:
            del self.origins[key]
        self.origins["untrusted_chats"] = label

    def _settings(self, document: PolicyDocument, place: str, label: str) -> None:
        from studio.config.policy.document import SettingMode

        for key, rule in (document.settings or {}).items():
            if not self._claim(key, label):
                continue
            where = pointer(("settings", key, "value"))
            if isinstance(rule.value, str) and is_encrypted(rule.value):
                if rule.mode is SettingMode.DEFAULT:
                    self.warnings.append(
                        PolicyProblem.warning(
                            place, where, TranslatableMessage(_SECRET_DEFAULT, key=key)
                        )
                    )
                self.locked_secrets[key] = self._decrypt(place, where, key, rule.value)
            elif rule.mode is SettingMode.LOCKED:
                self.locked[key] = rule.text
            else:
                self.defaults[key] = rule.text

    def strict_beneath(self, tier: int, label: str) -> None:
        """Decide the strict way what a broken policy of ``tier`` could have decided.

        Every tool is off already; only a decision of a policy in a higher tier stands.
        """
        keys = {"preview_features", "outbound", "trusted_providers"}
        for key in [key for key in keys if self.tiers.get(key, -1) <= tier]:
            self.origins[key], self.tiers[key] = label, tier
            if key == "preview_features":
                self.preview = False
            elif key == "outbound":
                self.outbound = OutboundDataRestriction.ONLY_CONFIGURED_SERVICES
            else:
                self.trusted = set()
                for name in [name for name in self.origins if name.startswith("trusted:")]:
                    del self.origins[name]

    def _providers(self, document: PolicyDocument, place: str, label: str) -> None:
        if document.trusted_providers is not None and self._claim("trusted_providers", label):
            self.trusted = set(document.trusted_providers)
            for name in document.trusted_providers:
                self.origins.setdefault(f"trusted:{name}", label)
        for index, provider in enumerate(document.providers or ()):
            if not self._claim(f"provider:{provider.name.casefold()}", label):
                continue
            self.providers[provider.name.casefold()] = self._provider(
                provider, place, pointer(("providers", index, "api_key")), label
            )

    def warn_trusted_not_shipped(self) -> None:
        """Warn of each trusted name no policy in force ships a provider of.

        Only a shipped provider can be trusted (:func:`~studio.config.providers.is_trusted`):
        a user could give their own provider any name, so such a name trusts nothing.
        """
        for name in sorted(self.trusted or ()):
            if name.casefold() in self.providers:
                continue
            place = self.origins.get(f"trusted:{name}") or self.origins.get("trusted_providers", "")
            message = TranslatableMessage(_TRUSTED_NOT_SHIPPED, name=name)
            self.warnings.append(PolicyProblem.warning(place, "/trusted_providers", message))
            logger.warning("Organisation policy %s: %s", place, message)

    def _provider(
        self, provider: PolicyProvider, place: str, where: str, label: str
    ) -> ManagedProvider:
        settings = ProviderSettings.model_validate(provider.model_dump(exclude={"api_key"}))
        if provider.api_key is None:
            return ManagedProvider(settings=settings, key_mode=KeyMode.EACH_USER, origin=label)
        if not is_encrypted(provider.api_key):
            message = TranslatableMessage(_PLAIN_SECRET, name=provider.name)
            self.warnings.append(PolicyProblem.warning(place, where, message))
            logger.warning("Organisation policy %s, %s: %s", place, where, message)
            return ManagedProvider(settings=settings, key_mode=KeyMode.REFUSED, origin=label)
        key = self._decrypt(place, where, provider_key(provider.name), provider.api_key)
        if not key:
            return ManagedProvider(settings=settings, key_mode=KeyMode.REFUSED, origin=label)
        return ManagedProvider(
            settings=settings, key_mode=KeyMode.SHIPPED, api_key=SecretStr(key), origin=label
        )


def _repeated_ids(ranked: Sequence[ParsedPolicy]) -> list[PolicyProblem]:
    """A warning for each policy whose id an earlier one already has."""
    first: dict[str, str] = {}
    found = []
    for item in ranked:
        assert item.document is not None
        policy_id = item.document.id
        if policy_id in first:
            message = TranslatableMessage(_SAME_ID, policy_id=policy_id, other=first[policy_id])
            found.append(PolicyProblem.warning(item.text.place, "/id", message))
        first.setdefault(policy_id, item.text.place)
    return found


def merge(
    parsed: Sequence[ParsedPolicy], secret: DeliveredSecret | None = None
) -> OrganizationPolicy:
    """One decision from ``parsed`` (in the order the locations list them).

    Valid policies apply in precedence order; a policy that is not valid applies not at all,
    and makes every tool switched off (:attr:`OrganizationPolicy.restricts_all_tools`).
    """
    secret = secret or DeliveredSecret()
    # A stable sort, so equal precedence keeps the order the locations list them.
    ranked = sorted(
        (item for item in parsed if item.document is not None),
        key=lambda item: item.source.precedence,
        reverse=True,
    )
    merger = _Merger(secret)
    problems: list[PolicyProblem] = [p for item in parsed for p in item.problems]
    problems += _repeated_ids(ranked)
    for item in ranked:
        assert item.document is not None
        merger.add(item.document, item.source)
    uses_secret = any(key for key in merger.locked_secrets) or any(
        p.key_mode is not KeyMode.EACH_USER for p in merger.providers.values()
    )
    if secret.problem is not None and uses_secret:
        problems.append(
            PolicyProblem.warning(
                secret.place or "policy secret",
                "",
                TranslatableMessage(_NOT_DELIVERED, problem=secret.problem),
            )
        )
    broken = [item for item in parsed if item.document is None]
    if broken:
        merger.strict_beneath(max(item.text.tier for item in broken), broken[0].source.label)
        merger.strict_untrusted_chats(broken[0].source.label)
    merger.warn_trusted_not_shipped()
    for problem in problems:
        if problem.fatal:
            logger.error("Organisation policy %s", problem)
    return OrganizationPolicy(
        tools_enabled=merger.tools_enabled if merger.tools_enabled is not None else True,
        disabled_tool_ids=frozenset(merger.disabled),
        restricts_all_tools=bool(broken),
        allowed_in_untrusted_chat_tool_ids=frozenset(merger.untrusted_allowed),
        users_may_allow_in_untrusted_chats=merger.users_may_allow is not False,
        minimum_confidence_by_tool_id=MappingProxyType(merger.confidence),
        minimum_confidence_raisable=frozenset(merger.raisable),
        locked_tool_settings=MappingProxyType(merger.locked),
        locked_tool_secrets=MappingProxyType(merger.locked_secrets),
        default_tool_settings=MappingProxyType(merger.defaults),
        default_tool_ids_by_component=MappingProxyType(merger.default_tools),
        trusted_provider_names=frozenset(merger.trusted or ()),
        providers=tuple(merger.providers.values()),
        preview_features=merger.preview,
        # The strictest level is 0, so "is None", never "or": it must not read as unset.
        minimum_outbound_restriction=OrganizationPolicy().minimum_outbound_restriction
        if merger.outbound is None
        else merger.outbound,
        origins=MappingProxyType(merger.origins),
        sources=tuple(item.source for item in parsed),
        problems=(*problems, *merger.warnings),
    )


def load_policy(
    environ: Mapping[str, str] | None = None,
    *,
    platform: str = sys.platform,
    root: Path = Path("/"),
) -> OrganizationPolicy:
    """Every policy on this system, read, checked and merged; an empty policy when there is none."""
    environ = os.environ if environ is None else environ
    texts = policy_texts(environ, platform=platform, root=root)
    if not texts:
        return OrganizationPolicy()
    parsed = [parse(text) for text in texts]
    return merge(parsed, policy_secret(environ, platform=platform, root=root))
