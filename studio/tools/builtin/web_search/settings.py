"""The settings of ``web_search``: each field declared once, the backend it configures, the checks.

The search backend comes first, in a group of its own, then what applies to every search. The
backend's address is not a required field, so that adding a backend never makes another one's
field required; "a backend is configured" is therefore a check of :meth:`SearchSettings.read`
and of :func:`configuration_problems`. The default language *is* required: without it many
engines return nothing at all.

:meth:`SearchSettings.read` is both the configuration check (the settings dialog and
``studio tools list`` show its message) and the way a call reads its settings, so the two cannot
disagree.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import httpx

from studio.kernel.translatable import QT_TRANSLATE_NOOP
from studio.tools import options
from studio.tools.setting_fields import (
    ChoiceSetting,
    IntegerSetting,
    InvalidSettingValue,
    TextSetting,
    ToolSettings,
)
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
from studio.web.search.dispatch import SearchDispatcher
from studio.web.search.errors import SearchConfigError

__all__ = [
    "ALL_PAGES_TIMEOUT_SECONDS",
    "BACKENDS",
    "DEFAULT_LANGUAGE",
    "DEFAULT_SAFE_SEARCH",
    "MAX_RESULTS",
    "MAX_TOTAL_CONTENT_CHARACTERS",
    "MIN_CONTENT_CHARACTERS_PER_RESULT",
    "PAGE_TIMEOUT_SECONDS",
    "SEARCH_TIMEOUT_SECONDS",
    "SEARXNG_BASE_URL",
    "SEARXNG_GROUP",
    "SETTINGS",
    "BackendSetup",
    "SearXNGSetup",
    "SearchSettings",
    "configuration_problems",
    "configured_backends",
]

SEARXNG_GROUP = "searxng"

_CREDENTIALS_REFUSED = QT_TRANSLATE_NOOP(
    "WebSearchTool",
    "The SearXNG address must not hold a user name or password: the settings file is plain "
    "text, and Studio keeps secrets only in the system keyring. Enter the address without them, "
    "such as https://search.example.org.",
)


def _searxng_address_problem(address: str) -> str | None:
    """Why the SearXNG address cannot be used (see :func:`searxng.normalize_base_url`), or None.

    An address with a user name or password is refused: the settings file is plain text, and
    Studio keeps secrets only in the system keyring.
    """
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


SEARXNG_BASE_URL = TextSetting(
    name="searxng.baseUrl",
    label=QT_TRANSLATE_NOOP("WebSearchTool", "SearXNG address"),
    help=QT_TRANSLATE_NOOP(
        "WebSearchTool",
        "The address of your SearXNG instance, such as http://localhost:8888. Its JSON format "
        "must be switched on.",
    ),
    group=SEARXNG_GROUP,
    check=_searxng_address_problem,
)
DEFAULT_LANGUAGE = ChoiceSetting(
    name="defaultLanguage",
    label=QT_TRANSLATE_NOOP("WebSearchTool", "Default language"),
    help=QT_TRANSLATE_NOOP(
        "WebSearchTool",
        "The language of the results when the model names none. Without a language many "
        "search engines return nothing.",
    ),
    source=options.COMMON_LANGUAGES,
    required=True,
)
DEFAULT_SAFE_SEARCH = ChoiceSetting(
    name="defaultSafeSearch",
    label=QT_TRANSLATE_NOOP("WebSearchTool", "Safe search"),
    help=QT_TRANSLATE_NOOP(
        "WebSearchTool",
        "How strictly adult content is filtered out; empty leaves it to the search engines.",
    ),
    source=options.SAFE_SEARCH,
)
MAX_RESULTS = IntegerSetting(
    name="maxResults",
    label=QT_TRANSLATE_NOOP("WebSearchTool", "Results per search"),
    help=QT_TRANSLATE_NOOP(
        "WebSearchTool", "How many results a search returns when the model does not say."
    ),
    default=DEFAULT_LIMIT,
    maximum=MAX_LIMIT,
)
SEARCH_TIMEOUT_SECONDS = IntegerSetting(
    name="searchTimeoutSeconds",
    label=QT_TRANSLATE_NOOP("WebSearchTool", "Search timeout (seconds)"),
    help=QT_TRANSLATE_NOOP("WebSearchTool", "How long the search engines may take to answer."),
    default=int(searxng.DEFAULT_TIMEOUT),
    maximum=240,
)
PAGE_TIMEOUT_SECONDS = IntegerSetting(
    name="pageTimeoutSeconds",
    label=QT_TRANSLATE_NOOP("WebSearchTool", "Page timeout (seconds)"),
    help=QT_TRANSLATE_NOOP("WebSearchTool", "How long one result page may take to load."),
    default=30,
    maximum=60,
)
ALL_PAGES_TIMEOUT_SECONDS = IntegerSetting(
    name="allPagesRetrievalTimeoutSeconds",
    label=QT_TRANSLATE_NOOP("WebSearchTool", "Timeout for all pages (seconds)"),
    help=QT_TRANSLATE_NOOP(
        "WebSearchTool",
        "How long loading all result pages may take; pages still loading then are left out.",
    ),
    default=60,
    maximum=120,
)
MAX_TOTAL_CONTENT_CHARACTERS = IntegerSetting(
    name="maxTotalContentCharacters",
    label=QT_TRANSLATE_NOOP("WebSearchTool", "Total content characters"),
    help=QT_TRANSLATE_NOOP(
        "WebSearchTool",
        "How much page text one search returns, all pages together; at least 20 times the "
        "minimum per result.",
    ),
    default=DEFAULT_MAX_TOTAL,
    maximum=200_000,
)
MIN_CONTENT_CHARACTERS_PER_RESULT = IntegerSetting(
    name="minContentCharactersPerResult",
    label=QT_TRANSLATE_NOOP("WebSearchTool", "Minimum content characters per result"),
    help=QT_TRANSLATE_NOOP(
        "WebSearchTool",
        "How much text every result keeps while better-ranked pages take their share.",
    ),
    default=DEFAULT_MIN_PER_RESULT,
    maximum=10_000,
)
SETTINGS = ToolSettings(
    SEARXNG_BASE_URL,
    DEFAULT_LANGUAGE,
    DEFAULT_SAFE_SEARCH,
    MAX_RESULTS,
    SEARCH_TIMEOUT_SECONDS,
    PAGE_TIMEOUT_SECONDS,
    ALL_PAGES_TIMEOUT_SECONDS,
    MAX_TOTAL_CONTENT_CHARACTERS,
    MIN_CONTENT_CHARACTERS_PER_RESULT,
)
"""The settings, in the order they are shown and checked: the backend first."""


class BackendSetup(abc.ABC):
    """How one kind of search backend is configured, checked and created from the settings.

    Adding a backend means adding a subclass to :data:`BACKENDS` and its fields to
    :data:`SETTINGS`; nothing else in the tool names a backend.
    """

    kind: BackendKind
    address: TextSetting
    """The field whose value makes the backend count as configured; its check judges it."""

    def is_configured(self, values: Mapping[str, str]) -> bool:
        """Whether the user or the organisation set this backend up."""
        return bool(values.get(self.address.name, "").strip())

    @abc.abstractmethod
    def create(
        self, values: Mapping[str, str], client: httpx.AsyncClient, timeout: float
    ) -> SearchBackend:
        """The backend, sending its requests with ``client`` within ``timeout`` seconds.

        Raises:
            ConfigError: The settings cannot be used.
        """


_NO_BACKEND = QT_TRANSLATE_NOOP(
    "WebSearchTool",
    "No search backend is configured. Enter the address of a SearXNG instance in '{field}'.",
)


class SearXNGSetup(BackendSetup):
    """A SearXNG instance, known by its address."""

    kind = BackendKind.SEARXNG
    address = SEARXNG_BASE_URL

    def create(
        self, values: Mapping[str, str], client: httpx.AsyncClient, timeout: float
    ) -> SearchBackend:
        """The SearXNG client for the configured instance."""
        return searxng.SearXNGBackend(self.address.read(values), client, timeout=timeout)


BACKENDS: tuple[BackendSetup, ...] = (SearXNGSetup(),)
"""Every backend Studio can search with, in :class:`BackendKind` order."""


def configured_backends(values: Mapping[str, str]) -> tuple[BackendSetup, ...]:
    """The backends the settings set up, in :class:`BackendKind` order."""
    return tuple(backend for backend in BACKENDS if backend.is_configured(values))


def configuration_problems(values: Mapping[str, str]) -> tuple[str, ...]:
    """The problem of how the fields combine (no backend at all), whatever else is missing."""
    if not configured_backends(values):
        return (SearchConfigError(_NO_BACKEND, field=SEARXNG_BASE_URL.name).as_message(),)
    return ()


@dataclass(frozen=True, kw_only=True)
class SearchSettings:
    """The settings of one search, read and checked."""

    backend: BackendSetup
    """The configured backend."""
    language: str | None
    """The default language when the model names none."""
    safe_search: SafeSearch | None
    """None sends no policy, so the backend's own default applies."""
    max_results: int
    search_timeout: int
    page_timeout: int
    all_pages_timeout: int
    max_total_characters: int
    min_characters_per_result: int
    values: Mapping[str, str] = field(default_factory=dict, repr=False, compare=False)
    """The values the backend is created from (future backends may hold secrets here)."""

    @classmethod
    def read(cls, values: Mapping[str, str]) -> SearchSettings:
        """Read and check the settings, in this order, stopping at the first problem.

        1. A backend is configured.
        2. Every field holds a value its declaration accepts (a valid address, a choice still
           offered, a whole number within its bounds).
        3. The total content budget fits the minimum of every result of the largest search.

        Raises:
            ConfigError: The message names the setting and what to do.
        """
        backends = configured_backends(values)
        if not backends:
            raise SearchConfigError(_NO_BACKEND, field=SEARXNG_BASE_URL.name)
        for setting in SETTINGS:
            problem = setting.problem(values.get(setting.name, ""))
            if problem:
                raise InvalidSettingValue(setting.name, problem)
        safe_search = DEFAULT_SAFE_SEARCH.read(values)
        max_total = MAX_TOTAL_CONTENT_CHARACTERS.read(values)
        min_per_result = MIN_CONTENT_CHARACTERS_PER_RESULT.read(values)
        check_content_budget(max_total, min_per_result)
        return cls(
            backend=backends[0],
            language=DEFAULT_LANGUAGE.read(values) or None,
            safe_search=SafeSearch(safe_search) if safe_search else None,
            max_results=MAX_RESULTS.read(values),
            search_timeout=SEARCH_TIMEOUT_SECONDS.read(values),
            page_timeout=PAGE_TIMEOUT_SECONDS.read(values),
            all_pages_timeout=ALL_PAGES_TIMEOUT_SECONDS.read(values),
            max_total_characters=max_total,
            min_characters_per_result=min_per_result,
            values=dict(values),
        )

    def dispatcher(self, client: httpx.AsyncClient) -> SearchDispatcher:
        """A dispatcher over the configured backend, which sends with ``client``."""
        return SearchDispatcher(self.backend.create(self.values, client, self.search_timeout))
