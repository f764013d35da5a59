"""How a policy names its places: JSON pointers into a file and the keys of shipped secrets.

Kept apart from :mod:`~studio.config.policy.document`, so that what only needs a name (the
start-up notices, the tools' checks) does not build the policy's models.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["pointer", "provider_key"]


def pointer(parts: Iterable[int | str]) -> str:
    """The JSON pointer (RFC 6901) of a place in a policy: ``/settings/web_search.maxResults``.

    ``"/"`` is the whole document.
    """
    return "/" + "/".join(str(part).replace("~", "~0").replace("/", "~1") for part in parts)


def provider_key(name: str) -> str:
    """The key a provider's shipped API key is encrypted for: ``"providers.<name>.api_key"``."""
    return f"providers.{name}.api_key"
