"""The settings of ``web_search``: the schema, what each field means, and the checks.

The search backends come first, each in a group of its own, then what applies to every
search. No backend field is required, because any one backend is enough; "at least one is
configured" is therefore a check of :meth:`SearchSettings.read` rather than a required field.
The default language *is* required: without it many engines return nothing at all.

:meth:`SearchSettings.read` is both the configuration check (the settings dialog and
``studio tools list`` show its message) and the way a call reads its settings, so the two cannot
disagree. Its checks run in a fixed order and the first problem is reported. So that the
settings list every problem at once, :func:`configuration_problems` also reports how the fields
combine (no backend, the preference, safe search) while other fields are still missing.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import httpx

from studio.errors import ConfigError
from studio.kernel.definition import SettingsSchema
from studio.kernel.translatable import QT_TRANSLATE_NOOP
from studio.tools import options
from studio.tools.schema import SettingsBuilder
from studio.tools.settings import option_value_problem
from studio.tools.settings_values import read_positive_int, read_text
from studio.web.search import searxng
from studio.web.search.backend import (
    DEFAULT_LIMIT,
    MAX_LIMIT,
    BackendKind,
    SafeSearch,
    SearchBackend,
)
from studio.web.search.budget import (
    DEFAULT_MAX_TOTAL,
    DEFAULT_MIN_PER_RESULT,
    check_content_budget,
)
from studio.web.search.dispatch import SearchDispatcher, Strategy
from studio.web.search.errors import SearchConfigError

__all__ = [
    "ALL_PAGES_TIMEOUT_SECONDS",
    "BACKENDS",
    "BACKEND_STRATEGY",
    "DEFAULT_LANGUAGE",
    "DEFAULT_SAFE_SEARCH",
    "MAX_RESULTS",
    "MAX_TOTAL_CONTENT_CHARACTERS",
    "MIN_CONTENT_CHARACTERS_PER_RESULT",
    "NUMBERS",
    "PAGE_TIMEOUT_SECONDS",
    "PRIMARY_BACKEND",
    "SEARCH_TIMEOUT_SECONDS",
    "SEARXNG_BASE_URL",
    "SEARXNG_GROUP",
    "BackendSetup",
    "NumberField",
    "SearXNGSetup",
    "SearchSettings",
    "configured_backends",
    "field_problem",
    "settings_schema",
    "unfiltered_backends",
]

SEARXNG_GROUP = "searxng"
SEARXNG_BASE_URL = "searxng.baseUrl"
BACKEND_STRATEGY = "backendStrategy"
PRIMARY_BACKEND = "primaryBackend"
DEFAULT_LANGUAGE = "defaultLanguage"
DEFAULT_SAFE_SEARCH = "defaultSafeSearch"
MAX_RESULTS = "maxResults"
SEARCH_TIMEOUT_SECONDS = "searchTimeoutSeconds"
PAGE_TIMEOUT_SECONDS = "pageTimeoutSeconds"
ALL_PAGES_TIMEOUT_SECONDS = "allPagesRetrievalTimeoutSeconds"
MAX_TOTAL_CONTENT_CHARACTERS = "maxTotalContentCharacters"
MIN_CONTENT_CHARACTERS_PER_RESULT = "minContentCharactersPerResult"


@dataclass(frozen=True)
class NumberField:
    """A setting holding a positive whole number, with its default and maximum."""

    name: str
    default: int
    maximum: int


NUMBERS = (
    NumberField(MAX_RESULTS, DEFAULT_LIMIT, MAX_LIMIT),
    NumberField(SEARCH_TIMEOUT_SECONDS, int(searxng.DEFAULT_TIMEOUT), 240),
    NumberField(PAGE_TIMEOUT_SECONDS, 30, 60),
    NumberField(ALL_PAGES_TIMEOUT_SECONDS, 60, 120),
    NumberField(MAX_TOTAL_CONTENT_CHARACTERS, DEFAULT_MAX_TOTAL, 200_000),
    NumberField(MIN_CONTENT_CHARACTERS_PER_RESULT, DEFAULT_MIN_PER_RESULT, 10_000),
)
"""The numeric settings, in the order they are shown and checked."""


class BackendSetup(abc.ABC):
    """How one kind of search backend is configured, checked and created from the settings.

    Adding a backend means adding a subclass to :data:`BACKENDS` (and its fields to the
    schema); nothing else in the tool names a backend.
    """

    kind: BackendKind
    group: str
    """The settings group holding its fields."""
    address_field: str
    """The field whose value makes the backend count as configured."""
    filters_safe_search: bool
    """Whether it can apply a safe search policy; must match the backend's capabilities, which
    only exist once a backend has been created with a client."""

    def is_configured(self, values: Mapping[str, str]) -> bool:
        """Whether the user or the organisation set this backend up."""
        return bool(read_text(values, self.address_field))

    @abc.abstractmethod
    def problem(self, values: Mapping[str, str]) -> str | None:
        """Why the configured backend cannot be used, or None."""

    @abc.abstractmethod
    def create(
        self, values: Mapping[str, str], client: httpx.AsyncClient, timeout: float
    ) -> SearchBackend:
        """The backend, sending its requests with ``client`` within ``timeout`` seconds.

        Raises:
            SearchConfigError: The settings cannot be used (see :meth:`problem`).
        """


_CREDENTIALS_REFUSED = QT_TRANSLATE_NOOP(
    "WebSearchTool",
    "The SearXNG address must not hold a user name or password: the settings file is plain "
    "text, and Studio keeps secrets only in the system keyring. Enter the address without them, "
    "such as https://search.example.org.",
)
_NO_BACKEND = QT_TRANSLATE_NOOP(
    "WebSearchTool",
    "No search backend is configured. Enter the address of a SearXNG instance in '{field}'.",
)
_PREFERRED_MISSING = QT_TRANSLATE_NOOP(
    "WebSearchTool",
    "The preferred search backend {backend!r} is not configured. Configure it, or choose another "
    "one in '{field}'.",
)
_SPECIFIC_WITHOUT_PREFERRED = QT_TRANSLATE_NOOP(
    "WebSearchTool",
    "Searching with one specific backend needs a preferred backend in '{field}'.",
)
_SAFE_SEARCH_UNFILTERED = QT_TRANSLATE_NOOP(
    "WebSearchTool",
    "Safe search is set to {policy}, but no search backend that would be asked can filter its "
    "results. Configure one that can, or switch safe search off.",
)


class SearXNGSetup(BackendSetup):
    """A SearXNG instance, known by its address."""

    kind = BackendKind.SEARXNG
    group = SEARXNG_GROUP
    address_field = SEARXNG_BASE_URL
    # SearXNG passes every policy on as its safesearch parameter.
    filters_safe_search = True

    def problem(self, values: Mapping[str, str]) -> str | None:
        """Why the address cannot be used (see :func:`searxng.normalize_base_url`), or None.

        An address with a user name or password is refused: the settings file is plain text,
        and Studio keeps secrets only in the system keyring.
        """
        address = read_text(values, self.address_field)
        try:
            parts = urlsplit(address.strip())
            has_credentials = parts.username is not None or parts.password is not None
        except ValueError:
            has_credentials = False
        if has_credentials:
            return _CREDENTIALS_REFUSED
        try:
            searxng.normalize_base_url(address)
        except SearchConfigError as error:
            return error.as_message()
        return None

    def create(
        self, values: Mapping[str, str], client: httpx.AsyncClient, timeout: float
    ) -> SearchBackend:
        """The SearXNG client for the configured instance."""
        return searxng.SearXNGBackend(
            read_text(values, self.address_field), client, timeout=timeout
        )


BACKENDS: tuple[BackendSetup, ...] = (SearXNGSetup(),)
"""Every backend Studio can search with, in :class:`BackendKind` order."""


def configured_backends(values: Mapping[str, str]) -> tuple[BackendSetup, ...]:
    """The backends the settings set up, in :class:`BackendKind` order."""
    return tuple(backend for backend in BACKENDS if backend.is_configured(values))


def unfiltered_backends(values: Mapping[str, str]) -> tuple[BackendSetup, ...]:
    """The configured backends that a safe search policy other than OFF leaves out."""
    if read_text(values, DEFAULT_SAFE_SEARCH) in ("", SafeSearch.OFF.value):
        return ()
    return tuple(b for b in configured_backends(values) if not b.filters_safe_search)


def _bounds(name: str) -> dict[str, int]:
    maximum = next(number.maximum for number in NUMBERS if number.name == name)
    return {"minimum": 1, "maximum": maximum}


def field_problem(name: str, value: str) -> str | None:
    """Why ``value`` cannot be saved in field ``name`` on its own, or None.

    Only what one field decides alone is checked here (a backend's address); how fields
    combine is :meth:`SearchSettings.read`'s job.
    """
    for backend in BACKENDS:
        if name == backend.address_field and value.strip():
            return backend.problem({name: value})
    return None


def configuration_problems(values: Mapping[str, str]) -> tuple[str, ...]:
    """The problems of how the fields combine, each of them, whatever else is missing.

    A field that holds no valid value on its own is reported by the field checks; the
    combinations that depend on it are left out here rather than guessed.
    """
    backends = configured_backends(values)
    if not backends:
        return (SearchConfigError(_NO_BACKEND, field=SEARXNG_BASE_URL).as_message(),)
    if any(backend.problem(values) for backend in backends):
        return ()
    try:
        strategy = Strategy(read_text(values, BACKEND_STRATEGY) or Strategy.FAILOVER.value)
        preferred_name = read_text(values, PRIMARY_BACKEND)
        preferred = BackendKind[preferred_name] if preferred_name else None
        safe_search_name = read_text(values, DEFAULT_SAFE_SEARCH)
        safe_search = SafeSearch(safe_search_name) if safe_search_name else None
    except (KeyError, ValueError):
        return ()
    problems = []
    try:
        _check_preference(backends, strategy, preferred)
    except ConfigError as error:
        problems.append(error.as_message())
    try:
        _check_safe_search(backends, strategy, preferred, safe_search)
    except ConfigError as error:
        problems.append(error.as_message())
    return tuple(problems)


def settings_schema() -> SettingsSchema:
    """The settings: backend groups first, then what applies to every search."""
    return (
        SettingsBuilder()
        .group(SEARXNG_GROUP)
        .optional(SEARXNG_BASE_URL, "SearXNG address")
        .group("")
        .optional_choice(BACKEND_STRATEGY, options.WEB_SEARCH_BACKEND_STRATEGY, "Backend strategy")
        .optional_choice(PRIMARY_BACKEND, options.WEB_SEARCH_BACKENDS, "Preferred backend")
        .required_choice(DEFAULT_LANGUAGE, options.COMMON_LANGUAGES, "Default language")
        .optional_choice(DEFAULT_SAFE_SEARCH, options.SAFE_SEARCH, "Safe search")
        .optional_integer(MAX_RESULTS, "Results per search", **_bounds(MAX_RESULTS))
        .optional_integer(
            SEARCH_TIMEOUT_SECONDS, "Search timeout (seconds)", **_bounds(SEARCH_TIMEOUT_SECONDS)
        )
        .optional_integer(
            PAGE_TIMEOUT_SECONDS, "Page timeout (seconds)", **_bounds(PAGE_TIMEOUT_SECONDS)
        )
        .optional_integer(
            ALL_PAGES_TIMEOUT_SECONDS,
            "Timeout for all pages (seconds)",
            **_bounds(ALL_PAGES_TIMEOUT_SECONDS),
        )
        .optional_integer(
            MAX_TOTAL_CONTENT_CHARACTERS,
            "Total content characters",
            **_bounds(MAX_TOTAL_CONTENT_CHARACTERS),
        )
        .optional_integer(
            MIN_CONTENT_CHARACTERS_PER_RESULT,
            "Minimum content characters per result",
            **_bounds(MIN_CONTENT_CHARACTERS_PER_RESULT),
        )
        .build()
    )


@dataclass(frozen=True, kw_only=True)
class SearchSettings:
    """The settings of one search, read and checked."""

    backends: tuple[BackendSetup, ...]
    """The configured backends, at least one."""
    strategy: Strategy = Strategy.FAILOVER
    preferred: BackendKind | None = None
    language: str | None = None
    """The default language when the model names none."""
    safe_search: SafeSearch | None = None
    """None sends no policy, so each backend's own default applies."""
    max_results: int = DEFAULT_LIMIT
    search_timeout: int = int(searxng.DEFAULT_TIMEOUT)
    page_timeout: int = 30
    all_pages_timeout: int = 60
    max_total_characters: int = DEFAULT_MAX_TOTAL
    min_characters_per_result: int = DEFAULT_MIN_PER_RESULT
    values: Mapping[str, str] = field(default_factory=dict, repr=False, compare=False)
    """The values the backends are created from (future backends may hold secrets here)."""

    @classmethod
    def read(cls, values: Mapping[str, str]) -> SearchSettings:
        """Read and check the settings, in this order, stopping at the first problem.

        1. At least one backend is configured, and each configured one is valid.
        2. Every choice holds a value its option source still offers.
        3. The preferred backend is configured; ``SPECIFIC`` names one.
        4. A safe search policy other than OFF has a backend that can apply it (under
           ``SPECIFIC``, the preferred one itself).
        5. Every number is a positive integer within its maximum.
        6. The total content budget fits the minimum of every result of the largest search.

        Raises:
            ConfigError: The message names the setting and what to do.
        """
        backends = configured_backends(values)
        if not backends:
            raise SearchConfigError(_NO_BACKEND, field=SEARXNG_BASE_URL)
        for backend in backends:
            problem = backend.problem(values)
            if problem:
                raise SearchConfigError(problem)
        for name, spec in settings_schema().properties.items():
            problem = option_value_problem(name, spec, read_text(values, name))
            if problem:
                raise ConfigError(problem)
        strategy = Strategy(read_text(values, BACKEND_STRATEGY) or Strategy.FAILOVER.value)
        preferred_name = read_text(values, PRIMARY_BACKEND)
        preferred = BackendKind[preferred_name] if preferred_name else None
        _check_preference(backends, strategy, preferred)
        safe_search_name = read_text(values, DEFAULT_SAFE_SEARCH)
        safe_search = SafeSearch(safe_search_name) if safe_search_name else None
        _check_safe_search(backends, strategy, preferred, safe_search)
        numbers = {
            number.name: read_positive_int(
                values, number.name, default=number.default, maximum=number.maximum
            )
            for number in NUMBERS
        }
        check_content_budget(
            numbers[MAX_TOTAL_CONTENT_CHARACTERS], numbers[MIN_CONTENT_CHARACTERS_PER_RESULT]
        )
        return cls(
            backends=backends,
            strategy=strategy,
            preferred=preferred,
            language=read_text(values, DEFAULT_LANGUAGE) or None,
            safe_search=safe_search,
            max_results=numbers[MAX_RESULTS],
            search_timeout=numbers[SEARCH_TIMEOUT_SECONDS],
            page_timeout=numbers[PAGE_TIMEOUT_SECONDS],
            all_pages_timeout=numbers[ALL_PAGES_TIMEOUT_SECONDS],
            max_total_characters=numbers[MAX_TOTAL_CONTENT_CHARACTERS],
            min_characters_per_result=numbers[MIN_CONTENT_CHARACTERS_PER_RESULT],
            values=dict(values),
        )

    def dispatcher(self, client: httpx.AsyncClient) -> SearchDispatcher:
        """A dispatcher over the configured backends, which send with ``client``."""
        return SearchDispatcher(
            [backend.create(self.values, client, self.search_timeout) for backend in self.backends],
            strategy=self.strategy,
            preferred=self.preferred,
        )


def _check_preference(
    backends: tuple[BackendSetup, ...], strategy: Strategy, preferred: BackendKind | None
) -> None:
    if preferred is not None and preferred not in {backend.kind for backend in backends}:
        raise SearchConfigError(
            _PREFERRED_MISSING, backend=preferred.display_name, field=PRIMARY_BACKEND
        )
    if strategy is Strategy.SPECIFIC and preferred is None:
        raise SearchConfigError(_SPECIFIC_WITHOUT_PREFERRED, field=PRIMARY_BACKEND)


def _check_safe_search(
    backends: tuple[BackendSetup, ...],
    strategy: Strategy,
    preferred: BackendKind | None,
    safe_search: SafeSearch | None,
) -> None:
    if safe_search in (None, SafeSearch.OFF):
        return
    asked = [b for b in backends if strategy is not Strategy.SPECIFIC or b.kind is preferred]
    if not any(backend.filters_safe_search for backend in asked):
        raise SearchConfigError(_SAFE_SEARCH_UNFILTERED, policy=safe_search.value)
